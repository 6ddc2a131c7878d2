/**
 * Events are kept 30 days (DESIGN.md 7.6: "at least 30 days"), then removed by the worker's
 * retention step (lib/worker/vacuum-loop.ts), in batches so that one round holds few locks. This is
 * about storage, so it reads real time, not a tenant's clock. Their deliveries stay in the
 * endpoints' logs; a recovery reaches back 30 days.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/lib/db/client';
import { events } from '@/lib/db/schema';

export const EVENT_RETENTION_DAYS = 30;
export const EVENT_RETENTION_BATCH = 1000;

/** Deletes up to `limit` events created more than 30 days before `now`, oldest first; returns how many. */
export async function deleteExpiredEvents(db: Db, options: { now?: Date; limit?: number } = {}): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - EVENT_RETENTION_DAYS * 86_400_000);
  // `= any(array(...))`: the sub-select on events_created_idx runs once.
  const removed = rowsOf<{ id: string }>(
    await db.execute(sql`delete from ${events} where id = any(array(
      select id from ${events} where created_at < ${cutoff.toISOString()}::timestamptz order by created_at limit ${options.limit ?? EVENT_RETENTION_BATCH}
    )) returning id`),
  );
  return removed.length;
}
