/**
 * The sandbox clock (DESIGN.md 7.6, issue 30 part 7): GET/PUT /api/v2/sandbox/clock. Every test acts
 * on tenants of its own (never Acme's or Northwind's clock, whose orders every other test uses): a
 * fresh tenant with the standard catalog, a company, a location and a package.
 */
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { createToken } from '@/lib/domain/api-tokens/tokens';
import { ownTenant } from './own-tenant';
import { call, db, expectError, get, withTestDatabase } from './harness';
import { orderBody } from './orders-fixtures';
import { runExpirySweep } from '@/lib/domain/orders/expiry';
import { purgeExpiredDocuments } from '@/lib/domain/orders/retention';
import { fileBody, pdfBytes } from './samples/documents';
import { expiryRound } from '@/lib/worker/expiry-loop';
import { silentLogger } from '@/lib/worker/loop';

withTestDatabase();

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface Sandbox {
  tenantId: string;
  bearer: string;
  locationId: string;
  packageId: string;
  companyId: string;
}

/** A tenant of its own, ready to order: catalog, company, location, package and a tenant-wide token with every scope. */
async function sandboxTenant(): Promise<Sandbox> {
  const { tenantId, bearer, companyId, locationId, made, serviceId } = await ownTenant('Sandbox');
  const packageId = await made('/api/v2/packages', { name: 'Sandbox package', company: { id: companyId }, services: [{ id: await serviceId('Non-DOT 10-Panel Urine Drug Screen') }] });
  return { tenantId, bearer, locationId, packageId, companyId };
}

const clockOf = (s: Sandbox) => call('GET', '/api/v2/sandbox/clock', { token: s.bearer });
const moveTo = (s: Sandbox, now: Date | string, bearer = s.bearer) =>
  call('PUT', '/api/v2/sandbox/clock', { token: bearer, body: { now: typeof now === 'string' ? now : now.toISOString() } });

