/**
 * Events are kept 30 days (DESIGN.md 7.6): the worker's retention and vacuum loop
 * (lib/worker/vacuum-loop.ts) removes older ones in batches, on both engines.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { events } from '@/lib/db/schema';
import { deleteExpiredEvents } from '@/lib/domain/events/retention';
import { newEventId } from '@/lib/domain/webhook-endpoints';
import { DEMO } from '@/lib/seed';
import { silentLogger } from '@/lib/worker/loop';
import { startVacuumLoop } from '@/lib/worker/vacuum-loop';
import { db, withTestDatabase } from './harness';

withTestDatabase();

const DAY = 86_400_000;

async function eventAged(days: number) {
  const id = newEventId();
  await db().insert(events).values({ id, tenantId: DEMO.tenants.acme.id, type: 'message.failed', companyId: null, orderId: null, payload: { id }, createdAt: new Date(Date.now() - days * DAY) });
  return id;
}
const kept = async (ids: string[]) =>
  rowsOf<{ id: string }>(await db().execute(sql`select id from events where id = any(${sql.param(ids)}::text[])`)).map((r) => r.id);

/** Waits until `check` holds, or fails after `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe('event retention', () => {
  it('the worker\'s loop removes an event of 31 days ago and keeps one of 29 days ago', async () => {
    const [old, recent] = [await eventAged(31), await eventAged(29)];
    const loop = startVacuumLoop({ db: db(), intervalMs: 60_000, log: silentLogger });
    try {
      loop.wake();
      expect(await eventually(async () => !(await kept([old])).length)).toBe(true);
    } finally {
      await loop.stop();
    }
    expect(await kept([old, recent])).toEqual([recent]);
  });

  it('a batch at a time, oldest first', async () => {
    const ids = [await eventAged(40), await eventAged(35), await eventAged(32)];
    // Older events of other tests may be there too; a batch of one takes the oldest of all.
    while ((await kept(ids)).length === 3) expect(await deleteExpiredEvents(db(), { limit: 1 })).toBe(1);
    // The 40-day-old one went first; the others wait for the next batches.
    expect((await kept(ids)).sort()).toEqual([ids[1], ids[2]].sort());
  });
});
