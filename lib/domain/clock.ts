/**
 * The tenant's clock (DESIGN.md 7.6, the sandbox clock): real time plus `tenants.clock_offset_ms`,
 * an offset that only grows (PUT /api/v2/sandbox/clock, staging only; 0 everywhere else). Every timer
 * of a tenant reads this clock, never `new Date()`: expiry and reminders today; actions, random
 * periods, follow-up due days and Clearinghouse dates when later issues add them.
 *
 * The offset is read from the database once per operation (one primary-key read, in the
 * operation's transaction when it has one), not carried with the principal: the principal cache
 * (lib/domain/api-tokens/tokens.ts) is per process, so a clock moved through one server would stay
 * stale in every other process for as long as it caches, and a sandbox test stepping the clock
 * needs every process to see the new time at once. One indexed read is cheap beside create-order's
 * own statements.
 */
import { eq, ne } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { tenants } from '@/lib/db/schema';

/** The tenant's clock offset in milliseconds (0: real time; also for an unknown tenant). */
export async function tenantClockOffset(db: Db, tenantId: string): Promise<number> {
  const [row] = await db.select({ offset: tenants.clockOffsetMs }).from(tenants).where(eq(tenants.id, tenantId));
  return Number(row?.offset ?? 0);
}

/** The tenant's now: real time plus the tenant's offset. Read it once per operation and pass it on. */
export async function tenantNow(ctx: { db: Db; tenantId: string }, realNow: Date = new Date()): Promise<Date> {
  return tenantNowAt(await tenantClockOffset(ctx.db, ctx.tenantId), realNow);
}

/** The tenant's now from an offset read with other facts in one statement (create-order's context). */
export function tenantNowAt(offsetMs: number, realNow: Date = new Date()): Date {
  return new Date(realNow.getTime() + offsetMs);
}

/** A tenant whose clock runs ahead of real time: the workers give it a round of its own with its own now. */
export interface OffsetTenant {
  tenantId: string;
  offsetMs: number;
}

/**
 * The tenants whose clock is not real time (in practice a few sandbox tenants on staging, none in
 * production). The workers' general round leaves them out and runs one round per tenant with
 * `now = real now + offsetMs`.
 */
export async function offsetTenants(db: Db): Promise<OffsetTenant[]> {
  const rows = await db.select({ tenantId: tenants.id, offsetMs: tenants.clockOffsetMs }).from(tenants).where(ne(tenants.clockOffsetMs, 0));
  return rows.map((r) => ({ tenantId: r.tenantId, offsetMs: Number(r.offsetMs) }));
}
