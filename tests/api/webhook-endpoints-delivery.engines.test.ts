/**
 * Account webhook endpoints deliver (DESIGN.md 7.6, issue 30): real orders and documents through
 * the API, the delivery worker, and a receiver on loopback that verifies every delivery with the
 * Standard Webhooks library. It sees only its enabled types and only its company's orders; during
 * a rotation's overlap each delivery carries two signatures, each verifying with its own secret, and
 * one after it; the endpoint's log shows each attempt with the first 1 KiB of the answer. A test
 * send carries the catalog's example; a recovery sends the endpoint's events again under their
 * original ids; a redelivery sends one again; an endpoint failing for 5 days is disabled by the
 * worker (driven by its `now`) with one action and one e-mail per admin, and enabling it again
 * resolves the action. The endpoint's company is one of this file's own, so no other test's orders
 * reach it; the 5-day endpoint and the checklist's are in tenants of their own.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { messages, users } from '@/lib/db/schema';
import { createToken } from '@/lib/domain/api-tokens/tokens';
import { eventType } from '@/lib/domain/events/catalog';
import type { Ctx } from '@/lib/domain/context';
import { listMailbox } from '@/lib/domain/messages/queries';
import { renderMessage } from '@/lib/domain/messages/render';
import { setupProgress } from '@/lib/domain/tenants/setup-progress';
import { DEMO } from '@/lib/seed';
import { runDueDeliveries } from '@/lib/worker/delivery-worker';
import { createTestTenant, createTestUser } from './admins';
import { call, db, token, withTestDatabase } from './harness';
import { orderBody } from './orders-fixtures';
import { fileBody, pdfBytes } from './samples/documents';

withTestDatabase();

interface Received {
  headers: Record<string, string>;
  body: string;
}

const received: Received[] = [];
let answer = { status: 200, body: 'x'.repeat(2000) };
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    // An endpoint at /failing answers 500, always.
    if (req.url?.startsWith('/failing')) return void res.writeHead(500, { 'content-type': 'text/plain' }).end('down');
    received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
  });
});

const address = { line1: '2100 Ross Ave', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' };
let admin: string;
let locationId: string;
let packageId: string;
let endpoint: { id: string; secret: string };
let companyId: string;
let receiverUrl: string;
const fileStarted = new Date();
const orderIds: string[] = [];

const made = async (path: '/api/v2/companies' | '/api/v2/locations' | '/api/v2/packages', body: unknown) => {
  const res = await call('POST', path, { token: admin, body });
  if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
  return res.body.id as string;
};

/** A new order, moved once. */
async function newOrder(at: 'own' | 'primary'): Promise<string> {
  const body = at === 'own' ? orderBody({ location: { id: locationId }, package: { id: packageId } }) : orderBody();
  const res = await call('POST', '/api/v2/orders', { token: admin, body });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  orderIds.push(res.body.id);
  // A change of the order emits `order.updated`.
  const moved = await call('POST', `/api/v2/orders/${res.body.id}/services/${res.body.services[0].id}/events`, { token: admin, body: { status: 'pending_collectionInitiated' } });
  if (moved.status >= 300) throw new Error(JSON.stringify(moved.body));
  return res.body.id;
}

const deliverAll = () => runDueDeliveries({ db: db(), orderIds, endpointIds: [endpoint.id], timeoutMs: 2_000, retrySchedule: [0, 0, 0] });
/** Rounds until nothing is due: one order's events go one round after another, in sequence. */
async function deliverUntilDone() {
  for (let round = 0; round < 50; round++) if ((await deliverAll()).claimed === 0) return;
  throw new Error('Deliveries still due after 50 rounds');
}
const eventsOf = async (orderId: string) =>
  rowsOf<{ id: string; type: string }>(await db().execute(sql`select id, type from events where order_id = ${orderId} order by created_at, id`));

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  admin = await token();
  companyId = await made('/api/v2/companies', { name: `Endpoint delivery Co ${Date.now()}`, address });
  locationId = await made('/api/v2/locations', { company: { id: companyId }, name: 'Endpoint yard', address });
  packageId = await made('/api/v2/packages', { name: 'Endpoint package', company: { id: companyId }, services: [{ id: DEMO.acme.services.nonDotUrine }] });
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const res = await call('POST', '/api/v2/webhook-endpoints', { token: admin, body: { url: `${receiverUrl}/hooks`, enabledEvents: ['order.updated'], companies: [{ id: companyId }] } });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  endpoint = { id: res.body.id, secret: res.body.secret };
});

