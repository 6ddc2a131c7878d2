/**
 * Managing the dashboard users of a tenant (DESIGN.md 6.4): list, change role and companies,
 * deactivate and reactivate. Admins only (the page refuses others; these operations check the
 * scopes a role gives against the actor's, like createUser). A tenant-wide admin manages every user
 * of its tenant; an admin limited to some companies only users limited to companies among its own,
 * never an "all companies" user: any other user answers exactly like a missing one (404).
 *
 * Deactivation ends every session of the user in its transaction (user_sessions), so a signed-in
 * user is signed out at the next request, on every instance (lib/auth/session.ts reads the row),
 * and revokes the user's open invitations. Nothing is deleted. Each change is audited (`user.*`).
 */
import { and, arrayContained, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { users } from '@/lib/db/schema';
import type { Actor, Ctx, Principal } from '@/lib/domain/context';
import type { User } from '@/lib/domain/contract/management';
import { notFound } from '@/lib/domain/errors';
import type { Role } from '@/lib/domain/scopes';
import { userRepresentation } from './serialize';

export type UserStatus = 'invited' | 'active' | 'deactivated';

export interface UserListItem {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  companyIds: string[] | 'all';
  status: UserStatus;
  createdAt: string;
  /** When the newest open invitation expires (invited users). */
  invitationExpiresAt: string | null;
  /** The e-mail of that invitation as it stands: queued, sent, or failed and why (invited users). */
  invitationMessage: InvitationMessageState | null;
  /**
   * The principal sent that invitation, its e-mail failed and its link was not shown yet: the
   * principal may get the link once (invitations.ts showInvitationLink).
   */
  invitationLinkAvailable: boolean;
}

export interface InvitationMessageState {
  status: 'queued' | 'sent' | 'failed';
  lastError: string | null;
  sentAt: string | null;
}

interface OpenInvitationRow {
  expiresAt: string;
  sentByActor: boolean;
  linkShownAt: string | null;
  message: { status: InvitationMessageState['status']; lastError: string | null; sentAt: string | null } | null;
}

/** The users a principal manages (see the head of this file). */
export function manageableUser(principal: Pick<Principal, 'tenantId' | 'companyIds' | 'allCompanies'>): SQL {
  if (principal.allCompanies) return eq(users.tenantId, principal.tenantId);
  return and(eq(users.tenantId, principal.tenantId), eq(users.allCompanies, false), arrayContained(users.companyIds, principal.companyIds))!;
}

export function userStatus(row: { disabledAt: Date | null; hasPassword: boolean }): UserStatus {
  if (row.disabledAt) return 'deactivated';
  return row.hasPassword ? 'active' : 'invited';
}

/** The users the principal manages: active and invited first, then deactivated; by e-mail. */
export function listUsers(ctx: Ctx): Promise<UserListItem[]> {
  return usersWhere(ctx, manageableUser(ctx));
}

/** A user the principal manages, as the API shows it; 404 for any other (missing, foreign, beyond its companies). */
export async function getUser(ctx: Ctx, id: string): Promise<User> {
  const [user] = await usersWhere(ctx, and(eq(users.id, id), manageableUser(ctx))!);
  if (!user) throw notFound('User');
  return userRepresentation(user);
}

/**
 * The invitation (its columns given) was sent by the actor: a dashboard user is its
 * `created_by_user_id`; an API token is the actor of its `user.invited` audit entry; the system
 * (CLI) never. The columns are qualified SQL: a sub-select's own columns would shadow bare names.
 */
export function sentByActor(actor: Actor, invitation: { id: SQL; userId: SQL; tenantId: SQL; createdBy: SQL }): SQL {
  if (actor.type === 'user') return sql`(${invitation.createdBy} is not distinct from ${actor.id})`;
  if (actor.type === 'token')
    return sql`exists (select 1 from audit_events a where a.tenant_id = ${invitation.tenantId} and a.subject_type = 'user' and a.subject_id = ${invitation.userId}
      and a.action = 'user.invited' and a.data->>'invitationId' = ${invitation.id} and a.actor_token_id = ${actor.id})`;
  return sql`false`;
}

async function usersWhere(ctx: Ctx, where: SQL): Promise<UserListItem[]> {
  // The newest open invitation (not a password reset) and the newest message of it. Qualified by
  // hand: drizzle leaves the columns of a one-table select unqualified.
  const openInvitation = sql<OpenInvitationRow | string | null>`(
    select json_build_object(
      'expiresAt', to_char(ui.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'sentByActor', ${sentByActor(ctx.actor, { id: sql`ui.id`, userId: sql`ui.user_id`, tenantId: sql`ui.tenant_id`, createdBy: sql`ui.created_by_user_id` })},
      'linkShownAt', ui.link_shown_at,
      'message', (select json_build_object('status', m.status, 'lastError', m.last_error,
          'sentAt', to_char(m.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        from messages m where m.invitation_id = ui.id order by m.created_at desc, m.id desc limit 1))
    from user_invitations ui
    where ui.user_id = "users"."id" and ui.purpose = 'invitation' and ui.used_at is null and ui.revoked_at is null
    order by ui.created_at desc, ui.id desc limit 1
  )`;
  const rows = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      allCompanies: users.allCompanies,
      companyIds: users.companyIds,
      disabledAt: users.disabledAt,
      // Whether a password is set, never the hash.
      hasPassword: sql<boolean>`${users.passwordHash} is not null`.mapWith(Boolean),
      createdAt: users.createdAt,
      openInvitation,
    })
    .from(users)
    .where(where)
    .orderBy(sql`${users.disabledAt} is not null`, asc(users.email), desc(users.createdAt));
  return rows.map((row) => {
    const parsed = typeof row.openInvitation === 'string' ? (JSON.parse(row.openInvitation) as OpenInvitationRow) : row.openInvitation;
    const invitation = !row.hasPassword && !row.disabledAt ? parsed : null;
    const message = invitation?.message ?? null;
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role as Role,
      companyIds: row.allCompanies ? 'all' : row.companyIds,
      status: userStatus(row),
      createdAt: row.createdAt.toISOString(),
      invitationExpiresAt: invitation?.expiresAt ?? null,
      invitationMessage: message,
      invitationLinkAvailable: Boolean(
        invitation?.sentByActor && !invitation.linkShownAt && message?.status === 'failed' && Date.parse(invitation.expiresAt) > Date.now(),
      ),
    };
  });
}

/** The row of a user the principal manages, locked for the change; 404 otherwise. */
export async function lockManageableUser(ctx: Ctx, id: string) {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), manageableUser(ctx)))
    .for('update');
  if (!user) throw notFound('User');
  return user;
}
