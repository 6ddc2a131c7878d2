/** PGlite's vacuum (lib/worker/vacuum-loop.ts): the embedded database has no autovacuum of its own. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { silentLogger } from '@/lib/worker/loop';
import { startVacuumLoop } from '@/lib/worker/vacuum-loop';
import { db, driver, withTestDatabase } from './harness';

withTestDatabase();

const vacuumed = async () =>
  rowsOf<{ at: string | null; changed: number }>(
    await db().execute(sql`select last_vacuum::text as at, (n_mod_since_analyze + n_dead_tup)::int as changed from pg_stat_user_tables where relname = 'orders'`),
  )[0];

/** Waits until `check` holds, or fails after `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe('the PGlite vacuum loop', () => {
  it('vacuums orders once more rows changed than the threshold (PGlite); leaves PostgreSQL to its autovacuum', async () => {
    // Changes that keep the stored documents (the event counter is not shown in them).
    await db().execute(sql`update orders set event_sequence = event_sequence + 1`);
    // The cumulative statistics show the changes once flushed (at most a second or so later).
    expect(await eventually(async () => (await vacuumed()).changed > 1000)).toBe(true);
    const before = await vacuumed();
    const loop = startVacuumLoop({ db: db(), intervalMs: 60_000, log: silentLogger });
    try {
      loop.wake();
      if (driver() === 'pglite') {
        expect(await eventually(async () => (await vacuumed()).at !== before.at)).toBe(true);
        expect((await vacuumed()).changed).toBeLessThan(before.changed);
      } else {
        await new Promise((r) => setTimeout(r, 1000));
        expect((await vacuumed()).at).toBe(before.at);
      }
    } finally {
      await loop.stop();
    }
  });
});
