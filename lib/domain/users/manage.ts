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
import { and, arrayContained, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { companies, userInvitations, userSessions, users } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import type { Ctx, Principal } from '@/lib/domain/context';
import { userUrl, type User } from '@/lib/domain/contract/management';
import { DomainError, notFound } from '@/lib/domain/errors';
import { ROLES, type Role } from '@/lib/domain/scopes';
import { withTransaction } from '@/lib/domain/transaction';
import { assertWithinCreator, isRole } from './create-user';

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

/** The User representation of a listed (or just invited) user. */
export function userRepresentation(user: UserListItem): User {
  return {
    id: user.id,
    object: 'user',
    url: userUrl(user.id),
    email: user.email,
    name: user.name,
    role: user.role,
    allCompanies: user.companyIds === 'all',
    companyIds: user.companyIds === 'all' ? [] : user.companyIds,
    status: user.status,
    invitationExpiresAt: user.invitationExpiresAt,
    createdAt: user.createdAt,
  };
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

function assertNotSelf(ctx: Ctx, id: string, what: string): void {
  if (ctx.actor.type === 'user' && ctx.actor.id === id) {
    throw new DomainError('invalidState', `You cannot ${what} your own account; ask another admin.`);
  }
}

export interface UpdateUserInput {
  id: string;
  role?: string;
  companyIds?: readonly string[] | 'all';
}

/**
 * Changes a user's role and/or companies. The new values are within the actor's (the role's scopes
 * among its own, companies among its own, "all" only from a tenant-wide actor); an admin cannot
 * change its own role or companies. Takes effect at the user's next request.
 */
export async function updateUser({ ctx, input }: { ctx: Ctx; input: UpdateUserInput }): Promise<UserListItem> {
  if (input.role !== undefined && !isRole(input.role)) {
    throw new DomainError('invalidValue', `Unknown role "${input.role}"; expected one of ${ROLES.join(', ')}.`, { pointer: '/role' });
  }
  assertNotSelf(ctx, input.id, 'change the role or companies of');
  return withTransaction(ctx, async (tx) => {
    const user = await lockManageableUser(tx, input.id);
    const role = (input.role ?? user.role) as Role;
    const companyIds = input.companyIds === undefined ? (user.allCompanies ? 'all' : user.companyIds) : input.companyIds === 'all' ? 'all' : [...new Set(input.companyIds)];
    assertWithinCreator(tx, role, companyIds);
    if (companyIds !== 'all') {
      const known = companyIds.length
        ? await tx.db
            .select({ id: companies.id })
            .from(companies)
            .where(and(eq(companies.tenantId, ctx.tenantId), inArray(companies.id, companyIds), isNull(companies.deletedAt)))
        : [];
      const found = new Set(known.map((r) => r.id));
      const missing = companyIds.filter((id) => !found.has(id));
      if (missing.length) throw new DomainError('notFound', `Unknown company id(s) for this tenant: ${missing.join(', ')}.`, { pointer: '/companyIds' });
    }
    const before = { role: user.role, companyIds: user.allCompanies ? 'all' : user.companyIds };
    await tx.db
      .update(users)
      .set({ role, allCompanies: companyIds === 'all', companyIds: companyIds === 'all' ? [] : companyIds })
      .where(eq(users.id, user.id));
    await auditChange(tx, { action: 'user.updated', subject: { type: 'user', id: user.id }, data: { before, after: { role, companyIds } } });
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      role,
      companyIds,
      status: userStatus({ disabledAt: user.disabledAt, hasPassword: user.passwordHash !== null }),
      createdAt: user.createdAt.toISOString(),
      invitationExpiresAt: null,
    };
  });
}

/**
 * Deactivates a user: no more sign-ins, every session ended now (the user is signed out at its next
 * request), open invitations revoked. Deactivating twice is not an error; the first is audited.
 */
export async function deactivateUser({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<{ id: string; endedSessions: number }> {
  assertNotSelf(ctx, input.id, 'deactivate');
  return withTransaction(ctx, async (tx) => {
    const user = await lockManageableUser(tx, input.id);
    if (user.disabledAt) return { id: user.id, endedSessions: 0 };
    const now = new Date();
    await tx.db.update(users).set({ disabledAt: now }).where(eq(users.id, user.id));
    const ended = await tx.db
      .update(userSessions)
      .set({ endedAt: now })
      .where(and(eq(userSessions.userId, user.id), isNull(userSessions.endedAt)))
      .returning({ id: userSessions.id });
    await tx.db
      .update(userInvitations)
      .set({ revokedAt: now })
      .where(and(eq(userInvitations.userId, user.id), isNull(userInvitations.usedAt), isNull(userInvitations.revokedAt)));
    await auditChange(tx, { action: 'user.deactivated', subject: { type: 'user', id: user.id }, data: { endedSessions: ended.length } });
    return { id: user.id, endedSessions: ended.length };
  });
}

/** Lets a deactivated user sign in again (an invited one needs a new invitation: resendInvitation). */
export async function reactivateUser({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<{ id: string }> {
  return withTransaction(ctx, async (tx) => {
    const user = await lockManageableUser(tx, input.id);
    if (!user.disabledAt) return { id: user.id };
    // The role may give scopes the actor lacks, or companies outside its own: the same limits as granting.
    assertWithinCreator(tx, user.role as Role, user.allCompanies ? 'all' : user.companyIds);
    await tx.db.update(users).set({ disabledAt: null }).where(eq(users.id, user.id));
    await auditChange(tx, { action: 'user.reactivated', subject: { type: 'user', id: user.id } });
    return { id: user.id };
  });
}

export interface ChangeUserInput {
  id: string;
  role?: string;
  companyIds?: readonly string[] | 'all';
  /** false deactivates, true reactivates; absent leaves it. */
  isActive?: boolean;
}

/**
 * `PATCH /api/v2/users/{id}`: role and companies (updateUser), then deactivation or reactivation,
 * in one transaction (all or nothing); answers the user as it is then. Each part keeps its own rules
 * and audit entry; a body that changes nothing answers the user unchanged and writes nothing.
 */
export async function changeUser({ ctx, input }: { ctx: Ctx; input: ChangeUserInput }): Promise<User> {
  return withTransaction(ctx, async (tx) => {
    if (input.role !== undefined || input.companyIds !== undefined) await updateUser({ ctx: tx, input: { id: input.id, role: input.role, companyIds: input.companyIds } });
    if (input.isActive === false) await deactivateUser({ ctx: tx, input: { id: input.id } });
    if (input.isActive === true) await reactivateUser({ ctx: tx, input: { id: input.id } });
    return getUser(tx, input.id);
  });
}
