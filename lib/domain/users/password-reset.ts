/**
 * Password reset (issue 29): "Forgot password?" on the sign-in page e-mails a one-time link
 * `${publicUrl()}/reset-password/<token>` to an active user with a password. It is the invitation
 * machinery (invitations.ts) with `purpose = 'passwordReset'`: 32 random bytes stored hashed (and
 * sealed for the renderer), valid for one hour and once, revoked by a newer one. Setting the new
 * password (the password rules of invitations) ends every session of the user and unlocks sign-in
 * (the attempt counts start afresh, lib/auth/sign-in-guard.ts). Asking answers the same whether or
 * not the address has an account; the route limits it per e-mail and per client address, and the
 * message counts against the hourly limits per recipient. Audited: `user.passwordReset.requested`
 * (by the system actor `password reset`) and `user.passwordReset` (by the user).
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { userSessions, users } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import { makeCtx, systemPrincipal } from '@/lib/domain/context';
import { withTransaction } from '@/lib/domain/transaction';
import { issueOneTimeLink, oneTimeLinkByToken, redeemOneTimeLink, type InvitationGoneReason, type InvitationView } from './invitations';
import { clearPrincipalCache } from '@/lib/domain/api-tokens/tokens';

export const PASSWORD_RESET_TTL_MS = 60 * 60_000;

export const RESET_GONE_DETAIL: Record<InvitationGoneReason, string> = {
  used: 'This password reset link has already been used. Sign in with your new password, or ask for a new link.',
  expired: 'This password reset link has expired: links work for one hour. Ask for a new one on the sign-in page.',
  revoked: 'This password reset link is no longer valid: a newer one was sent, or the account was deactivated. Use the newest link, or ask for a new one.',
};

/**
 * E-mails a reset link to `email` when it is an active user's with a password; nothing otherwise
 * (an invited user sets a first password through the invitation). Over the messages' hourly limit
 * per recipient it throws the 429 DomainError, which the route swallows so the answer stays the same.
 */
export async function requestPasswordReset(db: Db, email: string): Promise<void> {
  const [user] = await db
    .select({ id: users.id, tenantId: users.tenantId, email: users.email })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.disabledAt), isNotNull(users.passwordHash)));
  if (!user) return;
  const ctx = makeCtx(systemPrincipal('password reset', { tenantId: user.tenantId, companyIds: [] }, new Set()), db);
  await withTransaction(ctx, async (tx) => {
    const link = await issueOneTimeLink(tx, user, { purpose: 'passwordReset', ttlMs: PASSWORD_RESET_TTL_MS, limited: true });
    await auditChange(tx, { action: 'user.passwordReset.requested', subject: { type: 'user', id: user.id }, data: { invitationId: link.invitationId } });
  });
}

/** What the reset page shows for a token; null for a token that never existed. */
export const passwordResetByToken = (db: Db, token: string): Promise<InvitationView | null> => oneTimeLinkByToken(db, token, 'passwordReset');

/**
 * Sets the new password with a reset link and uses the link up; ends every session of the user and
 * unlocks its sign-in, in one transaction. 404 for an unknown token; InvitationGone (410 where
 * served) for a used, expired or revoked one; 400 at `/password` for a password the rules refuse.
 */
export async function resetPassword(db: Db, input: { token: string; password: string }): Promise<{ userId: string; email: string; endedSessions: number }> {
  const reset = await redeemOneTimeLink(db, { ...input, purpose: 'passwordReset', gone: RESET_GONE_DETAIL }, async (tx, row) => {
    const now = new Date();
    const ended = await tx.db
      .update(userSessions)
      .set({ endedAt: now })
      .where(and(eq(userSessions.userId, row.userId), isNull(userSessions.endedAt)))
      .returning({ id: userSessions.id });
    await tx.db.update(users).set({ signInEpoch: sql`${users.signInEpoch} + 1` }).where(eq(users.id, row.userId));
    await auditChange(tx, { action: 'user.passwordReset', subject: { type: 'user', id: row.userId }, data: { invitationId: row.id, endedSessions: ended.length } });
    return { userId: row.userId, email: row.email, endedSessions: ended.length };
  });
  // Committed: the ended sessions stop at once in this process too (lib/auth/session.ts keeps principals 5 s).
  clearPrincipalCache();
  return reset;
}
