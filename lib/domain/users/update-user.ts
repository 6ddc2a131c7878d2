/** Changing a user's role and companies (DESIGN.md 6.4), within the actor's own; audited. */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { companies, users } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import { DomainError } from '@/lib/domain/errors';
import { ROLES, type Role } from '@/lib/domain/scopes';
import { withTransaction } from '@/lib/domain/transaction';
import { assertWithinCreator, isRole } from './create-user';
import { lockManageableUser, userStatus, type UserListItem } from './queries';
import { clearPrincipalCache } from '@/lib/domain/api-tokens/tokens';

/** An admin does not lock itself out: 409 invalidState for a change of its own account. */
export function assertNotSelf(ctx: Ctx, id: string, what: string): void {
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
    // The user's dashboard sessions see the change at their next request (lib/auth/session.ts).
    tx.afterCommit(clearPrincipalCache);
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
      invitationMessage: null,
      invitationLinkAvailable: false,
    };
  });
}
