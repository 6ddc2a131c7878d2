/**
 * The expiry and reminder sweep as a running loop (DESIGN.md 6.1), in every environment: every
 * 15 s it expires orders past `expiresAt` with nothing collected and
 * queues the reminders of `REMINDER_HOURS` (lib/domain/orders/expiry.ts). Several processes may
 * run it at once: each order is taken with `FOR UPDATE SKIP LOCKED` and re-checked.
 */
import type { Db } from '@/lib/db/client';
import { getDb } from '@/lib/app-db';
import { runExpirySweep } from '@/lib/domain/orders/expiry';
import { jsonLogger, startLoop, type Logger, type Loop } from './loop';

export const DEFAULT_SWEEP_MS = 15_000;
const BATCH = 100;

export interface ExpiryLoopOptions {
  /** Default: the process database (lib/app-db.ts). */
  db?: Db;
  intervalMs?: number;
  log?: Logger;
}

export function startExpiryLoop(options: ExpiryLoopOptions = {}): Loop {
  const log = options.log ?? jsonLogger;
  return startLoop({
    name: 'expiry sweep',
    intervalMs: options.intervalMs ?? DEFAULT_SWEEP_MS,
    log,
    maxBurst: 20,
    round: async () => {
      const result = await runExpirySweep({ db: options.db ?? (await getDb()), limit: BATCH });
      if (result.expired.length || result.reminded.length)
        log('info', 'expiry sweep', { expired: result.expired.length, reminded: result.reminded.length, skipped: result.skipped });
      // A full batch: more may be due at once (a backlog after downtime).
      return result.expired.length >= BATCH || result.reminded.length >= BATCH;
    },
  });
}
