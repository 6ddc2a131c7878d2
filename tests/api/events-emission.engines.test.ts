/**
 * The events the product emits (DESIGN.md 7.6, issue 30 point 5): each in the transaction of the
 * change it reports, recorded in `events` and queued for the webhook endpoints that take it. An
 * endpoint with `*` gets `order.created` on creation, `order.cancelled` on cancellation,
 * `order.expired` when the sandbox clock passes the expiry, `order.completed` when the sandbox
 * brings a result, `message.failed` when a message fails for good, each beside the `order.updated`
 * of the same change; an endpoint that enabled only `order.cancelled` gets nothing else; an order's
 * `callback.url` keeps getting only `order.updated` and `document.created`. Every test acts on a
 * tenant of its own, so no other test's orders reach its endpoints and its clock moves alone.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { createToken } from '@/lib/domain/api-tokens/tokens';
import { eventType } from '@/lib/domain/events/catalog';
import { runSandboxTick } from '@/lib/sandbox/simulator';
import { addStandardCatalog } from '@/lib/seed/catalog';
import { runDueMessages } from '@/lib/worker/message-send';
import type { Providers } from '@/lib/worker/providers';
import { createTestTenant } from './admins';
import { call, db, withTestDatabase } from './harness';
import { orderBody, uniqueName, withParticipant } from './orders-fixtures';

withTestDatabase();

const DAY = 86_400_000;
const address = { line1: '2100 Ross Ave', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' };

let bearer: string;
let locationId: string;
let packageId: string;
let companyId: string;
let everything: string;
let cancelledOnly: string;

interface Delivery {
  event_id: string;
  event_type: string;
  order_id: string | null;
  sequence: number;
  payload: { id: string; type: string; sequence?: number; data: Record<string, unknown> };
}

/** The deliveries queued for an endpoint (null: the orders' own callbacks), oldest first. */
const deliveriesTo = async (endpointId: string | null, orderId?: string) =>
  rowsOf<Delivery>(
    await db().execute(sql`select event_id, event_type, order_id, sequence, payload from webhook_deliveries
      where ${endpointId === null ? sql`endpoint_id is null` : sql`endpoint_id = ${endpointId}`} ${orderId ? sql`and order_id = ${orderId}` : sql``}
      order by created_at, id`),
  );
const typesTo = async (endpointId: string | null, orderId: string) => (await deliveriesTo(endpointId, orderId)).map((d) => d.event_type);

/** Every payload is the catalog's schema of its type, and carries no participant identifier. */
function expectCatalogPayload(d: Delivery) {
  const parsed = eventType(d.event_type)!.schema.safeParse(d.payload);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  expect(d.payload.id).toBe(d.event_id);
  expect(JSON.stringify(d.payload)).not.toContain('"identifiers"');
}

async function newOrder(body: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/v2/orders', { token: bearer, body: { ...orderBody({ location: { id: locationId }, package: { id: packageId } }), ...body } });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body;
}

