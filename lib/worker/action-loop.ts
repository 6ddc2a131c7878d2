/**
 * The action sweep as a running loop (DESIGN.md 7.4), wherever the expiry sweep runs: every minute
 * it raises the actions whose cause is present and resolves those whose cause went away
 * (lib/domain/actions/sweep.ts). Several processes may run it at once: a second raise of an open
 * action writes nothing (the partial unique index), a second resolution finds it closed.
 *
 * Every timer reads the tenant's clock (lib/domain/clock.ts): the general round runs on real time
 * and leaves out the tenants whose clock runs ahead; each of those gets a round with its own now.
 */
import type { Db } from '@/lib/db/client';
import { getDb } from '@/lib/app-db';
import { runActionSweep, type ActionSweepResult } from '@/lib/domain/actions';
import { offsetTenants } from '@/lib/domain/clock';
import { jsonLogger, startLoop, type Logger, type Loop } from './loop';

export const DEFAULT_ACTION_SWEEP_MS = 60_000;

export interface ActionLoopOptions {
  /** Default: the process database (lib/app-db.ts). */
  db?: Db;
  intervalMs?: number;
  log?: Logger;
}

/** One round: the general sweep at real time, then one per tenant whose clock runs ahead. True (another round at once) when a type had more than a batch to do. */
export async function actionRound(db: Db, log: Logger = jsonLogger): Promise<boolean> {
  const realNow = new Date();
  const ahead = await offsetTenants(db);
  const rounds: Array<{ tenantId?: string; result: ActionSweepResult }> = [
    { result: await runActionSweep({ db, now: realNow, exceptTenantIds: ahead.map((t) => t.tenantId) }) },
  ];
  for (const tenant of ahead)
    rounds.push({ tenantId: tenant.tenantId, result: await runActionSweep({ db, tenantId: tenant.tenantId, now: new Date(realNow.getTime() + tenant.offsetMs) }) });
  for (const { tenantId, result } of rounds)
    if (result.raised || result.resolved) log('info', 'action sweep', { ...(tenantId ? { tenantId } : {}), raised: result.raised, resolved: result.resolved });
  return rounds.some((r) => r.result.more);
}

export function startActionLoop(options: ActionLoopOptions = {}): Loop {
  const log = options.log ?? jsonLogger;
  return startLoop({
    name: 'action sweep',
    intervalMs: options.intervalMs ?? DEFAULT_ACTION_SWEEP_MS,
    log,
    maxBurst: 20,
    round: async () => actionRound(options.db ?? (await getDb()), log),
  });
}
