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
import type { Ctx, Principal } from '@/lib/domain/context';
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

async function usersWhere(ctx: Ctx, where: SQL): Promise<UserListItem[]> {
  // Qualified by hand: drizzle leaves the columns of a one-table select unqualified.
  const openInvitation = sql<number | null>`(
    select (extract(epoch from max(ui.expires_at)) * 1000)::float8 from user_invitations ui
    where ui.user_id = "users"."id" and ui.used_at is null and ui.revoked_at is null
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
      invitationExpiresAt: openInvitation,
    })
    .from(users)
    .where(where)
    .orderBy(sql`${users.disabledAt} is not null`, asc(users.email), desc(users.createdAt));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as Role,
    companyIds: row.allCompanies ? 'all' : row.companyIds,
    status: userStatus(row),
    createdAt: row.createdAt.toISOString(),
    invitationExpiresAt: !row.hasPassword && !row.disabledAt && row.invitationExpiresAt ? new Date(Number(row.invitationExpiresAt)).toISOString() : null,
  }));
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
