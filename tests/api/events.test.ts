/**
 * The Events API (DESIGN.md 7.6, issue 30 point 6): GET /api/v2/events and /events/{id}. A tenant
 * of its own with two companies and two endpoints (one answers, one is down): four events — an
 * order of each company, one more not yet attempted, and a `message.failed` about no company —
 * whose deliveries are recorded with the delivery worker's own `recordAttempt`.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { createToken } from '@/lib/domain/api-tokens/tokens';
import { withTransaction } from '@/lib/domain/transaction';
import { emitEvent } from '@/lib/domain/webhook-endpoints';
import { addStandardCatalog } from '@/lib/seed/catalog';
import { recordAttempt } from '@/lib/worker/delivery-worker';
import { createTestTenant } from './admins';
import { call, db, expectError, get, token, withTestDatabase } from './harness';
import { orderBody } from './orders-fixtures';

withTestDatabase();

const address = { line1: '2100 Ross Ave', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' };

let tenantId: string;
let admin: string;
let onlyA: string;
let onlyB: string;
let up: string;
let down: string;
/** e1: company A, delivered to `up`, retrying at `down`; e2: company B, delivered to both; e3: company A, not attempted; e4: no company, failed for good at `down`. */
const ev: Record<'e1' | 'e2' | 'e3' | 'e4', { id: string; createdAt: string }> = {} as never;

const deliveryOf = async (eventId: string, endpointId: string) =>
  rowsOf<{ id: string; attempt_count: number }>(await db().execute(sql`select id, attempt_count from webhook_deliveries where event_id = ${eventId} and endpoint_id = ${endpointId}`))[0];

/** One attempt of the worker: claimed (attempt_count + 1) and recorded as the worker records it. */
async function attempt(eventId: string, endpointId: string, ok: boolean, retrySchedule: number[] = [60]) {
  const d = await deliveryOf(eventId, endpointId);
  await db().execute(sql`update webhook_deliveries set attempt_count = attempt_count + 1 where id = ${d.id}`);
  const result = ok ? { ok: true, statusCode: 204, durationMs: 12, error: null } : { ok: false, statusCode: 500, durationMs: 15, error: 'HTTP 500' };
  await recordAttempt(db(), { id: d.id, attemptCount: d.attempt_count + 1 }, result, { attemptedAt: new Date(), retrySchedule });
}

const eventOf = async (orderId: string) => {
  const [row] = rowsOf<{ id: string; created_at: Date | string }>(await db().execute(sql`select id, created_at from events where order_id = ${orderId} and type = 'order.created'`));
  return { id: row.id, createdAt: new Date(row.created_at).toISOString() };
};