beforeAll(async () => {
  const tenant = await createTestTenant();
  await addStandardCatalog(db(), tenant.id);
  bearer = (await createToken(db(), { tenantId: tenant.id, name: 'events', scopes: 'all', companyIds: 'all' })).token;
  const made = async (path: string, body: unknown) => {
    const res = await call('POST', path, { token: bearer, body });
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  companyId = await made('/api/v2/companies', { name: 'Events company', address });
  locationId = await made('/api/v2/locations', { company: { id: companyId }, name: 'Events yard', address });
  const [urine] = rowsOf<{ id: string }>(await db().execute(sql`select id from services where tenant_id = ${tenant.id} and name = 'Non-DOT 10-Panel Urine Drug Screen'`));
  packageId = await made('/api/v2/packages', { name: 'Events package', company: { id: companyId }, services: [{ id: urine.id }] });
  everything = await made('/api/v2/webhook-endpoints', { url: 'http://127.0.0.1:9/everything', enabledEvents: ['*'] });
  cancelledOnly = await made('/api/v2/webhook-endpoints', { url: 'http://127.0.0.1:9/cancelled', enabledEvents: ['order.cancelled'] });
});

describe('order.created', () => {
  it('an order created through the API: one order.created with the order as GET answers it, sequence 0, recorded in events; not sent to the callback', async () => {
    const order = await newOrder({ callback: { url: 'http://127.0.0.1:9/callback' } });
    const [created] = await deliveriesTo(everything, order.id);
    expect(created).toMatchObject({ event_type: 'order.created', sequence: 0, payload: { type: 'order.created', sequence: 0 } });
    expectCatalogPayload(created);
    const fetched = (await call('GET', `/api/v2/orders/${order.id}`, { token: bearer })).body;
    const { identifiers: _i, ...participant } = fetched.participant as Record<string, unknown>;
    expect(created.payload.data.order).toEqual({ ...fetched, participant });
    expect(await typesTo(everything, order.id)).toEqual(['order.created']);
    expect(await typesTo(null, order.id)).toEqual([]);
    const [recorded] = rowsOf<{ type: string; company_id: string; order_id: string }>(
      await db().execute(sql`select type, company_id, order_id from events where id = ${created.event_id}`),
    );
    expect(recorded).toEqual({ type: 'order.created', company_id: companyId, order_id: order.id });
  });
});

describe('order.cancelled', () => {
  it('PUT /cancellation: the `*` endpoint gets order.updated and order.cancelled of one sequence, the callback order.updated only, the order.cancelled-only endpoint order.cancelled only', async () => {
    const order = await newOrder({ callback: { url: 'http://127.0.0.1:9/callback' } });
    expect((await call('PUT', `/api/v2/orders/${order.id}/cancellation`, { token: bearer, body: {} })).status).toBe(200);
    const all = await deliveriesTo(everything, order.id);
    expect(all.map((d) => [d.event_type, d.sequence])).toEqual([['order.created', 0], ['order.updated', 1], ['order.cancelled', 1]]);
    all.forEach(expectCatalogPayload);
    expect(all[2].payload.data).toMatchObject({ order: { id: order.id, status: 'cancelled', isFinal: false } });
    expect(await typesTo(null, order.id)).toEqual(['order.updated']);
    const only = await deliveriesTo(cancelledOnly, order.id);
    expect(only.map((d) => d.event_type)).toEqual(['order.cancelled']);
    // The same event (one webhook-id) to both endpoints.
    expect(only[0].event_id).toBe(all[2].event_id);
  });
});

describe('order.expired', () => {
  it('the sandbox clock moves past the expiry: the order expires before the answer, with order.updated and order.expired', async () => {
    const order = await newOrder({ settings: { expiresAt: new Date(Date.now() + 2 * DAY).toISOString() } });
    const moved = await call('PUT', '/api/v2/sandbox/clock', { token: bearer, body: { now: new Date(Date.now() + 3 * DAY).toISOString() } });
    expect(moved.status).toBe(200);
    const all = await deliveriesTo(everything, order.id);
    expect(all.map((d) => [d.event_type, d.sequence])).toEqual([['order.created', 0], ['order.updated', 1], ['order.expired', 1]]);
    all.forEach(expectCatalogPayload);
    expect(all[2].payload.data).toMatchObject({ order: { id: order.id, status: 'expired', isFinal: false } });
    expect(await typesTo(cancelledOnly, order.id)).toEqual([]);
  });
});

describe('order.completed', () => {
  /** Ticks the sandbox for these orders, a step and a bit apart, until nothing moves. */
  async function simulate(orderIds: string[]) {
    let t = Date.now();
    for (let tick = 0; tick < 20; tick++) {
      t += 1100;
      const result = await runSandboxTick({ db: db(), now: () => new Date(t), stepSeconds: 1, orderIds });
      expect(result.errors).toEqual([]);
      if (result.advanced === 0) return;
    }
  }

  it('the sandbox brings a result: order.completed once, with the change that makes isFinal true; a no-show is not completed', async () => {
    const negative = await newOrder();
    const noShow = await newOrder(withParticipant({ lastName: `${uniqueName()}-No-Show` }, { location: { id: locationId }, package: { id: packageId } }));
    await simulate([negative.id, noShow.id]);
    const all = await deliveriesTo(everything, negative.id);
    all.forEach(expectCatalogPayload);
    const updates = all.filter((d) => d.event_type === 'order.updated');
    expect(updates.map((d) => d.sequence)).toEqual([1, 2, 3, 4, 5]);
    const completed = all.filter((d) => d.event_type === 'order.completed');
    expect(completed).toHaveLength(1);
    expect(completed[0].sequence).toBe(5);
    expect(completed[0].payload.data).toMatchObject({ order: { id: negative.id, status: 'negative', isFinal: true } });
    // Beside the order.updated of the result (the sandbox's MRO letter, document.created, follows).
    expect(all.filter((d) => d.sequence === 5 && d.event_type.startsWith('order.')).map((d) => d.event_type)).toEqual(['order.updated', 'order.completed']);
    const noShowTypes = await typesTo(everything, noShow.id);
    expect(noShowTypes).toContain('order.updated');
    expect(noShowTypes).not.toContain('order.completed');
    expect(await typesTo(cancelledOnly, negative.id)).toEqual([]);
  });
});

describe('message.failed', () => {
  it('a message that fails for good: message.failed with its channel, purpose and order, the error without the address; in the failure\'s transaction', async () => {
    const order = await newOrder();
    const [message] = rowsOf<{ id: string }>(await db().execute(sql`select id from messages where order_id = ${order.id}`));
    const email = (order.participant as { email: string }).email;
    const refusing: Providers = {
      email: { name: 'smtp', send: async (m) => ({ ok: false, permanent: true, error: `550 5.1.1 <${m.to}>: Recipient address rejected (call +1 214 555 0188)` }) },
      sms: null,
    };
    expect(await runDueMessages({ db: db(), messageIds: [message.id], providers: refusing })).toMatchObject({ claimed: 1, failed: 1 });
    const failed = (await deliveriesTo(everything)).filter((d) => d.event_type === 'message.failed' && (d.payload.data.message as { id: string }).id === message.id);
    expect(failed).toHaveLength(1);
    expectCatalogPayload(failed[0]);
    expect(failed[0].order_id).toBeNull();
    expect(failed[0].payload).not.toHaveProperty('sequence');
    expect(failed[0].payload.data).toEqual({
      message: {
        id: message.id,
        channel: 'email',
        purpose: 'orderCreated',
        order: { id: order.id, url: `/api/v2/orders/${order.id}` },
        failedAt: expect.any(String),
        error: '550 5.1.1 <[address]>: Recipient address rejected (call [address])',
      },
    });
    expect(JSON.stringify(failed[0].payload)).not.toContain(email);
    const [recorded] = rowsOf<{ company_id: string }>(await db().execute(sql`select company_id from events where id = ${failed[0].event_id}`));
    expect(recorded.company_id).toBe(companyId);
    // The endpoint that takes only order.cancelled got nothing else, all along.
    expect(new Set((await deliveriesTo(cancelledOnly)).map((d) => d.event_type))).toEqual(new Set(['order.cancelled']));
  });
});
