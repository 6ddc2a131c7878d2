/**
 * Unlocking sign-in (issue 26, finding 3): a user whom the guesses of others locked out
 * (lib/auth/sign-in-guard.ts) asks for a link by e-mail, or an admin unlocks a colleague. Either
 * adds one to the user's `sign_in_epoch`: every attempt count starts afresh, and every unlock link
 * sent before stops working (so a link works once).
 *
 * The link carries no row of its own: `<userId>.<expires>.<mac>`, where the MAC (a key derived
 * from the encryption key) covers the user, the epoch and the expiry. Asking for a link answers the same
 * whether the e-mail has an account or not.
 */
import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import { makeCtx, systemPrincipal, type Ctx } from '@/lib/domain/context';
import { queueMessage } from '@/lib/domain/outbox/message-queue';
import { withTransaction } from '@/lib/domain/transaction';
import { keyedDigest, sealSecret } from '@/lib/secrets';
import { lockManageableUser } from './queries';

/** How long an e-mailed unlock link works. */
export const UNLOCK_LINK_TTL_MS = 60 * 60_000;

const mac = (userId: string, epoch: number, expires: number) => keyedDigest('sign-in-unlock', `${userId}|${epoch}|${expires}`);

export function unlockToken(userId: string, epoch: number, expires: number): string {
  return `${userId}.${expires}.${mac(userId, epoch, expires)}`;
}

/** The user an unlock token is for, while it is valid (not expired, not used, user active); else null. */
export async function userOfUnlockToken(db: Db, token: string, now = Date.now()) {
  const match = /^([0-9a-f-]{36})\.(\d{10,16})\.([0-9a-f]{64})$/.exec(token);
  if (!match) return null;
  const [, userId, expiresText, given] = match;
  const expires = Number(expiresText);
  if (expires <= now) return null;
  const [user] = await db
    .select({ id: users.id, tenantId: users.tenantId, email: users.email, epoch: users.signInEpoch })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.disabledAt)));
  if (!user) return null;
  const expected = Buffer.from(mac(user.id, user.epoch, expires));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? user : null;
}

/**
 * Sends an unlock link to `email` when it belongs to an active user; nothing otherwise. The
 * message counts against the hourly limits per recipient (lib/domain/outbox/message-limits.ts): 429 past them.
 */
export async function requestSignInUnlock(db: Db, email: string, now = Date.now()): Promise<void> {
  const [user] = await db
    .select({ id: users.id, tenantId: users.tenantId, email: users.email, epoch: users.signInEpoch })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.disabledAt)));
  if (!user) return;
  const expires = now + UNLOCK_LINK_TTL_MS;
  await queueMessage(
    db,
    { tenantId: user.tenantId, channel: 'email', to: user.email, template: 'signInUnlock', data: { userId: user.id, link: sealSecret(unlockToken(user.id, user.epoch, expires)), expiresAt: new Date(expires).toISOString() } },
    { limited: true },
  );
}

/** Uses an unlock link: the counts start afresh and the link stops working. Null for a link that does not (any more). */
export async function applySignInUnlock(db: Db, token: string): Promise<{ userId: string } | null> {
  const user = await userOfUnlockToken(db, token);
  if (!user) return null;
  const ctx = makeCtx(systemPrincipal('unlock link', { tenantId: user.tenantId, companyIds: [] }, new Set()), db);
  return withTransaction(ctx, async (tx) => {
    // Only from the epoch the link was made for: of two uses at once, one wins.
    const [bumped] = await tx.db
      .update(users)
      .set({ signInEpoch: sql`${users.signInEpoch} + 1` })
      .where(and(eq(users.id, user.id), eq(users.signInEpoch, user.epoch)))
      .returning({ id: users.id });
    if (!bumped) return null;
    await auditChange(tx, { action: 'user.signIn.unlocked', subject: { type: 'user', id: user.id }, data: { by: 'e-mailed link' } });
    return { userId: user.id };
  });
}

/** An admin unlocks a colleague's sign-in (within the admin's companies, as every user change). */
export async function unlockUserSignIn({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<{ id: string }> {
  return withTransaction(ctx, async (tx) => {
    const user = await lockManageableUser(tx, input.id);
    await tx.db.update(users).set({ signInEpoch: sql`${users.signInEpoch} + 1` }).where(eq(users.id, user.id));
    await auditChange(tx, { action: 'user.signIn.unlocked', subject: { type: 'user', id: user.id }, data: { by: 'admin' } });
    return { id: user.id };
  });
}