beforeAll(async () => {
  const tenant = await createTestTenant();
  tenantId = tenant.id;
  await addStandardCatalog(db(), tenantId);
  admin = (await createToken(db(), { tenantId, name: 'events', scopes: 'all', companyIds: 'all' })).token;
  const made = async (path: string, body: unknown) => {
    const res = await call('POST', path, { token: admin, body });
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  const [urine] = rowsOf<{ id: string }>(await db().execute(sql`select id from services where tenant_id = ${tenantId} and name = 'Non-DOT 10-Panel Urine Drug Screen'`));
  const at: Record<string, { location: string; pkg: string }> = {};
  const companies: Record<string, string> = {};
  for (const name of ['A', 'B']) {
    companies[name] = await made('/api/v2/companies', { name: `Events ${name}`, address });
    at[name] = {
      location: await made('/api/v2/locations', { company: { id: companies[name] }, name: `Yard ${name}`, address }),
      pkg: await made('/api/v2/packages', { name: `Package ${name}`, company: { id: companies[name] }, services: [{ id: urine.id }] }),
    };
  }
  onlyA = (await createToken(db(), { tenantId, name: 'A', scopes: ['webhook.read'], companyIds: [companies.A] })).token;
  onlyB = (await createToken(db(), { tenantId, name: 'B', scopes: ['webhook.read'], companyIds: [companies.B] })).token;
  up = await made('/api/v2/webhook-endpoints', { url: 'http://127.0.0.1:9/up', enabledEvents: ['*'] });
  down = await made('/api/v2/webhook-endpoints', { url: 'http://127.0.0.1:9/down', enabledEvents: ['order.created', 'message.failed'] });
  const order = async (c: 'A' | 'B') => {
    const res = await call('POST', '/api/v2/orders', { token: admin, body: orderBody({ location: { id: at[c].location }, package: { id: at[c].pkg } }) });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return eventOf(res.body.id);
  };
  ev.e1 = await order('A');
  ev.e2 = await order('B');
  ev.e3 = await order('A');
  const e4 = await withTransaction({ db: db() }, (t) =>
    emitEvent(t, {
      tenantId,
      type: 'message.failed',
      companyId: null,
      data: { message: { id: '00000000-0000-4000-8000-00000000f001', channel: 'email', purpose: 'userInvitation', order: null, failedAt: new Date().toISOString(), error: 'providerNotConfigured' } },
    }),
  );
  ev.e4 = { id: e4.id, createdAt: e4.payload.createdAt as string };
  await attempt(ev.e1.id, up, true);
  await attempt(ev.e1.id, down, false);
  await attempt(ev.e2.id, up, true);
  await attempt(ev.e2.id, down, false);
  await attempt(ev.e2.id, down, true);
  await attempt(ev.e4.id, up, true);
  await attempt(ev.e4.id, down, false, []);
});

const ids = (body: { data: Array<{ id: string }> }) => body.data.map((e) => e.id);

describe('GET /api/v2/events', () => {
  it('200: the tenant\'s events newest first, each with its data and its endpoint deliveries counted', async () => {
    const res = await get('/api/v2/events', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 4, page: 1, limit: 10 });
    expect(ids(res.body)).toEqual([ev.e4.id, ev.e3.id, ev.e2.id, ev.e1.id]);
    const [e4, e3, e2, e1] = res.body.data;
    expect(e1).toMatchObject({ object: 'event', id: ev.e1.id, type: 'order.created', createdAt: ev.e1.createdAt, deliveries: { total: 2, delivered: 1, pending: 1, failed: 0 } });
    expect(e1.data).toMatchObject({ order: { object: 'order', status: 'ordered' } });
    expect(e2.deliveries).toEqual({ total: 2, delivered: 2, pending: 0, failed: 0 });
    expect(e3.deliveries).toEqual({ total: 2, delivered: 0, pending: 2, failed: 0 });
    expect(e4).toMatchObject({ type: 'message.failed', deliveries: { total: 2, delivered: 1, pending: 0, failed: 1 }, data: { message: { purpose: 'userInvitation', order: null } } });
  });

  it('type: only that catalog type; an unknown type is 400 invalidValue at /type', async () => {
    expect(ids((await get('/api/v2/events', { token: admin, query: { type: 'order.created' } })).body)).toEqual([ev.e3.id, ev.e2.id, ev.e1.id]);
    expect(ids((await get('/api/v2/events', { token: admin, query: { type: 'message.failed' } })).body)).toEqual([ev.e4.id]);
    expect((await get('/api/v2/events', { token: admin, query: { type: 'order.updated' } })).body).toMatchObject({ total: 0, data: [] });
    expectError(await get('/api/v2/events', { token: admin, query: { type: 'order.deleted' } }), 400, 'invalidValue', '/type');
  });

  it('createdAfter (inclusive) and createdBefore (exclusive); not a date-time is 400 invalidFormat at its pointer', async () => {
    expect(ids((await get('/api/v2/events', { token: admin, query: { createdAfter: ev.e2.createdAt } })).body)).toEqual([ev.e4.id, ev.e3.id, ev.e2.id]);
    expect(ids((await get('/api/v2/events', { token: admin, query: { createdBefore: ev.e2.createdAt } })).body)).toEqual([ev.e1.id]);
    expect(ids((await get('/api/v2/events', { token: admin, query: { createdAfter: ev.e2.createdAt, createdBefore: ev.e3.createdAt } })).body)).toEqual([ev.e2.id]);
    expectError(await get('/api/v2/events', { token: admin, query: { createdAfter: 'yesterday' } }), 400, 'invalidFormat', '/createdAfter');
    expectError(await get('/api/v2/events', { token: admin, query: { createdBefore: '2026-13-01T00:00:00Z' } }), 400, 'invalidFormat', '/createdBefore');
  });

  it('deliverySuccess=true: delivered to every endpoint it went to; false: one failed for good or retrying after a failed attempt; not attempted matches neither', async () => {
    const yes = await get('/api/v2/events', { token: admin, query: { deliverySuccess: 'true' } });
    expect(ids(yes.body)).toEqual([ev.e2.id]);
    expect(yes.body.total).toBe(1);
    const no = await get('/api/v2/events', { token: admin, query: { deliverySuccess: 'false' } });
    expect(ids(no.body)).toEqual([ev.e4.id, ev.e1.id]);
    expect(no.body.total).toBe(2);
    expect(ids((await get('/api/v2/events', { token: admin, query: { deliverySuccess: 'false', type: 'order.created' } })).body)).toEqual([ev.e1.id]);
    expectError(await get('/api/v2/events', { token: admin, query: { deliverySuccess: 'yes' } }), 400, 'invalidValue', '/deliverySuccess');
  });

  it('pages of at most 20: limit=1 page=2 is the second newest; limit 21 is 400 tooBig at /limit', async () => {
    const second = await get('/api/v2/events', { token: admin, query: { limit: 1, page: 2 } });
    expect(second.body).toMatchObject({ total: 4, page: 2, limit: 1 });
    expect(ids(second.body)).toEqual([ev.e3.id]);
    expectError(await get('/api/v2/events', { token: admin, query: { limit: 21 } }), 400, 'tooBig', '/limit');
  });

  it('a principal of one company sees that company\'s events and those about no company; another tenant sees none of them', async () => {
    expect(ids((await get('/api/v2/events', { token: onlyA })).body)).toEqual([ev.e4.id, ev.e3.id, ev.e1.id]);
    const b = await get('/api/v2/events', { token: onlyB });
    expect(ids(b.body)).toEqual([ev.e4.id, ev.e2.id]);
    expect(b.body.total).toBe(2);
    expect(ids((await get('/api/v2/events', { token: onlyB, query: { deliverySuccess: 'false' } })).body)).toEqual([ev.e4.id]);
    const foreign = await get('/api/v2/events', { token: await token({ tenant: 'northwind' }), query: { limit: 20 } });
    expect(foreign.status).toBe(200);
    for (const e of Object.values(ev)) expect(ids(foreign.body)).not.toContain(e.id);
  });

  it('401 without a token; 403 insufficientScope without webhook.read', async () => {
    expectError(await get('/api/v2/events'), 401, 'unauthenticated');
    expectError(await get('/api/v2/events', { token: await token({ scopes: ['order.list', 'order.read'] }) }), 403, 'insufficientScope');
  });
});

describe('GET /api/v2/events/{id}', () => {
  it('200: the event as the list shows it', async () => {
    const res = await get(`/api/v2/events/${ev.e1.id}`, { token: admin });
    expect(res.status).toBe(200);
    const listed = (await get('/api/v2/events', { token: admin, query: { type: 'order.created', limit: 20 } })).body.data.find((e: { id: string }) => e.id === ev.e1.id);
    expect(res.body).toEqual(listed);
  });

  it('404 notFound for an unknown id, another company\'s event and another tenant\'s, alike', async () => {
    const unknown = await get('/api/v2/events/evt_00000000000040008000000000000000', { token: admin });
    expectError(unknown, 404, 'notFound');
    const otherCompany = await get(`/api/v2/events/${ev.e2.id}`, { token: onlyA });
    expectError(otherCompany, 404, 'notFound');
    expect(otherCompany.body).toEqual(unknown.body);
    expectError(await get(`/api/v2/events/${ev.e1.id}`, { token: await token({ tenant: 'northwind' }) }), 404, 'notFound');
    // An event about no company is every principal's of the tenant.
    expect((await get(`/api/v2/events/${ev.e4.id}`, { token: onlyB })).status).toBe(200);
  });
});
