/**
 * Worker heartbeats: a process running the webhook delivery worker upserts its row of
 * `worker_heartbeats` every few seconds, so `/api/ready` can tell whether anyone delivers webhooks
 * (the worker may run in the server process or in `npm run worker`). Every process running the same
 * worker writes the same row: readiness asks whether *some* worker is alive, not which one.
 * Times are the database's clock (`now()`), so servers and workers need not agree on the time.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { getDb } from '@/lib/app-db';
import { workerHeartbeats } from '@/lib/db/schema';
import { jsonLogger, startLoop, type Logger, type Loop } from './loop';

export const DELIVERY_WORKER_NAME = 'webhook-delivery';
export const HEARTBEAT_INTERVAL_MS = 5_000;
/** A beat older than this means the worker is gone (six missed beats: a slow round or a short database hiccup is not an outage). */
export const HEARTBEAT_MAX_AGE_SECONDS = 30;

export async function beat(db: Db, name: string = DELIVERY_WORKER_NAME): Promise<void> {
  await db
    .insert(workerHeartbeats)
    .values({ name, pid: process.pid, beatAt: sql`now()` })
    .onConflictDoUpdate({ target: workerHeartbeats.name, set: { pid: process.pid, beatAt: sql`now()` } });
}

/** Seconds since the newest beat of `name` by the database's clock, or null when it never beat. */
export async function heartbeatAgeSeconds(db: Db, name: string = DELIVERY_WORKER_NAME): Promise<number | null> {
  const rows = await db
    .select({ age: sql<number | null>`extract(epoch from now() - ${workerHeartbeats.beatAt})::float8` })
    .from(workerHeartbeats)
    .where(sql`${workerHeartbeats.name} = ${name}`);
  return rows.length ? Number(rows[0].age) : null;
}

export interface HeartbeatOptions {
  /** Default: the process database (lib/app-db.ts). */
  db?: Db;
  name?: string;
  intervalMs?: number;
  log?: Logger;
}

/** Beats now and every `intervalMs`; a failed beat is logged (rate-limited) by the loop and retried. */
export function startHeartbeat(options: HeartbeatOptions = {}): Loop {
  const name = options.name ?? DELIVERY_WORKER_NAME;
  return startLoop({
    name: `heartbeat of ${name}`,
    intervalMs: options.intervalMs ?? HEARTBEAT_INTERVAL_MS,
    log: options.log ?? jsonLogger,
    round: async () => {
      await beat(options.db ?? (await getDb()), name);
      return false;
    },
  });
}
