/**
 * Webhook delivery (issue 4): real orders created and moved through the API, a real HTTP receiver
 * on loopback, and the worker's functions run directly (no timers). On PostgreSQL the database is
 * shared with the other test files, so every worker call is limited to this file's orders.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '@/lib/api/operations';
import { openDatabase, rowsOf, type Database } from '@/lib/db/client';
import { tenants, webhookAttempts, webhookDeliveries } from '@/lib/db/schema';
import { DEMO } from '@/lib/seed';
import { claimDueDeliveries, runDueDeliveries, type DeliveryRunOptions } from '@/lib/worker/delivery-worker';
import { call, db, expectError, get, token, withTestDatabase, type ApiResponse } from './harness';
import { acme, createOrder, orderBody, withParticipant } from './orders-fixtures';
import { describeAuthentication, describePagination } from './shared';
import { CONDITIONS, needs } from '../conditions';

withTestDatabase();

// ---------------------------------------------------------------------------------------------
// A receiver on loopback whose answers a test scripts
// ---------------------------------------------------------------------------------------------

interface Receipt {
  headers: Record<string, string>;
  body: string;
  json: { id: string; sequence: number; type: string; data: { order: { id: string; status: string; participant: Record<string, unknown> } } };
}
type Behaviour = (res: http.ServerResponse) => void;
const answer = (status: number, body = '', headers: Record<string, string> = {}): Behaviour => (res) => {
  res.writeHead(status, headers);
  res.end(body);
};
/** Never answers (the socket is closed when the receiver stops). */
const hang: Behaviour = () => {};

