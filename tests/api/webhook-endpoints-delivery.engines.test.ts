/**
 * Account webhook endpoints deliver (DESIGN.md 7.6, issue 30): real orders and documents through
 * the API, the delivery worker, and a receiver on loopback that verifies every delivery with the
 * Standard Webhooks library. It sees only its enabled types and only its company's orders; during
 * a rotation's overlap each delivery carries two signatures, each verifying with its own secret, and
 * one after it; the endpoint's log shows each attempt with the first 1 KiB of the answer. The
 * endpoint's company is one of this file's own, so no other test's orders reach it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { DEMO } from '@/lib/seed';
import { runDueDeliveries } from '@/lib/worker/delivery-worker';
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
    received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
  });
});

const address = { line1: '2100 Ross Ave', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' };
let admin: string;
let locationId: string;
let packageId: string;
let endpoint: { id: string; secret: string };
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

const deliverAll = () => runDueDeliveries({ db: db(), orderIds, timeoutMs: 2_000, retrySchedule: [0, 0, 0] });
const eventsOf = async (orderId: string) =>
  rowsOf<{ id: string; type: string }>(await db().execute(sql`select id, type from events where order_id = ${orderId} order by created_at, id`));

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  admin = await token();
  const companyId = await made('/api/v2/companies', { name: `Endpoint delivery Co ${Date.now()}`, address });
  locationId = await made('/api/v2/locations', { company: { id: companyId }, name: 'Endpoint yard', address });
  packageId = await made('/api/v2/packages', { name: 'Endpoint package', company: { id: companyId }, services: [{ id: DEMO.acme.services.nonDotUrine }] });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  const res = await call('POST', '/api/v2/webhook-endpoints', { token: admin, body: { url, enabledEvents: ['order.updated'], companies: [{ id: companyId }] } });
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
    answer = { status: 200, body: 'x'.repeat(2000) };
    await deliverAll();
    expect(await failing()).toBeNull();
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
