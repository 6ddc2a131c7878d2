/**
 * The sandbox clock (DESIGN.md 7.6, staging only): `GET`/`PUT /api/v2/sandbox/clock`. A tenant-wide
 * principal moves its tenant's clock forward (never back, at most two years ahead of real time);
 * what falls due at the new now (the order expiry sweep and its reminders, then the action sweep) runs before the answer.
 * The clock itself is lib/domain/clock.ts. This module comes last in the domain's order: the timers it
 * runs (expiry today; actions, random periods and follow-ups later) live in every group before it.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '@/lib/db/client';
import { tenants } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { runFollowUpSweep } from '@/lib/domain/follow-up';
import { runActionSweep } from '@/lib/domain/actions';
import { runTenantExpirySweep } from '@/lib/domain/orders/expiry';
import { withTransaction } from '@/lib/domain/transaction';

const DateTime = z.iso.datetime().describe('ISO 8601 date-time with milliseconds, UTC (`Z`).');

export const SandboxClock = z
  .object({
    object: z.literal('sandboxClock'),
    now: DateTime.describe("The tenant's now: real time plus `offsetMs`. Every timer of the tenant (expiry, reminders) reads it."),
    offsetMs: z.number().int().min(0).describe('How far the tenant\'s clock runs ahead of real time, in milliseconds; it only grows.'),
    realNow: DateTime.describe('Real time when the answer was made.'),
  })
  .meta({ id: 'SandboxClock' });
export type SandboxClock = z.output<typeof SandboxClock>;

export const MoveSandboxClockBody = z.strictObject({
  now: z.iso
    .datetime({ offset: true })
    .describe("The tenant's new now: not before its current now (422 `invalidState`), at most two years after real time (400 `invalidValue`)."),
});
export type MoveSandboxClockBody = z.output<typeof MoveSandboxClockBody>;

/** How far ahead of real time a tenant's clock may run. */
export const MAX_CLOCK_AHEAD_YEARS = 2;

/** The sandbox clock is the whole tenant's: a principal limited to some companies may neither read nor move it. */
function assertTenantWide(ctx: Ctx): void {
  if (ctx.allCompanies !== true)
    throw new DomainError('insufficientScope', "The sandbox clock is the whole tenant's: it needs a principal linked to every company of the tenant.");
}

const answer = (offsetMs: number, realNow: Date): SandboxClock => ({
  object: 'sandboxClock',
  now: new Date(realNow.getTime() + offsetMs).toISOString(),
  offsetMs,
  realNow: realNow.toISOString(),
});

/** `GET /api/v2/sandbox/clock`. */
export async function getSandboxClock({ ctx }: { ctx: Ctx }): Promise<SandboxClock> {
  assertTenantWide(ctx);
  const [row] = await ctx.db.select({ offset: tenants.clockOffsetMs }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  if (!row) throw notFound('Tenant');
  return answer(Number(row.offset), new Date());
}

/** `PUT /api/v2/sandbox/clock`: moves the clock, then runs what fell due with the tenant's new now. */
export async function moveSandboxClock({ ctx, input }: { ctx: Ctx; input: MoveSandboxClockBody }): Promise<SandboxClock> {
  assertTenantWide(ctx);
  const target = new Date(input.now);
  const { offsetMs, realNow } = await withTransaction(ctx, async (tx) => {
    // Locked: two moves at once are taken in turn, so the offset never goes back.
    const [row] = rowsOf<{ offset: string | number }>(
      await tx.db.execute(sql`select clock_offset_ms as "offset" from ${tenants} where id = ${ctx.tenantId} for update`),
    );
    if (!row) throw notFound('Tenant');
    const realNow = new Date();
    const current = Number(row.offset);
    const latest = new Date(realNow);
    latest.setUTCFullYear(latest.getUTCFullYear() + MAX_CLOCK_AHEAD_YEARS);
    if (target.getTime() > latest.getTime())
      throw new DomainError('invalidValue', `now may be at most ${MAX_CLOCK_AHEAD_YEARS} years after real time (${latest.toISOString()}).`, {
        pointer: '/now',
        meta: { latest: latest.toISOString() },
      });
    const currentNow = new Date(realNow.getTime() + current);
    if (target.getTime() < currentNow.getTime())
      throw new DomainError('invalidState', `The sandbox clock only moves forward: now must not be before the tenant's current now (${currentNow.toISOString()}).`, {
        pointer: '/now',
        meta: { current: currentNow.toISOString() },
      });
    const offsetMs = target.getTime() - realNow.getTime();
    await tx.db.update(tenants).set({ clockOffsetMs: offsetMs }).where(eq(tenants.id, ctx.tenantId));
    await auditChange(tx, {
      action: 'tenant.clockMoved',
      subject: { type: 'tenant', id: ctx.tenantId },
      data: { from: currentNow.toISOString(), to: target.toISOString(), offsetMs, previousOffsetMs: current },
    });
    return { offsetMs, realNow };
  });
  // What fell due runs before the answer, each order in a transaction of its own (as the worker runs it).
  await runTenantExpirySweep({ db: ctx.db, tenantId: ctx.tenantId, now: new Date(Date.now() + offsetMs) });
  // Follow-up tests: orders that settled (the expiries above included) and days that came (DESIGN.md 7.3).
  await runFollowUpSweep({ db: ctx.db, tenantId: ctx.tenantId, now: new Date(Date.now() + offsetMs), limit: 10_000 });
  // Then the actions: after expiry, so an order it expired is seen (orderExpiredUncollected); batch after batch until done.
  for (let batch = 0; batch < 1000; batch++) if (!(await runActionSweep({ db: ctx.db, tenantId: ctx.tenantId, now: new Date(Date.now() + offsetMs) })).more) break;
  return answer(offsetMs, realNow);
}
