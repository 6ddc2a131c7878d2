/** PUT /api/v2/orders/{id}/expiration (DESIGN.md 6.1, "Expiry and reminders"). */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { Order } from '@/lib/domain/contract/representation';
import { DEMO } from '@/lib/seed';
import { call, db, expectError, token, withTestDatabase } from './harness';
import { createOrder, orderBody } from './orders-fixtures';
import { describeAuthentication } from './shared';

withTestDatabase();

const DAY = 86_400_000;
const extend = async (orderId: string, body: unknown, t?: string) =>
  call('PUT', `/api/v2/orders/${orderId}/expiration`, { token: t ?? (await token()), body });
const later = (order: { createdAt: string }, days: number) => new Date(Date.parse(order.createdAt) + days * DAY).toISOString();

const outbox = async (orderId: string) =>
  rowsOf<{ payload: { data: { order: { expiresAt: string } } } }>(await db().execute(sql`select payload from webhook_deliveries where order_id = ${orderId} order by sequence`));
const templates = async (orderId: string) =>
  rowsOf<{ template: string; channel: string }>(await db().execute(sql`select template, channel from messages where order_id = ${orderId} order by created_at, id`));

describe('PUT /api/v2/orders/{id}/expiration', () => {
  describeAuthentication('PUT', () => `/api/v2/orders/${DEMO.acme.companies.primary}/expiration`, 'order.update', { expiresAt: '2030-01-01T00:00:00Z' });

  it('200 with the order and its new expiresAt; one order.updated event, expirationExtended queued, audited', async () => {
    const order = await createOrder(orderBody({ callback: { url: 'https://hooks.example.com/orders' } }));
    const expiresAt = later(order, 30);
    const res = await extend(order.id, { expiresAt }, await token({ scopes: ['order.read', 'order.update'] }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Order.parse(res.body).id).toBe(order.id);
    expect(res.body.expiresAt).toBe(expiresAt);
    expect(res.body.status).toBe(order.status);
    const events = await outbox(order.id);
    expect(events).toHaveLength(1);
    expect(events[0].payload.data.order.expiresAt).toBe(expiresAt);
    expect(await templates(order.id)).toEqual([
      { template: 'orderCreated', channel: 'email' },
      { template: 'expirationExtended', channel: 'email' },
    ]);
    const audit = rowsOf<{ actor_type: string; data: Record<string, unknown> }>(
      await db().execute(sql`select actor_type, data from audit_events where order_id = ${order.id} and action = 'order.expiration.extended'`),
    );
    expect(audit).toEqual([{ actor_type: 'token', data: expect.objectContaining({ from: order.expiresAt, to: expiresAt, messageQueued: true }) }]);
    const read = await call('GET', `/api/v2/orders/${order.id}`, { token: await token() });
    expect(read.body.expiresAt).toBe(expiresAt);
  });

  it('accepts an offset and answers UTC', async () => {
    const order = await createOrder();
    const target = Date.parse(order.createdAt) + 20 * DAY;
    const withOffset = new Date(target + 5 * 3_600_000).toISOString().replace('Z', '+05:00').replace(/\.\d{3}/, '');
    const res = await extend(order.id, { expiresAt: withOffset });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Date.parse(res.body.expiresAt!)).toBe(Date.parse(withOffset));
    expect(res.body.expiresAt!.endsWith('Z')).toBe(true);
  });

  it('up to exactly 90 days after creation', async () => {
    const order = await createOrder();
    const res = await extend(order.id, { expiresAt: later(order, 90) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('400 invalidValue at /expiresAt unless later than the current expiry', async () => {
    const order = await createOrder();
    const same = expectError(await extend(order.id, { expiresAt: order.expiresAt }), 400, 'invalidValue', '/expiresAt');
    expect(same.meta).toEqual({ current: order.expiresAt });
    expectError(await extend(order.id, { expiresAt: new Date(Date.parse(order.expiresAt!) - 60_000).toISOString() }), 400, 'invalidValue', '/expiresAt');
    expect(await outbox(order.id)).toEqual([]);
  });

  it('400 for a missing, malformed or extra member', async () => {
    const order = await createOrder();
    expectError(await extend(order.id, {}), 400, 'required', '/expiresAt');
    expectError(await extend(order.id, { expiresAt: 'next week' }), 400, 'invalidFormat', '/expiresAt');
    expectError(await extend(order.id, { expiresAt: 1767225600000 }), 400, 'invalidType', '/expiresAt');
    expectError(await extend(order.id, { expiresAt: later(order, 20), notify: false }), 400, 'unrecognizedKeys', '/notify');
    expectError(await call('PUT', `/api/v2/orders/${order.id}/expiration`, { token: await token() }), 400, 'required', '');
  });

  it('422 expirationTooLate beyond 90 days after creation, with the latest allowed', async () => {
    const order = await createOrder();
    const entry = expectError(await extend(order.id, { expiresAt: new Date(Date.parse(order.createdAt) + 90 * DAY + 1000).toISOString() }), 422, 'expirationTooLate', '/expiresAt');
    expect(entry.meta).toEqual({ latest: later(order, 90) });
  });

  it('422 invalidState for a cancelled order', async () => {
    const order = await createOrder();
    const t = await token();
    await call('PUT', `/api/v2/orders/${order.id}/cancellation`, { token: t, body: {} });
    const entry = expectError(await extend(order.id, { expiresAt: later(order, 30) }, t), 422, 'invalidState');
    expect(entry.meta).toEqual({ status: 'cancelled' });
  });

  it('422 invalidState for a final order', async () => {
    const order = await createOrder();
    const t = await token();
    for (const s of order.services) await call('POST', `/api/v2/orders/${order.id}/services/${s.id}/events`, { token: t, body: { status: 'negative' } });
    expectError(await extend(order.id, { expiresAt: later(order, 30) }, t), 422, 'invalidState');
  });

  it('404 notFound for an unknown order and another tenant\'s order', async () => {
    const order = await createOrder();
    expectError(await extend('00000000-0000-4000-8000-000000000000', { expiresAt: later(order, 30) }), 404, 'notFound');
    expectError(await extend(order.id, { expiresAt: later(order, 30) }, await token({ tenant: 'northwind' })), 404, 'notFound');
  });

  it('delivery none: extended without a message', async () => {
    const order = await createOrder(orderBody({ deliveryMethods: [{ type: 'none' }] }));
    expect((await extend(order.id, { expiresAt: later(order, 30) })).status).toBe(200);
    expect(await templates(order.id)).toEqual([]);
  });
});
