/** The staging sandbox opens the pass (sets openedAt) before collection in its scripted lifecycles (issue 15, point 7). */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { runSandboxTick } from '@/lib/sandbox/simulator';
import { db, get, token, withTestDatabase } from './harness';
import { createOrder, orderBody, withParticipant } from './orders-fixtures';

withTestDatabase();

const STEP_SECONDS = 30;
const passOf = async (orderId: string) => (await get(`/api/v2/orders/${orderId}/pass`, { token: await token() })).body;
const tick = (orderId: string, at: number) => runSandboxTick({ db: db(), now: () => new Date(at), stepSeconds: STEP_SECONDS, orderIds: [orderId] });

describe('sandbox: the simulated participant opens the pass', () => {
  it('opened before the first collection step, at the step\'s time', async () => {
    const order = await createOrder(orderBody());
    expect((await passOf(order.id)).openedAt).toBeNull();
    const at = Date.parse(order.createdAt) + STEP_SECONDS * 1000 + 100;
    const result = await tick(order.id, at);
    expect(result.errors).toEqual([]);
    expect(result.advanced).toBeGreaterThan(0);
    expect((await passOf(order.id)).openedAt).toBe(new Date(at).toISOString());
    // Later steps keep the first opening.
    await tick(order.id, at + STEP_SECONDS * 1000 + 100);
    expect((await passOf(order.id)).openedAt).toBe(new Date(at).toISOString());
  });

  it('an order the script lets expire (last name "Expired") is never opened', async () => {
    const order = await createOrder(withParticipant({ lastName: `Expired${Date.now()}` }));
    await tick(order.id, Date.parse(order.createdAt) + STEP_SECONDS * 1000 + 100);
    const [row] = rowsOf<{ status: string }>(await db().execute(sql`select status from orders where id = ${order.id}`));
    expect(row.status).toBe('expired');
    expect((await passOf(order.id)).openedAt).toBeNull();
  });
});
