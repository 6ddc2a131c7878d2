import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/db/client';
import { call, db, expectError, get, token, withTestDatabase } from './harness';
import { acme, createOrder, orderBody } from './orders-fixtures';
import { describeAuthentication } from './shared';
import { DEMO } from '@/lib/seed';

withTestDatabase();

const event = async (orderId: string, serviceId: string, body: unknown, t?: string) =>
  call('POST', `/api/v2/orders/${orderId}/services/${serviceId}/events`, { token: t ?? (await token()), body });

async function firstLab() {
  return rowsOf<{ id: string }>(await db().execute(sql`select id from vendors where type = 'lab' order by id limit 1`))[0].id;
}

describe('POST /api/v2/orders/{id}/services/{serviceId}/events', () => {
  describeAuthentication('POST', () => '/api/v2/orders/x/services/y/events', 'order.service.write', { status: 'pending' });

  it('moves a service through its lifecycle and re-derives the order status', async () => {
    const order = await createOrder(orderBody({ callback: { url: 'https://hooks.example.com/orders' } }));
    const serviceId = order.services[0].id;
    const lab = await firstLab();

    const at = new Date(Date.parse(order.createdAt) + 60_000).toISOString();
    const collecting = await event(order.id, serviceId, { status: 'pending_collectionInitiated', milestone: 'collectionInitiated', occurredAt: at });
    expect(collecting.status, JSON.stringify(collecting.body)).toBe(200);
    expect(collecting.body.status).toBe('pending');
    expect(collecting.body.statusUpdatedAt > order.statusUpdatedAt).toBe(true);
    const s1 = collecting.body.services[0];
    expect(s1).toMatchObject({ status: 'pending_collectionInitiated', isFinal: false, statusUpdatedAt: at });
    expect(s1.statusHistory?.at(-1)).toEqual({ object: 'orderServiceStatusHistory', occurredAt: at, status: 'pending_collectionInitiated', groupType: 'pending' });
    expect(s1.screenHistory).toEqual([{ object: 'orderServiceScreenHistory', occurredAt: at, type: 'collectionInitiated' }]);

    const atLab = await event(order.id, serviceId, { status: 'pending_atTheLab', milestone: 'atLab', occurredAt: new Date(Date.parse(at) + 60_000).toISOString(), specimenId: 'SP-123', lab: { id: lab }, courierServiceName: 'FedEx', trackingNumber: '7712' });
    expect(atLab.body.status).toBe('pending');
    expect(atLab.body.statusUpdatedAt).toBe(collecting.body.statusUpdatedAt); // order status unchanged
    expect(atLab.body.services[0]).toMatchObject({ specimenId: 'SP-123', courierServiceName: 'FedEx', trackingNumber: '7712', lab: { id: lab, object: 'vendor', type: 'lab' } });
    expect(atLab.body.services[0].screenHistory.map((h: { type: string }) => h.type)).toEqual(['collectionInitiated', 'atLab']);

    const result = await event(order.id, serviceId, { status: 'negative_negativeDilute', milestone: 'mroReviewed', occurredAt: new Date(Date.parse(at) + 120_000).toISOString() });
    expect(result.body).toMatchObject({ status: 'negative', isFinal: true });
    expect(result.body.services[0]).toMatchObject({ status: 'negative_negativeDilute', isFinal: true });

    const audit = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from audit_events where order_id = ${order.id} and action = 'order.service.updated'`));
    expect(audit[0].n).toBe(3);
    const outbox = rowsOf<{ sequence: number; event_type: string; payload: { data: { order: { status: string } } } }>(
      await db().execute(sql`select sequence, event_type, payload from webhook_deliveries where order_id = ${order.id} order by sequence`),
    );
    expect(outbox.map((o) => o.sequence)).toEqual([1, 2, 3]);
    expect(outbox.map((o) => o.payload.data.order.status)).toEqual(['pending', 'pending', 'negative']);
  });

  it('422 invalidState once the service is final', async () => {
    const order = await createOrder();
    const serviceId = order.services[0].id;
    await event(order.id, serviceId, { status: 'negative' });
    const entry = expectError(await event(order.id, serviceId, { status: 'pending_atTheLab' }), 422, 'invalidState');
    expect(entry.meta).toEqual({ status: 'negative' });
  });

  it('422 invalidState on a cancelled order', async () => {
    const order = await createOrder();
    await call('PUT', `/api/v2/orders/${order.id}/cancellation`, { token: await token() });
    expectError(await event(order.id, order.services[0].id, { status: 'pending' }), 422, 'invalidState');
  });

  it('400 for an unknown status or lab, with pointers', async () => {
    const order = await createOrder();
    expectError(await event(order.id, order.services[0].id, { status: 'pending_teaBreak' }), 400, 'invalidValue', '/status');
    expectError(await event(order.id, order.services[0].id, {}), 400, 'required', '/status');
    expectError(await event(order.id, order.services[0].id, { status: 'pending', lab: { id: 'nope' } }), 400, 'invalidValue', '/lab/id');
    expectError(await event(order.id, order.services[0].id, { status: 'pending', color: 'red' }), 400, 'unrecognizedKeys', '/color');
  });

  it('404 for an unknown service, and for orders outside the token\'s access', async () => {
    const order = await createOrder();
    expectError(await event(order.id, 'nope', { status: 'pending' }), 404, 'notFound');
    const foreign = await event(order.id, order.services[0].id, { status: 'pending' }, await token({ tenant: 'northwind' }));
    expectError(foreign, 404, 'notFound');
    const unlinked = await event(order.id, order.services[0].id, { status: 'pending' }, await token({ companies: [acme.companies.secondary] }));
    expectError(unlinked, 404, 'notFound');
    expect((await get(`/api/v2/orders/${order.id}`, { token: await token() })).body.status).toBe('ordered');
  });

  it('the most severe result wins across services', async () => {
    const order = await createOrder(orderBody({ package: { id: acme.packages.dotWithAlcohol }, agency: { id: DEMO.agencies.FMCSA } }));
    const [a, b] = order.services;
    await event(order.id, a.id, { status: 'negative' });
    const mid = await get(`/api/v2/orders/${order.id}`, { token: await token() });
    expect(mid.body.status).toBe('pending');
    const done = await event(order.id, b.id, { status: 'fail' });
    expect(done.body).toMatchObject({ status: 'fail', isFinal: true });
  });
});
