/**
 * The zone a dashboard user's times are shown in (issue 29): `users.time_zone`, recorded from the
 * browser at sign-in while it is unset, and changed by the user (PUT /api/v2/me/timeZone, audited).
 * Only IANA names the runtime knows are stored, spelled as Intl spells them (./time-zone-schemas.ts).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import { makeCtx, type Ctx } from '@/lib/domain/context';
import type { UserTimeZone } from '@/lib/domain/contract/management';
import { DomainError } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';
import { timeZoneLabel } from '@/lib/format/time';
import { TimeZoneName, type SetTimeZoneBody } from './time-zone-schemas';
import { clearPrincipalCache } from '@/lib/domain/api-tokens/tokens';

export const userTimeZone = (timeZone: string): UserTimeZone => ({ object: 'timeZone', timeZone, label: timeZoneLabel(timeZone) });

/** The signed-in user's id; the zone is a user's own, so a token (no user) cannot have one. */
function userOf(ctx: Ctx): string {
  if (ctx.actor.type !== 'user') throw new DomainError('insufficientScope', 'The time zone is a dashboard user\'s own setting: only a signed-in user changes it, never an API token.');
  return ctx.actor.id;
}

/** Sets the signed-in user's zone; an audit entry `user.timeZoneChanged` when it changes. */
export async function setUserTimeZone({ ctx, input }: { ctx: Ctx; input: SetTimeZoneBody }): Promise<UserTimeZone> {
  const userId = userOf(ctx);
  return withTransaction(ctx, async (tx) => {
    // The user's dashboard sessions see the change at their next request (lib/auth/session.ts).
    tx.afterCommit(clearPrincipalCache);
    const [user] = await tx.db
      .select({ timeZone: users.timeZone })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.tenantId, tx.tenantId), isNull(users.disabledAt)))
      .for('update');
    if (!user) throw new DomainError('unauthenticated', 'The signed-in user no longer exists or is deactivated.');
    if (user.timeZone !== input.timeZone) {
      await tx.db.update(users).set({ timeZone: input.timeZone }).where(eq(users.id, userId));
      await auditChange(tx, { action: 'user.timeZoneChanged', subject: { type: 'user', id: userId }, data: { before: user.timeZone, after: input.timeZone } });
    }
    return userTimeZone(input.timeZone);
  });
}

/**
 * At sign-in: the browser's zone becomes the user's when none is recorded yet (a chosen one is never
 * overwritten), audited as the user's own change (`by: 'sign-in'`). Anything that is not a known
 * IANA zone is ignored: sign-in never fails over it.
 */
export async function recordSignInTimeZone(
  db: Db,
  user: { id: string; tenantId: string; email: string; name: string | null },
  browserZone: unknown,
): Promise<void> {
  if (typeof browserZone !== 'string') return;
  const parsed = TimeZoneName.safeParse(browserZone);
  if (!parsed.success) return;
  const ctx = makeCtx({ tenantId: user.tenantId, companyIds: [], scopes: new Set(), actor: { type: 'user', id: user.id, email: user.email, name: user.name } }, db);
  await withTransaction(ctx, async (tx) => {
    // The user's dashboard sessions see the change at their next request (lib/auth/session.ts).
    tx.afterCommit(clearPrincipalCache);
    const recorded = await tx.db
      .update(users)
      .set({ timeZone: parsed.data })
      .where(and(eq(users.id, user.id), isNull(users.timeZone)))
      .returning({ id: users.id });
    if (recorded.length)
      await auditChange(tx, { action: 'user.timeZoneChanged', subject: { type: 'user', id: user.id }, data: { before: null, after: parsed.data, by: 'sign-in' } });
  });
}
