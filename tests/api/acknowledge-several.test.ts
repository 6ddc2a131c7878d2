/**
 * POST /api/v2/orders/acknowledgements (issue 28): the results inbox's "Acknowledge selected",
 * several final results acknowledged in one transaction by the rule of PUT
 * /api/v2/orders/{id}/acknowledgement, all or none.
 */
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '@/lib/db/schema';
import { newId } from '@/lib/ids';
import { DEMO } from '@/lib/seed';
import { asUser, createTestUser } from './admins';
import { call, db, expectError, get, token, withTestDatabase } from './harness';
import { createOrder, orderBody } from './orders-fixtures';
import { describeAuthentication } from './shared';

withTestDatabase();

let admin: string;
beforeAll(async () => {
  admin = await token();
});

async function finalOrder(body = orderBody(), t?: string) {
  const order = await createOrder(body, t);
  for (const s of order.services as Array<{ id: string }>) {
    const res = await call('POST', `/api/v2/orders/${order.id}/services/${s.id}/events`, { token: t ?? admin, body: { status: 'negative' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return order as { id: string };
}

const acknowledge = (ids: string[], t = admin) => call('POST', '/api/v2/orders/acknowledgements', { token: t, body: { orders: ids.map((id) => ({ id })) } });
const acknowledgedAt = async (ids: string[]) =>
  Object.fromEntries((await db().select({ id: orders.id, at: orders.acknowledgedAt }).from(orders).where(inArray(orders.id, ids))).map((r) => [r.id, r.at]));

describe('POST /api/v2/orders/acknowledgements', () => {
  describeAuthentication('POST', () => '/api/v2/orders/acknowledgements', 'order.update', { orders: [{ id: newId() }] });

  it('200: every order acknowledged; again: each already acknowledged, its first acknowledgement kept', async () => {
    const [a, b] = await Promise.all([finalOrder(), finalOrder()]);
    const res = await acknowledge([a.id, b.id, a.id]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ object: 'acknowledgements', acknowledged: [a.id, b.id].sort(), alreadyAcknowledged: [] });
    const first = await acknowledgedAt([a.id, b.id]);
    expect(first[a.id]).not.toBeNull();
    const again = await acknowledge([b.id, a.id]);
    expect(again.body).toEqual({ object: 'acknowledgements', acknowledged: [], alreadyAcknowledged: [a.id, b.id].sort() });
    expect(await acknowledgedAt([a.id, b.id])).toEqual(first);
    expect((await get(`/api/v2/orders/${a.id}`, { token: admin })).body.acknowledgedBy).toEqual({ type: 'token', id: expect.any(String), name: 'test' });
  });

  it("a manager's session: acknowledged by the user", async () => {
    const manager = await createTestUser(DEMO.tenants.acme.id, 'manager', 'all');
    const order = await finalOrder();
    const res = await call('POST', '/api/v2/orders/acknowledgements', { ...(await asUser(manager)), body: { orders: [{ id: order.id }] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await get(`/api/v2/orders/${order.id}`, { token: admin })).body.acknowledgedBy).toMatchObject({ type: 'user', id: manager.id });
  });

  it('all or none: 422 invalidState for an order that is not final, and the final one stays unacknowledged', async () => {
    const [done, open] = await Promise.all([finalOrder(), createOrder()]);
    const entry = expectError(await acknowledge([done.id, open.id]), 422, 'invalidState');
    expect(entry.meta).toEqual({ orderId: open.id, status: 'ordered' });
    expect(await acknowledgedAt([done.id])).toEqual({ [done.id]: null });
  });

  it("404 at the order's member for one of another company, another tenant or missing, the same answer; nothing acknowledged", async () => {
    const mine = await finalOrder();
    const northwindToken = await token({ tenant: 'northwind' });
    const northwind = await finalOrder(orderBody({ location: { id: DEMO.northwind.locations.primary }, package: { id: DEMO.northwind.packages.nonDot } }), northwindToken);
    const secondaryOnly = await token({ companies: [DEMO.acme.companies.secondary] });
    const missing = await acknowledge([newId()], secondaryOnly);
    expectError(missing, 404, 'notFound', '/orders/0/id');
    expect((await acknowledge([mine.id], secondaryOnly)).body).toEqual(missing.body);
    expect((await acknowledge([northwind.id])).body).toEqual(missing.body);
    expectError(await acknowledge([mine.id, northwind.id]), 404, 'notFound', '/orders/1/id');
    expect(await acknowledgedAt([mine.id, northwind.id])).toEqual({ [mine.id]: null, [northwind.id]: null });
  });

  it('400 with a pointer: no orders, more than 100, a member that is no reference', async () => {
    const post = (body: unknown) => call('POST', '/api/v2/orders/acknowledgements', { token: admin, body });
    expectError(await post({}), 400, 'required', '/orders');
    expectError(await post({ orders: [] }), 400, 'tooSmall', '/orders');
    expectError(await post({ orders: Array.from({ length: 101 }, () => ({ id: newId() })) }), 400, 'tooBig', '/orders');
    expectError(await post({ orders: [{ id: '' }] }), 400, 'tooSmall', '/orders/0/id');
    expectError(await post({ orders: [{ id: newId(), note: 'x' }] }), 400, 'unrecognizedKeys', '/orders/0/note');
  });
});