afterAll(async () => {
  await call('PATCH', `/api/v2/webhook-endpoints/${endpoint.id}`, { token: admin, body: { status: 'disabled' } });
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const verified = (r: Received, secret: string) => new Webhook(secret).verify(r.body, r.headers) as { type: string; data: { order?: { id: string } } };

describe('deliveries to an account webhook endpoint', () => {
  it('only the enabled types of the endpoint\'s companies, each verified with the endpoint\'s secret under the event\'s id', async () => {
    const own = await newOrder('own');
    const upload = await call('POST', `/api/v2/orders/${own}/documents`, { token: admin, query: { type: 'mroLetter' }, body: fileBody(pdfBytes('endpoint'), 'application/pdf') });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const other = await newOrder('primary');
    received.length = 0;
    await deliverAll();
    const ownEvents = await eventsOf(own);
    // Every event is recorded, whatever is sent.
    expect(ownEvents.map((e) => e.type)).toContain('document.created');
    expect((await eventsOf(other)).length).toBeGreaterThan(0);
    const updates = ownEvents.filter((e) => e.type === 'order.updated');
    expect(updates.length).toBeGreaterThan(0);
    expect(received.map((r) => r.headers['webhook-id']).sort()).toEqual(updates.map((e) => e.id).sort());
    for (const r of received) {
      const event = verified(r, endpoint.secret);
      expect(event.type).toBe('order.updated');
      expect(event.data.order?.id).toBe(own);
      expect(r.headers['webhook-signature'].split(' ')).toHaveLength(1);
    }
  });

  it('the log: newest first, with the event type, status code and the first 1 KiB of the answer', async () => {
    const res = await call('GET', `/api/v2/webhook-endpoints/${endpoint.id}/deliveries`, { token: admin, query: { limit: '20' } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(0);
    const first = res.body.data[0];
    expect(first).toMatchObject({ object: 'webhookEndpointDelivery', eventType: 'order.updated', status: 'delivered' });
    expect(first.attempts[0]).toMatchObject({ statusCode: 200, error: null, responseExcerpt: 'x'.repeat(1024) });
    const times = res.body.data.map((d: { createdAt: string }) => d.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('a failed attempt marks the endpoint failing, a 2xx clears it', async () => {
    answer = { status: 503, body: 'down' };
    await newOrder('own');
    await deliverAll();
    const failing = async () => rowsOf<{ failing_since: unknown }>(await db().execute(sql`select failing_since from webhook_endpoints where id = ${endpoint.id}`))[0].failing_since;
    expect(await failing()).not.toBeNull();
    // The representation says since when (the dashboard shows it).
    const shown = await call('GET', `/api/v2/webhook-endpoints/${endpoint.id}`, { token: admin });
    expect(shown.body.failingSince).toBe(new Date(await failing() as string | Date).toISOString());
    answer = { status: 200, body: 'x'.repeat(2000) };
    await deliverAll();
    expect(await failing()).toBeNull();
    expect((await call('GET', `/api/v2/webhook-endpoints/${endpoint.id}`, { token: admin })).body.failingSince).toBeNull();
  });

  it('after a rotation both secrets sign for 24 hours (two v1 signatures, each verifying), then only the new one', async () => {
    const rotated = await call('POST', `/api/v2/webhook-endpoints/${endpoint.id}/secret-rotation`, { token: admin });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.secret as string;
    received.length = 0;
    await newOrder('own');
    await deliverAll();
    expect(received.length).toBeGreaterThan(0);
    for (const r of received) {
      const signatures = r.headers['webhook-signature'].split(' ');
      expect(signatures).toHaveLength(2);
      expect(signatures.every((s) => s.startsWith('v1,'))).toBe(true);
      expect(verified(r, fresh).type).toBe('order.updated');
      expect(verified(r, endpoint.secret).type).toBe('order.updated');
      // Each signature is one secret's: either alone verifies with its own secret only.
      const [a, b] = signatures;
      expect(() => verified({ ...r, headers: { ...r.headers, 'webhook-signature': a } }, fresh)).not.toThrow();
      expect(() => verified({ ...r, headers: { ...r.headers, 'webhook-signature': b } }, endpoint.secret)).not.toThrow();
    }
    await db().execute(sql`update webhook_endpoints set previous_secret_expires_at = now() - interval '1 minute' where id = ${endpoint.id}`);
    received.length = 0;
    await newOrder('own');
    await deliverAll();
    expect(received.length).toBeGreaterThan(0);
    for (const r of received) {
      expect(r.headers['webhook-signature'].split(' ')).toHaveLength(1);
      expect(verified(r, fresh).type).toBe('order.updated');
      expect(() => verified(r, endpoint.secret)).toThrow();
    }
  });
});

describe('test sends, recovery and redelivery to an account webhook endpoint', () => {
  /** The endpoint's secret from here on: rotated, so known to this block (the previous one signs beside it). */
  let secret: string;
  beforeAll(async () => {
    secret = (await call('POST', `/api/v2/webhook-endpoints/${endpoint.id}/secret-rotation`, { token: admin })).body.secret;
  });

  it('a test event of each of two types reaches the receiver with the catalog example\'s shape, under a fresh webhook-id, verified', async () => {
    received.length = 0;
    const sent: Record<string, string> = {};
    for (const type of ['order.updated', 'document.created']) {
      const res = await call('POST', `/api/v2/webhook-endpoints/${endpoint.id}/test`, { token: admin, body: { type } });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      sent[type] = res.body.eventId;
    }
    await deliverUntilDone();
    expect(received.map((r) => r.headers['webhook-id']).sort()).toEqual(Object.values(sent).sort());
    for (const r of received) {
      const event = verified(r, secret) as unknown as Record<string, unknown>;
      const type = event.type as string;
      expect(r.headers['webhook-id']).toBe(sent[type]);
      expect(event).toEqual({ ...(eventType(type)!.example as Record<string, unknown>), id: sent[type], createdAt: expect.stringMatching(/Z$/) });
    }
    const log = await call('GET', `/api/v2/webhook-endpoints/${endpoint.id}/deliveries`, { token: admin, query: { limit: '2' } });
    expect(log.body.data.map((d: { eventType: string; status: string }) => [d.eventType, d.status]).sort()).toEqual([
      ['document.created', 'delivered'],
      ['order.updated', 'delivered'],
    ]);
  });

  it('a recovery sends again, under their original webhook-ids, exactly the events of the range the endpoint takes: its type, its company; each order\'s in sequence', async () => {
    const own = rowsOf<{ id: string; order_id: string; sequence: number }>(
      await db().execute(sql`select id, order_id, (payload->>'sequence')::int as sequence from events
        where company_id = ${companyId} and type = 'order.updated' and created_at >= ${fileStarted.toISOString()}::timestamptz order by created_at, id`),
    );
    expect(own.length).toBeGreaterThan(2);
    // The first deliveries of these events to the endpoint had these same ids.
    const first = rowsOf<{ event_id: string }>(await db().execute(sql`select distinct event_id from webhook_deliveries where endpoint_id = ${endpoint.id} and order_id is not null`));
    expect(first.map((d) => d.event_id).sort()).toEqual(own.map((e) => e.id).sort());
    received.length = 0;
    const res = await call('POST', `/api/v2/webhook-endpoints/${endpoint.id}/recovery`, { token: admin, body: { since: fileStarted.toISOString() } });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ object: 'webhookRecovery', endpoint: endpoint.id, since: fileStarted.toISOString(), events: own.length });
    await deliverUntilDone();
    expect(received.map((r) => r.headers['webhook-id']).sort()).toEqual(own.map((e) => e.id).sort());
    const sequences = new Map<string, number[]>();
    for (const r of received) {
      const event = verified(r, secret) as unknown as { type: string; sequence: number; data: { order: { id: string } } };
      expect(event.type).toBe('order.updated');
      expect(event.sequence).toBe(own.find((e) => e.id === r.headers['webhook-id'])!.sequence);
      sequences.set(event.data.order.id, [...(sequences.get(event.data.order.id) ?? []), event.sequence]);
    }
    for (const list of sequences.values()) expect(list).toEqual([...list].sort((a, b) => a - b));
  });

  it('a company-filtered endpoint gets nothing of another company\'s order in a recovery, nor other types', async () => {
    const others = rowsOf<{ id: string }>(
      await db().execute(sql`select id from events where order_id in ${sql.raw(`('${orderIds.join("','")}')`)} and (company_id <> ${companyId} or type <> 'order.updated')`),
    );
    // The file's order of the primary company and the own order's document.created are events too.
    expect(others.length).toBeGreaterThan(1);
    received.length = 0;
    const res = await call('POST', `/api/v2/webhook-endpoints/${endpoint.id}/recovery`, { token: admin, body: { since: fileStarted.toISOString() } });
    expect(res.body.events).toBeGreaterThan(0);
    await deliverUntilDone();
    const ids = new Set(received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(res.body.events);
    for (const other of others) expect(ids.has(other.id)).toBe(false);
  });

  it('a delivery redelivered through the endpoint\'s route and through /webhooks/deliveries is sent again with the same webhook-id, verified', async () => {
    const test = await call('POST', `/api/v2/webhook-endpoints/${endpoint.id}/test`, { token: admin, body: { type: 'order.updated' } });
    await deliverUntilDone();
    for (const redeliver of [
      () => call('POST', `/api/v2/webhook-endpoints/${endpoint.id}/deliveries/${test.body.id}/redelivery`, { token: admin }),
      () => call('POST', `/api/v2/webhooks/deliveries/${test.body.id}/redeliver`, { token: admin }),
    ]) {
      received.length = 0;
      const res = await redeliver();
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      expect(res.body).toMatchObject({ id: test.body.id, eventId: test.body.eventId, status: 'pending' });
      await deliverUntilDone();
      expect(received.map((r) => r.headers['webhook-id'])).toEqual([test.body.eventId]);
      expect(verified(received[0], secret).type).toBe('order.updated');
    }
    const log = await call('GET', `/api/v2/webhook-endpoints/${endpoint.id}/deliveries`, { token: admin, query: { limit: '20' } });
    const row = log.body.data.find((d: { id: string }) => d.id === test.body.id)!;
    expect(row.status).toBe('delivered');
    expect(row.attempts).toHaveLength(3);
  });
});

describe('an endpoint failing for 5 days in a row (the worker, driven by its now)', () => {
  const DAY = 24 * 3600 * 1000;
  let tenantId: string;
  let bearer: string;
  let tokenId: string;
  let admins: string[];
  let adminCtx: Ctx;
  let failing: string;
  const run = (at: number, extra: { batchSize?: number } = {}) =>
    runDueDeliveries({ db: db(), endpointIds: [failing], now: () => new Date(at), timeoutMs: 2_000, retrySchedule: Array(20).fill(3600), ...extra });
  const testSend = () => call('POST', `/api/v2/webhook-endpoints/${failing}/test`, { token: bearer, body: { type: 'order.updated' } });
  const actionsOf = async () =>
    rowsOf<{ type: string; severity: string; title: string; status: string; company_id: string | null; citation: string | null; due_at: unknown; resolution: string | null; resolved_at: unknown; resolved_by: unknown }>(
      await db().execute(sql`select * from actions where subject_object = 'webhookEndpoint' and subject_id = ${failing}`),
    );
  const mailOf = async () =>
    db().select().from(messages).where(and(eq(messages.tenantId, tenantId), eq(messages.template, 'webhookEndpointDisabled')));

  beforeAll(async () => {
    tenantId = (await createTestTenant()).id;
    const made = await createToken(db(), { tenantId, name: 'failing endpoint', scopes: 'all', companyIds: 'all' });
    [bearer, tokenId] = [made.token, made.id];
    const [one, two, gone] = [await createTestUser(tenantId, 'admin', 'all'), await createTestUser(tenantId, 'admin', 'all'), await createTestUser(tenantId, 'admin', 'all')];
    await createTestUser(tenantId, 'manager', 'all');
    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, gone.id));
    admins = [one.email, two.email];
    adminCtx = one.ctx;
    const res = await call('POST', '/api/v2/webhook-endpoints', { token: bearer, body: { url: `${receiverUrl}/failing`, enabledEvents: ['*'] } });
    failing = res.body.id;
  });

  it('is disabled (failing) by the attempt 5 days after its first failure: its deliveries failed, one action, one e-mail to each active admin; enabling it resolves the action', async () => {
    const t0 = Date.now() + 1_000;
    for (let i = 0; i < 3; i++) expect((await testSend()).status).toBe(202);
    expect(await run(t0)).toMatchObject({ claimed: 3, retrying: 3 });
    const endpointRow = async () =>
      rowsOf<{ status: string; disabled_reason: string | null; failing_since: Date | string | null }>(
        await db().execute(sql`select status, disabled_reason, failing_since from webhook_endpoints where id = ${failing}`),
      )[0];
    expect(new Date((await endpointRow()).failing_since!).getTime()).toBe(t0);
    // Two days on: failing, not yet 5 days.
    expect(await run(t0 + 2 * DAY)).toMatchObject({ claimed: 3, retrying: 3 });
    expect(await endpointRow()).toMatchObject({ status: 'enabled', disabled_reason: null });
    expect(await actionsOf()).toEqual([]);
    // 5 days after the first failure: the next failed attempt (one, the newest test send) disables it.
    const fourth = await testSend();
    expect(await run(t0 + 5 * DAY, { batchSize: 1 })).toMatchObject({ claimed: 1, failed: 1 });
    expect(await endpointRow()).toMatchObject({ status: 'disabled', disabled_reason: 'failing' });
    const got = await call('GET', `/api/v2/webhook-endpoints/${failing}`, { token: bearer });
    expect(got.body).toMatchObject({ status: 'disabled', disabledReason: 'failing' });
    const deliveries = rowsOf<{ id: string; status: string; last_error: string | null; next_attempt_at: unknown }>(
      await db().execute(sql`select id, status, last_error, next_attempt_at from webhook_deliveries where endpoint_id = ${failing}`),
    );
    expect(deliveries.map((d) => d.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(deliveries.find((d) => d.id === fourth.body.id)!.last_error).toBe('HTTP 500: down');
    expect(deliveries.filter((d) => d.id !== fourth.body.id).map((d) => d.last_error)).toEqual(Array(3).fill('The webhook endpoint was disabled after failing for 5 days'));
    const [action] = await actionsOf();
    expect(action).toMatchObject({ type: 'webhookEndpointDisabled', severity: 'high', status: 'open', company_id: null, citation: null, due_at: null, resolution: null });
    expect(action.title).toContain(`${receiverUrl}/failing`);
    const mail = await mailOf();
    expect(mail.map((m) => m.toMasked).sort()).toEqual(admins.map((a) => `${a[0]}***${a.slice(a.indexOf('@'))}`).sort());
    expect(mail[0].data).toEqual({ endpointId: failing, url: `${receiverUrl}/failing`, failingSince: new Date(t0).toISOString(), disabledAt: expect.any(String) });
    const rendered = await renderMessage(db(), { ...mail[0], data: mail[0].data as Record<string, unknown> });
    expect(rendered.subject).toBe('A webhook endpoint was disabled after failing for 5 days');
    expect(rendered.text).toContain(`${receiverUrl}/failing`);
    expect(rendered.text).toContain(`PATCH /api/v2/webhook-endpoints/${failing} {"status": "enabled"}`);
    // Once the staging mailbox captured them, an admin of every company reads them there.
    await db().update(messages).set({ provider: 'mailbox', status: 'sent' }).where(and(eq(messages.tenantId, tenantId), eq(messages.template, 'webhookEndpointDisabled')));
    const mailbox = await listMailbox(adminCtx, { page: 1, limit: 20 });
    expect(mailbox.data.map((e) => e.content?.subject)).toEqual(Array(2).fill('A webhook endpoint was disabled after failing for 5 days'));

    // Nothing more is tried, raised or sent: a disabled endpoint takes no test send either.
    expect(await run(t0 + 6 * DAY)).toMatchObject({ claimed: 0 });
    expect((await testSend()).status).toBe(422);
    expect(await actionsOf()).toHaveLength(1);
    expect(await mailOf()).toHaveLength(2);
    const audits = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from audit_events where subject_id = ${failing} and action = 'webhookEndpoint.disabled'`));
    expect(audits[0].n).toBe(1);

    // Enabling it again starts afresh and resolves the action in the same change.
    const enabled = await call('PATCH', `/api/v2/webhook-endpoints/${failing}`, { token: bearer, body: { status: 'enabled' } });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ status: 'enabled', disabledReason: null });
    expect(await endpointRow()).toMatchObject({ status: 'enabled', disabled_reason: null, failing_since: null });
    const [resolved] = await actionsOf();
    expect(resolved).toMatchObject({ status: 'resolved', resolution: 'automatic', resolved_by: { type: 'token', id: tokenId, name: 'failing endpoint' } });
    expect(resolved.resolved_at).not.toBeNull();
    // Disabling and enabling it by hand raises and resolves nothing more.
    await call('PATCH', `/api/v2/webhook-endpoints/${failing}`, { token: bearer, body: { status: 'disabled' } });
    await call('PATCH', `/api/v2/webhook-endpoints/${failing}`, { token: bearer, body: { status: 'enabled' } });
    expect(await actionsOf()).toHaveLength(1);
    expect(await mailOf()).toHaveLength(2);
  });
});

describe('setupProgress: the webhook step is done once an endpoint acknowledged a delivery with a 2xx', () => {
  it('not for a queued or a failed delivery; done after a 2xx', async () => {
    const tenantId = (await createTestTenant()).id;
    const bearer = (await createToken(db(), { tenantId, name: 'checklist', scopes: 'all', companyIds: 'all' })).token;
    const endpointTo = async (path: string) =>
      (await call('POST', '/api/v2/webhook-endpoints', { token: bearer, body: { url: `${receiverUrl}${path}`, enabledEvents: ['*'] } })).body.id as string;
    const [ok, down] = [await endpointTo('/hooks'), await endpointTo('/failing')];
    const send = (id: string) => call('POST', `/api/v2/webhook-endpoints/${id}/test`, { token: bearer, body: { type: 'order.updated' } });
    const deliver = (id: string) => runDueDeliveries({ db: db(), endpointIds: [id], timeoutMs: 2_000, retrySchedule: [] });
    expect((await setupProgress(db(), tenantId)).webhook).toBe(false);
    await send(down);
    await send(ok);
    expect((await setupProgress(db(), tenantId)).webhook).toBe(false);
    expect(await deliver(down)).toMatchObject({ failed: 1 });
    expect((await setupProgress(db(), tenantId)).webhook).toBe(false);
    expect(await deliver(ok)).toMatchObject({ delivered: 1 });
    expect((await setupProgress(db(), tenantId)).webhook).toBe(true);
  });
});
