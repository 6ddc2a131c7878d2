/** The delivery worker as a running loop (in the server process, or `npm run worker`). */
import { env } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { onDeliveriesDue } from '@/lib/domain/outbox/webhook-wake';
import { runDueDeliveries, type DeliveryRunOptions } from './delivery-worker';
import { backgroundDb } from './background-db';
import { jsonLogger, startLoop, type Logger, type Loop } from './loop';

export const DEFAULT_POLL_MS = 500;

/** WEBHOOK_POLL_MS (at least 10; default DEFAULT_POLL_MS). */
export function pollIntervalFromEnv(): number {
  return env.WEBHOOK_POLL_MS;
}

export interface DeliveryWorkerOptions extends Omit<DeliveryRunOptions, 'db'> {
  /** Default: the loops' own pool on PostgreSQL, the process database with PGlite (lib/worker/background-db.ts). */
  db?: Db;
  /** Poll interval; default WEBHOOK_POLL_MS or 500 ms. */
  intervalMs?: number;
  log?: Logger;
}

export function startDeliveryWorker(options: DeliveryWorkerOptions = {}): Loop {
  const log = options.log ?? jsonLogger;
  const loop = startLoop({
    name: 'webhook delivery worker',
    intervalMs: options.intervalMs ?? pollIntervalFromEnv(),
    log,
    round: async () => {
      const db = options.db ?? (await backgroundDb());
      const result = await runDueDeliveries({ ...options, db });
      if (result.failed) log('warn', 'webhook deliveries failed for good (retry schedule used up)', { count: result.failed });
      return result.claimed > 0;
    },
  });
  const unsubscribe = onDeliveriesDue(() => loop.wake());
  return {
    wake: loop.wake,
    async stop() {
      unsubscribe();
      await loop.stop();
    },
  };
}