class Receiver {
  readonly receipts: Receipt[] = [];
  /** Behaviours for the next requests, in order; then 200. */
  readonly script: Behaviour[] = [];
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      this.receipts.push({ headers: req.headers as Record<string, string>, body, json: JSON.parse(body) });
      const behave = this.script.shift() ?? answer(200, 'ok');
      if (this.delayMs) setTimeout(() => behave(res), this.delayMs);
      else behave(res);
    });
  });
  private sockets = new Set<Socket>();
  port = 0;
  delayMs = 0;

  async start(port = 0): Promise<this> {
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }
  get url() {
    return `http://127.0.0.1:${this.port}/hook`;
  }
  /** Stops listening: connections are refused until `resume`. */
  async pause() {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  async resume() {
    this.server = http.createServer(this.server.listeners('request')[0] as http.RequestListener);
    await this.start(this.port);
  }
  async stop() {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  idsOf(orderId: string) {
    return this.receipts.filter((r) => r.json.data.order.id === orderId);
  }
}

const receivers: Receiver[] = [];
async function receiver(): Promise<Receiver> {
  const r = await new Receiver().start();
  receivers.push(r);
  return r;
}
afterAll(async () => {
  for (const r of receivers) await r.stop().catch(() => {});
});

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

let acmeSecret: string;
beforeAll(async () => {
  [{ secret: acmeSecret }] = await db().select({ secret: tenants.webhookSecret }).from(tenants).where(eq(tenants.id, DEMO.tenants.acme.id));
});

const serviceEvent = async (orderId: string, serviceId: string, body: Record<string, unknown>, t?: string) => {
  const res = await call('POST', `/api/v2/orders/${orderId}/services/${serviceId}/events`, { token: t ?? (await token()), body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** An order with a callback to `url`, moved once (one `order.updated` event). */
async function orderWithEvent(url: string, opts: { t?: string; body?: Record<string, unknown> } = {}) {
  const order = await createOrder(opts.body ?? orderBody({ callback: { url } }), opts.t);
  await serviceEvent(order.id, order.services[0].id, { status: 'pending_collectionInitiated', milestone: 'collectionInitiated' }, opts.t);
  return order;
}

/** One worker round limited to `orderIds`, with a fast schedule for tests. */
const runFor = (orderIds: string[], extra: Partial<DeliveryRunOptions> = {}) =>
  runDueDeliveries({ db: db(), orderIds, timeoutMs: 2_000, retrySchedule: [0, 0, 0, 0, 0, 0], ...extra });

/** Rounds until nothing of these orders is due. */
async function drain(orderIds: string[], extra: Partial<DeliveryRunOptions> = {}) {
  let total = 0;
  for (let i = 0; i < 50; i++) {
    const r = await runFor(orderIds, extra);
    total += r.claimed;
    if (r.claimed === 0) return total;
  }
  throw new Error('deliveries still due after 50 rounds');
}

async function deliveriesOf(orderId: string) {
  return db().select().from(webhookDeliveries).where(eq(webhookDeliveries.orderId, orderId)).orderBy(webhookDeliveries.sequence);
}
async function attemptsOf(deliveryId: string) {
  return db().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(webhookAttempts.attemptedAt, webhookAttempts.id);
}

function expectSigned(r: Receipt, secret = acmeSecret) {
  const verified = new Webhook(secret).verify(r.body, r.headers) as Receipt['json'];
  expect(verified.id).toBe(r.headers['webhook-id']);
  return verified;
}

// OpenAPI validation of the representations, as tests/api/openapi.test.ts does for the others,
// and of the event payload against the document's `order.updated` webhook.
let validateAgainstDoc: (id: keyof typeof operations, res: ApiResponse) => void;
let validateEvent: (event: unknown) => void;
beforeAll(async () => {
  const doc = (await call('GET', '/api/v2/openapi.json')).body;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  validateAgainstDoc = (id, res) => {
    const op = operations[id];
    let response = doc.paths[op.path][op.method.toLowerCase()].responses[String(res.status)];
    if (response.$ref) response = doc.components.responses[response.$ref.split('/').pop()];
    const validate = ajv.compile({ ...response.content['application/json'].schema, components: doc.components });
    expect(validate(res.body), `${id} ${res.status}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
  };
  validateEvent = (event) => {
    const validate = ajv.compile({ ...doc.webhooks['order.updated'].post.requestBody.content['application/json'].schema, components: doc.components });
    expect(validate(event), `order.updated: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
  };
});

// ---------------------------------------------------------------------------------------------
// Delivery
// ---------------------------------------------------------------------------------------------

describe('webhook delivery worker', () => {
  it('delivers a signed order.updated event that verifies with the standardwebhooks package', async () => {
    const hook = await receiver();
    const identifiers = [{ type: 'driversLicense', value: 'D7654321', issuingCountry: 'US', issuingState: 'TX' }];
    const order = await orderWithEvent(hook.url, { body: withParticipant({ identifiers }, { callback: { url: hook.url } }) });
    const result = await runFor([order.id]);
    expect(result).toMatchObject({ claimed: 1, delivered: 1, retrying: 0, failed: 0 });

    expect(hook.receipts).toHaveLength(1);
    const [r] = hook.receipts;
    const event = expectSigned(r);
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['user-agent']).toBe('drug-testing-orders-webhooks/2');
    expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(event).toMatchObject({ object: 'event', type: 'order.updated', sequence: 1, data: { order: { id: order.id, status: 'pending', object: 'order' } } });
    expect(Object.keys(event).slice(0, 2)).toEqual(['id', 'object']);
    validateEvent(event);
    // Never participant identifiers, although the order has some.
    expect(event.data.order.participant).not.toHaveProperty('identifiers');
    expect(r.body).not.toContain('D7654321');
    // A tampered body does not verify.
    expect(() => new Webhook(acmeSecret).verify(r.body.replace('pending', 'negative'), r.headers)).toThrow();

    const [delivery] = await deliveriesOf(order.id);
    expect(delivery).toMatchObject({ status: 'delivered', eventId: r.headers['webhook-id'], attemptCount: 1, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
    expect(delivery.deliveredAt).toBeInstanceOf(Date);
    const attempts = await attemptsOf(delivery.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ statusCode: 200, error: null });
    expect(attempts[0].durationMs).toBeGreaterThanOrEqual(0);

    // Nothing more to do.
    expect((await runFor([order.id])).claimed).toBe(0);
    expect(hook.receipts).toHaveLength(1);
  });

  it('retries after 500s, a timeout and a refused connection, then succeeds, all with one webhook-id', async () => {
    const hook = await receiver();
    const order = await orderWithEvent(hook.url);
    hook.script.push(answer(500, 'database down'), answer(503), hang);

    expect(await runFor([order.id])).toMatchObject({ claimed: 1, retrying: 1 });
    expect(await runFor([order.id])).toMatchObject({ claimed: 1, retrying: 1 });
    expect(await runFor([order.id], { timeoutMs: 300 })).toMatchObject({ claimed: 1, retrying: 1 });
    await hook.pause();
    expect(await runFor([order.id])).toMatchObject({ claimed: 1, retrying: 1 });
    await hook.resume();
    expect(await runFor([order.id])).toMatchObject({ claimed: 1, delivered: 1 });

    const [delivery] = await deliveriesOf(order.id);
    expect(delivery).toMatchObject({ status: 'delivered', attemptCount: 5, lastStatusCode: 200 });
    const attempts = await attemptsOf(delivery.id);
    expect(attempts.map((a) => a.statusCode)).toEqual([500, 503, null, null, 200]);
    expect(attempts[0].error).toBe('HTTP 500: database down');
    expect(attempts[1].error).toBe('HTTP 503');
    expect(attempts[2].error).toMatch(/^Timed out after 300 ms/);
    expect(attempts[2].durationMs).toBeGreaterThanOrEqual(290);
    expect(attempts[3].error).toMatch(/Connection refused/);
    expect(attempts[4].error).toBeNull();

    // The receiver saw four requests (the refused one never arrived), all the same event, each signed afresh.
    expect(hook.receipts).toHaveLength(4);
    expect(new Set(hook.receipts.map((r) => r.headers['webhook-id']))).toEqual(new Set([delivery.eventId]));
    for (const r of hook.receipts) expect(expectSigned(r).id).toBe(delivery.eventId);
  });

  it('retries on the schedule with backoff, and fails for good when the schedule runs out', async () => {
    const hook = await receiver();
    const order = await orderWithEvent(hook.url);
    hook.script.push(answer(500), answer(500), answer(500));
    const t0 = Date.now() + 1_000;
    const at = (ms: number) => () => new Date(t0 + ms);
    const schedule = [10, 60]; // seconds

    expect(await runFor([order.id], { now: at(0), retrySchedule: schedule })).toMatchObject({ retrying: 1 });
    let [d] = await deliveriesOf(order.id);
    // 10 s and up to 20 % jitter, counted from the end of the attempt (its recorded start and duration).
    const [first] = await attemptsOf(d.id);
    const firstDelay = d.nextAttemptAt!.getTime() - (d.lastAttemptAt!.getTime() + first.durationMs);
    expect(firstDelay).toBeGreaterThanOrEqual(10_000);
    expect(firstDelay).toBeLessThanOrEqual(12_000);
    // Not due before its time.
    expect((await runFor([order.id], { now: at(9_000), retrySchedule: schedule })).claimed).toBe(0);
    expect(await runFor([order.id], { now: at(13_000), retrySchedule: schedule })).toMatchObject({ retrying: 1 });
    [d] = await deliveriesOf(order.id);
    expect(d.nextAttemptAt!.getTime() - (t0 + 13_000)).toBeGreaterThanOrEqual(60_000);
    expect(await runFor([order.id], { now: at(13_000 + 73_000), retrySchedule: schedule })).toMatchObject({ failed: 1 });

    [d] = await deliveriesOf(order.id);
    expect(d).toMatchObject({ status: 'failed', attemptCount: 3, nextAttemptAt: null, lastStatusCode: 500, lastError: 'HTTP 500' });
    expect((await runFor([order.id], { now: at(10 * 86_400_000), retrySchedule: schedule })).claimed).toBe(0);
    expect(hook.receipts).toHaveLength(3);
  });

  it('redelivery through the API sends the same event again with the same webhook-id', async () => {
    const hook = await receiver();
    const order = await orderWithEvent(hook.url);
    hook.script.push(answer(500), answer(500));
    await drain([order.id], { retrySchedule: [0] });
    let [d] = await deliveriesOf(order.id);
    expect(d.status).toBe('failed');

    const t = await token({ scopes: ['webhook.write'] });
    const res = await call('POST', `/api/v2/webhooks/deliveries/${d.id}/redeliver`, { token: t });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    validateAgainstDoc('redeliverWebhook', res);
    expect(res.body).toMatchObject({ id: d.id, object: 'webhookDelivery', status: 'pending', eventId: d.eventId, attemptCount: 2, orderId: order.id, sequence: 1 });
    expect(res.body.attempts.map((a) => a.statusCode)).toEqual([500, 500]);

    expect(await runFor([order.id], { retrySchedule: [0] })).toMatchObject({ delivered: 1 });
    [d] = await deliveriesOf(order.id);
    expect(d).toMatchObject({ status: 'delivered', attemptCount: 3 });
    expect(hook.receipts.map((r) => r.headers['webhook-id'])).toEqual([d.eventId, d.eventId, d.eventId]);
    for (const r of hook.receipts) expectSigned(r);

    // A delivered event can be redelivered too; the receiver gets it once more.
    expect((await call('POST', `/api/v2/webhooks/deliveries/${d.id}/redeliver`, { token: t })).body.status).toBe('pending');
    expect(await runFor([order.id])).toMatchObject({ delivered: 1 });
    expect(hook.receipts).toHaveLength(4);
    expect(hook.receipts[3].body).toBe(hook.receipts[2].body);

    // Audited on the order.
    const audit = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from audit_events where order_id = ${order.id} and action = 'webhook.redelivered'`));
    expect(audit[0].n).toBe(2);
  });

  it('a claimed but never sent delivery (the worker died) is sent again once its lease expires', async () => {
    const hook = await receiver();
    const order = await orderWithEvent(hook.url);
    const t0 = Date.now() + 1_000;
    const at = (ms: number) => () => new Date(t0 + ms);

    const claimed = await claimDueDeliveries({ db: db(), orderIds: [order.id], now: at(0), leaseMs: 60_000 });
    expect(claimed).toHaveLength(1); // ... and the process is killed before it sends.
    let [d] = await deliveriesOf(order.id);
    expect(d).toMatchObject({ status: 'pending', attemptCount: 1 });
    expect(d.nextAttemptAt!.getTime()).toBe(t0 + 60_000);

    // While the lease holds, no other worker takes it.
    expect((await runFor([order.id], { now: at(30_000) })).claimed).toBe(0);
    expect(hook.receipts).toHaveLength(0);
    // After it, the next worker delivers it, exactly once.
    expect(await runFor([order.id], { now: at(60_001) })).toMatchObject({ claimed: 1, delivered: 1 });
    expect((await runFor([order.id], { now: at(200_000) })).claimed).toBe(0);
    expect(hook.receipts).toHaveLength(1);
    [d] = await deliveriesOf(order.id);
    expect(d).toMatchObject({ status: 'delivered', attemptCount: 2 });
    expect(hook.receipts[0].headers['webhook-id']).toBe(d.eventId);
    expect(await attemptsOf(d.id)).toHaveLength(1);
  });

  it('the outcome of an attempt whose claim was taken over is kept as an attempt but does not overwrite the delivery', async () => {
    const hook = await receiver();
    const order = await orderWithEvent(hook.url);
    const t0 = Date.now() + 1_000;
    const [stale] = await claimDueDeliveries({ db: db(), orderIds: [order.id], now: () => new Date(t0), leaseMs: 1_000 });
    // The lease ran out and another worker delivered it meanwhile.
    expect(await runFor([order.id], { now: () => new Date(t0 + 2_000) })).toMatchObject({ delivered: 1 });
    const { recordAttempt } = await import('@/lib/worker/delivery-worker');
    const outcome = await recordAttempt(db(), stale, { ok: false, statusCode: 500, durationMs: 5, error: 'HTTP 500' }, { attemptedAt: new Date(t0 + 3_000), retrySchedule: [0] });
    expect(outcome).toBe('superseded');
    const [d] = await deliveriesOf(order.id);
    expect(d).toMatchObject({ status: 'delivered', lastStatusCode: 200 });
    expect((await attemptsOf(d.id)).map((a) => a.statusCode)).toEqual([200, 500]);
  });

  it('sends the events of one order in sequence', async () => {
    const hook = await receiver();
    const order = await createOrder(orderBody({ callback: { url: hook.url } }));
    const sid = order.services[0].id;
    for (const status of ['pending_collectionInitiated', 'pending_collectionCompleted', 'pending_atTheLab', 'negative'])
      await serviceEvent(order.id, sid, { status });
    // A large batch: the later events wait for the earlier ones of the same order.
    const first = await runFor([order.id], { batchSize: 20 });
    expect(first.claimed).toBe(1);
    await drain([order.id]);
    expect(hook.receipts.map((r) => r.json.sequence)).toEqual([1, 2, 3, 4]);
    expect(hook.receipts.at(-1)!.json.data.order.status).toBe('negative');
  });

  it('does not follow redirects: a 3xx is a failed attempt', async () => {
    const hook = await receiver();
    const target = await receiver();
    const order = await orderWithEvent(hook.url);
    hook.script.push(answer(307, '', { location: target.url }));
    expect(await runFor([order.id])).toMatchObject({ retrying: 1 });
    const [d] = await deliveriesOf(order.id);
    expect(d).toMatchObject({ status: 'pending', lastStatusCode: 307, lastError: 'Redirect 307 not followed' });
    expect(target.receipts).toHaveLength(0);
  });

  it('refuses private, loopback and metadata addresses unless ALLOW_PRIVATE_CALLBACKS=true', async () => {
    const hook = await receiver();
    const order = await orderWithEvent(hook.url);
    expect(await runFor([order.id], { allowPrivateCallbacks: false })).toMatchObject({ claimed: 1, retrying: 1 });
    let [d] = await deliveriesOf(order.id);
    expect(d.lastStatusCode).toBeNull();
    expect(d.lastError).toMatch(/^Refused: 127\.0\.0\.1 resolves to a private, loopback, link-local or metadata address \(127\.0\.0\.1\)/);
    expect(hook.receipts).toHaveLength(0);

    // A host name is resolved first, and every address it resolves to is checked.
    const named = await orderWithEvent('http://hooks.example.test/orders');
    const resolve = async () => [{ address: '93.184.216.34', family: 4 }, { address: '169.254.169.254', family: 4 }];
    expect(await runFor([named.id], { allowPrivateCallbacks: false, resolve })).toMatchObject({ retrying: 1 });
    [d] = await deliveriesOf(named.id);
    expect(d.lastError).toMatch(/hooks\.example\.test resolves to .*\(169\.254\.169\.254\)/);

    // A host that does not resolve is a failed attempt with the DNS error.
    const nowhere = await orderWithEvent('http://nowhere.invalid/hook');
    expect(await runFor([nowhere.id], { resolve: async () => Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' })) })).toMatchObject({ retrying: 1 });
    [d] = await deliveriesOf(nowhere.id);
    expect(d.lastError).toBe('DNS lookup of nowhere.invalid failed: ENOTFOUND');
  });

  it('uses the tenant\'s current secret: after a rotation, attempts are signed with the new one', async () => {
    const hook = await receiver();
    const order = await orderWithEvent(hook.url, { t: await token({ tenant: 'northwind' }), body: northwindBody(hook.url) });
    const [{ secret: before }] = await db().select({ secret: tenants.webhookSecret }).from(tenants).where(eq(tenants.id, DEMO.tenants.northwind.id));
    await runFor([order.id]);
    expectSigned(hook.receipts[0], before);
    expect(() => new Webhook(acmeSecret).verify(hook.receipts[0].body, hook.receipts[0].headers)).toThrow();
  });
});

function northwindBody(url: string) {
  return orderBody({
    location: { id: DEMO.northwind.locations.primary },
    package: { id: DEMO.northwind.packages.nonDot },
    callback: { url },
  });
}

// ---------------------------------------------------------------------------------------------
// Two workers on one PostgreSQL
// ---------------------------------------------------------------------------------------------


/** A worker in a process of its own (run with tsx), for the kill test. */
const CHILD_WORKER = `
  (async () => {
    const { openDatabase } = await import('@/lib/db/client');
    const { runDueDeliveries } = await import('@/lib/worker/delivery-worker');
    const database = await openDatabase({ url: process.env.DATABASE_URL, maxConnections: 2 });
    await runDueDeliveries({ db: database.db, orderIds: [process.env.ORDER_ID], timeoutMs: 15000, leaseMs: 60000 });
    await database.close();
  })().catch((error) => { console.error(error); process.exit(1); });
`;
describe.skipIf(!CONDITIONS.appOnPostgres.holds)(needs('appOnPostgres', 'worker processes on one PostgreSQL'), () => {
  let pools: Database[] = [];
  beforeAll(async () => {
    pools = [await openDatabase({ url: process.env.DATABASE_URL!, maxConnections: 4 }), await openDatabase({ url: process.env.DATABASE_URL!, maxConnections: 4 })];
  });
  afterAll(async () => {
    for (const p of pools) await p.close();
  });

  it('a worker process killed in the middle of an attempt loses nothing: the event is sent again after the lease', async () => {
    const hook = await receiver();
    hook.script.push(hang);
    const order = await orderWithEvent(hook.url);
    const child = spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), '-e', CHILD_WORKER], {
      cwd: process.cwd(),
      env: { ...process.env, ORDER_ID: order.id },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    // Wait until the child's request reaches the receiver, then kill it -9.
    for (let i = 0; i < 300 && hook.receipts.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hook.receipts.length, stderr).toBe(1);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    let [d] = await deliveriesOf(order.id);
    expect(d).toMatchObject({ status: 'pending', attemptCount: 1, lastAttemptAt: null });
    expect(await attemptsOf(d.id)).toHaveLength(0);
    // Under the lease nobody sends it; after it, the next worker does.
    expect((await runFor([order.id])).claimed).toBe(0);
    expect(await runFor([order.id], { now: () => new Date(d.nextAttemptAt!.getTime() + 1) })).toMatchObject({ delivered: 1 });
    [d] = await deliveriesOf(order.id);
    expect(d).toMatchObject({ status: 'delivered', attemptCount: 2 });
    expect(hook.receipts.map((r) => r.headers['webhook-id'])).toEqual([d.eventId, d.eventId]);
  });

  it('deliver each event exactly once', async () => {
    const hook = await receiver();
    hook.delayMs = 30;
    const orders = [];
    for (let i = 0; i < 6; i++) {
      const order = await createOrder(orderBody({ callback: { url: hook.url } }));
      for (const status of ['pending_collectionInitiated', 'pending_collectionCompleted', 'pending_atTheLab'])
        await serviceEvent(order.id, order.services[0].id, { status });
      orders.push(order);
    }
    const ids = orders.map((o) => o.id);
    const pendingLeft = async () =>
      (await db().select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(and(inArray(webhookDeliveries.orderId, ids), eq(webhookDeliveries.status, 'pending')))).length;

    const worker = async (database: Database) => {
      let claimed = 0;
      for (let round = 0; round < 200 && (await pendingLeft()) > 0; round++) {
        const r = await runDueDeliveries({ db: database.db, orderIds: ids, batchSize: 2, timeoutMs: 5_000, retrySchedule: [0, 0, 0] });
        claimed += r.claimed;
        if (r.claimed === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return claimed;
    };
    const [a, b] = await Promise.all(pools.map(worker));

    expect(hook.receipts).toHaveLength(18);
    const perEvent = new Map<string, number>();
    for (const r of hook.receipts) perEvent.set(r.headers['webhook-id'], (perEvent.get(r.headers['webhook-id']) ?? 0) + 1);
    expect(perEvent.size).toBe(18);
    expect([...perEvent.values()].every((n) => n === 1)).toBe(true);
    expect(a + b).toBe(18);
    expect(a, 'both workers took part').toBeGreaterThan(0);
    expect(b, 'both workers took part').toBeGreaterThan(0);
    // Each order's events arrived in sequence.
    for (const order of orders) expect(hook.idsOf(order.id).map((r) => r.json.sequence)).toEqual([1, 2, 3]);
    const rows = await db().select().from(webhookDeliveries).where(inArray(webhookDeliveries.orderId, ids));
    expect(rows.every((d) => d.status === 'delivered' && d.attemptCount === 1)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// API
// ---------------------------------------------------------------------------------------------

describe('GET /api/v2/webhooks/deliveries', () => {
  describeAuthentication('GET', () => '/api/v2/webhooks/deliveries', 'webhook.read');
  describePagination('/api/v2/webhooks/deliveries', 'webhook.read');

  it('lists one order\'s deliveries newest first, with their attempts, in the documented shape', async () => {
    const hook = await receiver();
    const order = await orderWithEvent(hook.url);
    await serviceEvent(order.id, order.services[0].id, { status: 'negative' });
    hook.script.push(answer(500));
    await drain([order.id]);

    const t = await token({ scopes: ['webhook.read'] });
    const res = await get('/api/v2/webhooks/deliveries', { token: t, query: { orderId: order.id } });
    expect(res.status).toBe(200);
    validateAgainstDoc('listWebhookDeliveries', res);
    expect(res.body).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(res.body.data.map((d: { sequence: number }) => d.sequence)).toEqual([2, 1]);
    const [second, first] = res.body.data;
    expect(first).toMatchObject({ object: 'webhookDelivery', orderId: order.id, eventType: 'order.updated', url: hook.url, status: 'delivered', attemptCount: 2, lastStatusCode: 200, nextAttemptAt: null });
    expect(first.attempts.map((a) => a.statusCode)).toEqual([500, 200]);
    expect(first.attempts[0]).toMatchObject({ object: 'webhookAttempt', error: 'HTTP 500' });
    expect(second).toMatchObject({ status: 'delivered', attemptCount: 1 });
    expect(hook.receipts.map((r) => r.headers['webhook-id'])).toEqual([first.eventId, first.eventId, second.eventId]);
  });

  it('filters by status', async () => {
    const hook = await receiver();
    const delivered = await orderWithEvent(hook.url);
    await drain([delivered.id]);
    const failing = await orderWithEvent(hook.url);
    hook.script.push(answer(500));
    await drain([failing.id], { retrySchedule: [] });
    const waiting = await orderWithEvent(hook.url);

    const t = await token({ scopes: ['webhook.read'] });
    const statusOf = async (orderId: string, status: string) =>
      (await get('/api/v2/webhooks/deliveries', { token: t, query: { orderId, status } })).body.total;
    expect([await statusOf(delivered.id, 'delivered'), await statusOf(delivered.id, 'pending'), await statusOf(delivered.id, 'failed')]).toEqual([1, 0, 0]);
    expect([await statusOf(failing.id, 'delivered'), await statusOf(failing.id, 'pending'), await statusOf(failing.id, 'failed')]).toEqual([0, 0, 1]);
    expect([await statusOf(waiting.id, 'delivered'), await statusOf(waiting.id, 'pending'), await statusOf(waiting.id, 'failed')]).toEqual([0, 1, 0]);

    const failed = await get('/api/v2/webhooks/deliveries', { token: t, query: { status: 'failed', limit: 20 } });
    expect(failed.body.data.every((d: { status: string }) => d.status === 'failed')).toBe(true);
    expect(failed.body.data.some((d: { orderId: string | null }) => d.orderId === failing.id)).toBe(true);
  });

  it('400 for an unknown status, with a pointer', async () => {
    const t = await token({ scopes: ['webhook.read'] });
    expectError(await get('/api/v2/webhooks/deliveries', { token: t, query: { status: 'lost' } }), 400, 'invalidValue', '/status');
    expectError(await get('/api/v2/webhooks/deliveries', { token: t, query: { orderId: '' } }), 400, 'tooSmall', '/orderId');
  });

  it('never lists deliveries of another tenant or of companies the token is not linked to', async () => {
    const hook = await receiver();
    const foreign = await orderWithEvent(hook.url, { t: await token({ tenant: 'northwind' }), body: northwindBody(hook.url) });
    const primary = await orderWithEvent(hook.url);
    const acmeAll = await token({ scopes: ['webhook.read'] });
    const acmeSecondary = await token({ scopes: ['webhook.read'], companies: [acme.companies.secondary] });

    expect((await get('/api/v2/webhooks/deliveries', { token: acmeAll, query: { orderId: foreign.id } })).body).toMatchObject({ total: 0, data: [] });
    expect((await get('/api/v2/webhooks/deliveries', { token: acmeSecondary, query: { orderId: primary.id } })).body).toMatchObject({ total: 0, data: [] });
    expect((await get('/api/v2/webhooks/deliveries', { token: acmeAll, query: { orderId: primary.id } })).body.total).toBe(1);
    expect((await get('/api/v2/webhooks/deliveries', { token: await token({ tenant: 'northwind', scopes: ['webhook.read'] }), query: { orderId: foreign.id } })).body.total).toBe(1);

    // Without a filter neither appears where it must not.
    for (const [t, hidden] of [[acmeAll, foreign.id], [acmeSecondary, primary.id]] as const) {
      const all = await get('/api/v2/webhooks/deliveries', { token: t, query: { limit: 20 } });
      expect(all.body.data.some((d: { orderId: string | null }) => d.orderId === hidden)).toBe(false);
    }
  });
});

describe('POST /api/v2/webhooks/deliveries/{id}/redeliver', () => {
  describeAuthentication('POST', () => '/api/v2/webhooks/deliveries/x/redeliver', 'webhook.write');

  it('404 for an unknown delivery, another tenant\'s, and one of an unlinked company — alike, and nothing changes', async () => {
    const hook = await receiver();
    const foreign = await orderWithEvent(hook.url, { t: await token({ tenant: 'northwind' }), body: northwindBody(hook.url) });
    const primary = await orderWithEvent(hook.url);
    await drain([foreign.id, primary.id]);
    const [foreignDelivery] = await deliveriesOf(foreign.id);
    const [primaryDelivery] = await deliveriesOf(primary.id);

    const missing = await call('POST', '/api/v2/webhooks/deliveries/nope/redeliver', { token: await token() });
    const entry = expectError(missing, 404, 'notFound');
    validateAgainstDoc('redeliverWebhook', missing);
    const cross = await call('POST', `/api/v2/webhooks/deliveries/${foreignDelivery.id}/redeliver`, { token: await token() });
    expect(expectError(cross, 404, 'notFound')).toEqual(entry);
    const unlinked = await call('POST', `/api/v2/webhooks/deliveries/${primaryDelivery.id}/redeliver`, { token: await token({ companies: [acme.companies.secondary] }) });
    expect(expectError(unlinked, 404, 'notFound')).toEqual(entry);

    expect((await deliveriesOf(foreign.id))[0].status).toBe('delivered');
    expect((await deliveriesOf(primary.id))[0].status).toBe('delivered');
    expect((await runFor([foreign.id, primary.id])).claimed).toBe(0);
  });

  it('405 for other methods', async () => {
    const res = await call('GET', '/api/v2/webhooks/deliveries/x/redeliver', { token: await token() });
    expectError(res, 405, 'methodNotAllowed');
  });
});
