/**
 * The embedded database's autovacuum (PGlite only). PGlite has none, so every changed page of
 * `orders` stayed not all-visible for good and the index-only walks of the list pages turned into
 * heap fetches (page 500 at 100,000 orders: 7.2 ms of server CPU per request before a VACUUM, 5.0
 * after; docs/benchmarks.md). PostgreSQL runs its own autovacuum (migration 0005 tunes `orders`).
 *
 * Every `VACUUM_INTERVAL_MS` (default 10 minutes) it runs `VACUUM (ANALYZE)` on the tables that
 * every order change writes, when enough rows changed since the last time (as autovacuum's
 * threshold: 1,000 rows plus 0.5%), one table per round so a request waits at most one table.
 *
 * Each round first removes events past their 30 days (lib/domain/events/retention.ts), on both
 * engines, a batch at a time: a full batch asks for another round at once.
 */
import { env } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { getDb } from '@/lib/app-db';
import { rowsOf } from '@/lib/db/client';
import { pgliteClientOf } from '@/lib/db/pglite-statements';
import { sql } from 'drizzle-orm';
import { deleteExpiredEvents, EVENT_RETENTION_BATCH } from '@/lib/domain/events/retention';
import { jsonLogger, startLoop, type Logger, type Loop } from './loop';

export const DEFAULT_VACUUM_MS = 10 * 60_000;
/** The tables each order change writes, busiest first. */
// Also the program's tables that change in bulk: the action sweep raises hundreds of actions a round
// (its anti-joins need the actions' statistics) and a roster import writes thousands of employees.
const TABLES = ['orders', 'order_services', 'order_service_status_history', 'audit_events', 'webhook_deliveries', 'messages', 'actions', 'employees'] as const;

/** VACUUM_INTERVAL_MS (at least 1000; default DEFAULT_VACUUM_MS). */
export function vacuumIntervalFromEnv(): number {
  return env.VACUUM_INTERVAL_MS;
}

/** The first table whose changed rows since its last vacuum pass autovacuum's default threshold, if any. */
async function tableDue(db: Db): Promise<string | null> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select relname as name from pg_stat_user_tables
      where relname = any(${sql.param([...TABLES])}::text[]) and n_mod_since_analyze + n_dead_tup > 1000 + 0.005 * greatest(n_live_tup, 0)
      order by n_mod_since_analyze + n_dead_tup desc limit 1`),
  );
  return rows[0]?.name ?? null;
}

export function startVacuumLoop(options: { db?: Db; intervalMs?: number; log?: Logger } = {}): Loop {
  const log = options.log ?? jsonLogger;
  return startLoop({
    name: 'pglite vacuum',
    intervalMs: options.intervalMs ?? vacuumIntervalFromEnv(),
    log,
    maxBurst: TABLES.length,
    round: async () => {
      const db = options.db ?? (await getDb());
      const removed = await deleteExpiredEvents(db);
      if (removed) log('info', 'events past retention removed', { count: removed });
      if (removed === EVENT_RETENTION_BATCH) return true;
      if (!pgliteClientOf(db)) return false; // PostgreSQL: its own autovacuum
      const table = await tableDue(db);
      if (!table) return false;
      const started = performance.now();
      await db.execute(sql.raw(`vacuum (analyze) ${table}`));
      log('info', 'pglite vacuum', { table, ms: Math.round(performance.now() - started) });
      return true;
    },
  });
}