async function orderIn(s: Sandbox, expiresAt?: Date) {
  const body = orderBody({ location: { id: s.locationId }, package: { id: s.packageId }, settings: expiresAt ? { expiresAt: expiresAt.toISOString() } : {} });
  const res = await call('POST', '/api/v2/orders', { token: s.bearer, body });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const reminders = async (orderId: string) =>
  rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from messages where order_id = ${orderId} and template = 'reminder'`))[0].n;
const statusOf = async (s: Sandbox, orderId: string) => (await get(`/api/v2/orders/${orderId}`, { token: s.bearer })).body.status as string;

let a: Sandbox;
let b: Sandbox;
beforeAll(async () => {
  [a, b] = await Promise.all([sandboxTenant(), sandboxTenant()]);
});

describe('GET /api/v2/sandbox/clock', () => {
  it('a fresh tenant runs on real time: offset 0', async () => {
    const before = Date.now();
    const res = await clockOf(b);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'sandboxClock', offsetMs: 0 });
    expect(res.body.now).toBe(res.body.realNow);
    expect(Date.parse(res.body.realNow)).toBeGreaterThanOrEqual(before);
  });
});

describe('PUT /api/v2/sandbox/clock', () => {
  it('an order created with a two-day expiry is expired in the answer of the PUT that moves the clock three days', async () => {
    const start = new Date(Date.parse((await clockOf(a)).body.now));
    const order = await orderIn(a, new Date(start.getTime() + 2 * DAY));
    expect(order.status).toBe('ordered');
    const otherOrder = await orderIn(b, new Date(Date.now() + 2 * DAY));

    const target = new Date(start.getTime() + 3 * DAY);
    const moved = await moveTo(a, target);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ object: 'sandboxClock', now: target.toISOString() });
    expect(moved.body.offsetMs).toBe(target.getTime() - Date.parse(moved.body.realNow));
    expect(await statusOf(a, order.id)).toBe('expired');
    // Audited, with the tenant as subject.
    const [audit] = rowsOf<{ data: { to: string } }>(
      await db().execute(sql`select data from audit_events where tenant_id = ${a.tenantId} and action = 'tenant.clockMoved' order by created_at desc limit 1`),
    );
    expect(audit.data.to).toBe(target.toISOString());

    // The other tenant's clock and orders are untouched.
    expect((await clockOf(b)).body.offsetMs).toBe(0);
    expect(await statusOf(b, otherOrder.id)).toBe('ordered');
    expect(await reminders(otherOrder.id)).toBe(0);
  });

  it('the reminders (REMINDER_HOURS 48,24) are queued once each as the clock passes them', async () => {
    const start = Date.parse((await clockOf(a)).body.now);
    const expiresAt = start + 3 * DAY;
    const order = await orderIn(a, new Date(expiresAt));
    const step = async (hoursBeforeExpiry: number) => {
      const res = await moveTo(a, new Date(expiresAt - hoursBeforeExpiry * HOUR));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await step(49);
    expect(await reminders(order.id)).toBe(0);
    await step(47);
    expect(await reminders(order.id)).toBe(1);
    await step(46);
    expect(await reminders(order.id)).toBe(1);
    await step(23);
    expect(await reminders(order.id)).toBe(2);
    await step(1);
    expect(await reminders(order.id)).toBe(2);
    expect(await statusOf(a, order.id)).toBe('ordered');
    await step(-1);
    expect(await statusOf(a, order.id)).toBe('expired');
    expect(await reminders(order.id)).toBe(2);
  });

  it('create-order reads the tenant clock: the default expiry is 14 days after the tenant now, and an expiry before it is 400', async () => {
    const now = Date.parse((await clockOf(a)).body.now);
    expect(now - Date.now()).toBeGreaterThan(DAY);
    const order = await orderIn(a);
    expect(Date.parse(order.expiresAt!)).toBeGreaterThanOrEqual(now + 14 * DAY);
    const body = orderBody({ location: { id: a.locationId }, package: { id: a.packageId }, settings: { expiresAt: new Date(now - HOUR).toISOString() } });
    expectError(await call('POST', '/api/v2/orders', { token: a.bearer, body }), 400, 'invalidValue', '/settings/expiresAt');
  });

  it('an expiry extension must lie after the tenant now: 400 invalidValue at /expiresAt', async () => {
    const order = await orderIn(a);
    const now = Date.parse((await clockOf(a)).body.now);
    const res = await call('PUT', `/api/v2/orders/${order.id}/expiration`, { token: a.bearer, body: { expiresAt: new Date(now - HOUR).toISOString() } });
    expectError(res, 400, 'invalidValue', '/expiresAt');
  });

  it('422 invalidState at /now for a now before the tenant now; the clock stays', async () => {
    const before = (await clockOf(a)).body;
    const back = new Date(Date.parse(before.now) - HOUR);
    expectError(await moveTo(a, back), 422, 'invalidState', '/now');
    expect((await clockOf(a)).body.offsetMs).toBe(before.offsetMs);
  });

  it('400 invalidValue at /now beyond two years after real time, and 400 invalidFormat for a now that is no date-time', async () => {
    const far = new Date();
    far.setUTCFullYear(far.getUTCFullYear() + 2);
    far.setUTCDate(far.getUTCDate() + 1);
    expectError(await moveTo(b, far), 400, 'invalidValue', '/now');
    expectError(await moveTo(b, 'tomorrow'), 400, 'invalidFormat', '/now');
    expect((await clockOf(b)).body.offsetMs).toBe(0);
  });

  it('403 insufficientScope for a company-limited token and for a token without order.service.write', async () => {
    const limited = (await createToken(db(), { tenantId: b.tenantId, name: 'limited', scopes: 'all', companyIds: [b.companyId] })).token;
    expectError(await moveTo(b, new Date(Date.now() + DAY), limited), 403, 'insufficientScope');
    expectError(await call('GET', '/api/v2/sandbox/clock', { token: limited }), 403, 'insufficientScope');
    const noScope = (await createToken(db(), { tenantId: b.tenantId, name: 'reader', scopes: ['order.list'], companyIds: 'all' })).token;
    expectError(await moveTo(b, new Date(Date.now() + DAY), noScope), 403, 'insufficientScope');
    expect((await clockOf(b)).body.offsetMs).toBe(0);
  });
});

describe('the expiry loop reads each tenant clock', () => {
  it('an order due by its tenant clock, though not by real time, is expired by the loop round, not by a real-time sweep', async () => {
    const order = await orderIn(a);
    const tenantNowMs = Date.parse((await clockOf(a)).body.now);
    // Due an hour ago by the tenant clock, days ahead of real time (set directly: the PUT would already have swept it).
    const due = new Date(tenantNowMs - HOUR);
    expect(due.getTime()).toBeGreaterThan(Date.now() + DAY);
    await db().execute(sql`update orders set expires_at = ${due.toISOString()}::timestamptz where id = ${order.id}`);
    expect((await runExpirySweep({ db: db(), orderIds: [order.id] })).expired).toEqual([]);
    expect(await statusOf(a, order.id)).toBe('ordered');
    await expiryRound(db(), silentLogger);
    expect(await statusOf(a, order.id)).toBe('expired');
  });
});

describe("a sandbox tenant's stamps are its clock's", () => {
  it('orders and their events are dated on the moved clock, and the 30-day matching window counts in that time', async () => {
    const c = await sandboxTenant();
    const endpoint = await call('POST', '/api/v2/webhook-endpoints', { token: c.bearer, body: { url: 'https://hooks.example.com/in', enabledEvents: ['order.created'] } });
    expect(endpoint.status).toBe(201);
    const body = orderBody({ location: { id: c.locationId }, package: { id: c.packageId } });
    const first = await call('POST', '/api/v2/orders', { token: c.bearer, body });
    expect(first.status).toBe(201);

    const moved = Date.now() + 31 * DAY;
    expect((await moveTo(c, new Date(moved))).status).toBe(200);
    // 31 days on, the first order is out of the window: a new order for the same person.
    const second = await call('POST', '/api/v2/orders', { token: c.bearer, body });
    expect(second.status).toBe(201);
    expect(Math.abs(Date.parse(second.body.createdAt) - moved)).toBeLessThan(HOUR);
    // Placed again at once, it matches the second order (created "today" on the tenant's clock).
    const again = await call('POST', '/api/v2/orders', { token: c.bearer, body });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(second.body.id);

    const created = await call('GET', '/api/v2/events', { token: c.bearer, query: { type: 'order.created' } });
    const stamps = created.body.data.map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect(stamps).toHaveLength(2);
    expect(Math.abs(stamps[0] - moved)).toBeLessThan(HOUR);
    // Its delivery is due now in real time (the worker's schedule), not a month from now.
    const [delivery] = rowsOf<{ due: boolean }>(
      await db().execute(sql`select next_attempt_at <= now() as due from webhook_deliveries where event_id = ${created.body.data[0].id}`),
    );
    expect(delivery.due).toBe(true);
  });
});

describe('retention on the tenant clock (49 CFR 382.401)', () => {
  it("a cancelled order's papers go once the tenant's clock passes their day (1 year), not before, and no other tenant's", async () => {
    const c = await sandboxTenant();
    const order = await orderIn(c);
    const uploaded = await call('POST', `/api/v2/orders/${order.id}/documents`, { token: c.bearer, query: { type: 'mroLetter' }, body: fileBody(pdfBytes('retention'), 'application/pdf') });
    expect(uploaded.status).toBe(201);
    expect((await call('PUT', `/api/v2/orders/${order.id}/cancellation`, { token: c.bearer, body: { reason: 'Withdrew' } })).status).toBe(200);
    // Without --as-of each tenant purges as of its own clock's day: nothing is due yet.
    expect((await purgeExpiredDocuments(db(), { tenantId: c.tenantId, dryRun: true })).orders).toEqual([]);

    expect((await moveTo(c, new Date(Date.now() + 367 * DAY))).status).toBe(200);
    const purged = await purgeExpiredDocuments(db(), { tenantId: c.tenantId });
    expect(purged.orders.map((o) => o.orderId)).toEqual([order.id]);
    const [doc] = rowsOf<{ purged: boolean; contents: number }>(
      await db().execute(sql`select d.purged_at is not null as purged, (select count(*)::int from document_contents where document_id = d.id) as contents
        from documents d where d.order_id = ${order.id}`),
    );
    expect(doc).toEqual({ purged: true, contents: 0 });
    // A tenant on real time keeps its cancelled orders' papers of today.
    const other = await orderIn(b);
    await call('POST', `/api/v2/orders/${other.id}/documents`, { token: b.bearer, query: { type: 'mroLetter' }, body: fileBody(pdfBytes('kept'), 'application/pdf') });
    await call('PUT', `/api/v2/orders/${other.id}/cancellation`, { token: b.bearer, body: { reason: 'Withdrew' } });
    expect((await purgeExpiredDocuments(db(), { tenantId: b.tenantId, dryRun: true })).orders).toEqual([]);
  });
});

describe('production', () => {
  const saved = process.env.APP_ENV;
  afterEach(() => {
    if (saved === undefined) delete process.env.APP_ENV;
    else process.env.APP_ENV = saved;
  });

  it('answers 404 notFound, as if the path did not exist, before authentication', async () => {
    process.env.APP_ENV = 'production';
    expectError(await clockOf(b), 404, 'notFound');
    expectError(await moveTo(b, new Date(Date.now() + DAY)), 404, 'notFound');
    expectError(await call('GET', '/api/v2/sandbox/clock'), 404, 'notFound');
    process.env.APP_ENV = 'staging';
    expect((await clockOf(b)).body.offsetMs).toBe(0);
  });
});
