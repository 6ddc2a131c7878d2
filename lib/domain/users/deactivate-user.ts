/** Deactivating and reactivating a user (DESIGN.md 6.4): nothing is deleted; audited. */
import { and, eq, isNull } from 'drizzle-orm';
import { userInvitations, userSessions, users } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import type { Role } from '@/lib/domain/scopes';
import { withTransaction } from '@/lib/domain/transaction';
import { assertWithinCreator } from './create-user';
import { lockManageableUser } from './queries';
import { assertNotSelf } from './update-user';
import { clearPrincipalCache } from '@/lib/domain/api-tokens/tokens';

/**
 * Deactivates a user: no more sign-ins, every session ended now (the user is signed out at its next
 * request), open invitations revoked. Deactivating twice is not an error; the first is audited.
 */
export async function deactivateUser({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<{ id: string; endedSessions: number }> {
  assertNotSelf(ctx, input.id, 'deactivate');
  return withTransaction(ctx, async (tx) => {
    // The user's dashboard sessions see the change at their next request (lib/auth/session.ts).
    tx.afterCommit(clearPrincipalCache);
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
    // The user's dashboard sessions see the change at their next request (lib/auth/session.ts).
    tx.afterCommit(clearPrincipalCache);
    const user = await lockManageableUser(tx, input.id);
    if (!user.disabledAt) return { id: user.id };
    // The role may give scopes the actor lacks, or companies outside its own: the same limits as granting.
    assertWithinCreator(tx, user.role as Role, user.allCompanies ? 'all' : user.companyIds);
    await tx.db.update(users).set({ disabledAt: null }).where(eq(users.id, user.id));
    await auditChange(tx, { action: 'user.reactivated', subject: { type: 'user', id: user.id } });
    return { id: user.id };
  });
}
