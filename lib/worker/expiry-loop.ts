/**
 * The expiry and reminder sweep as a running loop (DESIGN.md 6.1), in every environment: every
 * 15 s it expires orders past `expiresAt` with nothing collected and
 * queues the reminders of `REMINDER_HOURS` (lib/domain/orders/expiry.ts). Several processes may
 * run it at once: each order is taken with `FOR UPDATE SKIP LOCKED` and re-checked.
 *
 * Every timer reads the tenant's clock (lib/domain/clock.ts): the general sweep runs on real time
 * and leaves out the tenants whose clock runs ahead (sandbox tenants on staging; none in
 * production, where the common case costs one indexed read of `tenants`); each of those gets a
 * round of its own with its own now.
 */
import type { Db } from '@/lib/db/client';
import { getDb } from '@/lib/app-db';
import { offsetTenants } from '@/lib/domain/clock';
import { runFollowUpSweep, sweptAnything, type FollowUpSweepResult } from '@/lib/domain/follow-up';
import { runExpirySweep, type ExpirySweepResult } from '@/lib/domain/orders/expiry';
import { jsonLogger, startLoop, type Logger, type Loop } from './loop';

export const DEFAULT_SWEEP_MS = 15_000;
const BATCH = 100;

export interface ExpiryLoopOptions {
  /** Default: the process database (lib/app-db.ts). */
  db?: Db;
  intervalMs?: number;
  log?: Logger;
}

/** One round: the general sweep at real time, then one per tenant whose clock runs ahead. True: a batch was full. */
export async function expiryRound(db: Db, log: Logger = jsonLogger): Promise<boolean> {
  const realNow = new Date();
  const ahead = await offsetTenants(db);
  const rounds: Array<{ tenantId?: string; result: ExpirySweepResult }> = [
    { result: await runExpirySweep({ db, now: realNow, limit: BATCH, exceptTenantIds: ahead.map((t) => t.tenantId) }) },
  ];
  for (const tenant of ahead)
    rounds.push({ tenantId: tenant.tenantId, result: await runExpirySweep({ db, tenantId: tenant.tenantId, now: new Date(realNow.getTime() + tenant.offsetMs), limit: BATCH }) });
  let full = false;
  for (const { tenantId, result } of rounds) {
    if (result.expired.length || result.reminded.length)
      log('info', 'expiry sweep', { ...(tenantId ? { tenantId } : {}), expired: result.expired.length, reminded: result.reminded.length, skipped: result.skipped });
    // A full batch: more may be due at once (a backlog after downtime).
    full ||= result.expired.length >= BATCH || result.reminded.length >= BATCH;
  }
  // Follow-up plans (DESIGN.md 7.3) on the same clocks: settled orders, days that came.
  const followUps: Array<{ tenantId?: string; result: FollowUpSweepResult }> = [
    { result: await runFollowUpSweep({ db, now: realNow, limit: BATCH, exceptTenantIds: ahead.map((t) => t.tenantId) }) },
  ];
  for (const tenant of ahead)
    followUps.push({ tenantId: tenant.tenantId, result: await runFollowUpSweep({ db, tenantId: tenant.tenantId, now: new Date(realNow.getTime() + tenant.offsetMs), limit: BATCH }) });
  for (const { tenantId, result } of followUps) if (sweptAnything(result)) log('info', 'follow-up sweep', { ...(tenantId ? { tenantId } : {}), ...result });
  return full;
}

export function startExpiryLoop(options: ExpiryLoopOptions = {}): Loop {
  const log = options.log ?? jsonLogger;
  return startLoop({
    name: 'expiry sweep',
    intervalMs: options.intervalMs ?? DEFAULT_SWEEP_MS,
    log,
    maxBurst: 20,
    round: async () => expiryRound(options.db ?? (await getDb()), log),
  });
}
