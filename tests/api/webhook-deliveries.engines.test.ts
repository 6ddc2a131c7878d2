/**
 * The delivery worker's throughput machinery (issue 18, outbox throughput), on real orders and a
 * real receiver on loopback: a round's outcomes written together (one statement for many
 * deliveries, each with its own outcome, a claim taken over left alone), and the kept-alive
 * connections of lib/worker/send.ts (reused for one receiver, never across the addresses checked
 * for an attempt, and a reused connection the receiver closed costs no attempt).
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { webhookAttempts, webhookDeliveries } from '@/lib/db/schema';
import { claimDueDeliveries, recordAttempts, runDueDeliveries } from '@/lib/worker/delivery-worker';
import { sendWebhook } from '@/lib/worker/send';
import { call, db, token, withTestDatabase } from './harness';
import { createOrder, orderBody } from './orders-fixtures';

withTestDatabase();

/** A receiver on all interfaces that counts connections and answers from a script (then 200). */
class Receiver {
  readonly bodies: string[] = [];
  /** Per request, in order: a status to answer, or 'cut' (destroy the connection, no answer). */
  readonly script: Array<number | 'cut'> = [];
  connections = 0;
  private sockets = new Set<Socket>();
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.bodies.push(Buffer.concat(chunks).toString('utf8'));
      const next = this.script.shift() ?? 200;
      if (next === 'cut') req.socket.destroy();
      else res.writeHead(next).end(next === 200 ? 'ok' : 'no');
    });
  });
  port = 0;
  async start() {
    this.server.on('connection', (s) => {
      this.connections++;
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '0.0.0.0', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }
  url(host = '127.0.0.1') {
    return `http://${host}:${this.port}/hook`;
  }
  async stop() {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const receivers: Receiver[] = [];
async function receiver() {
  const r = await new Receiver().start();
  receivers.push(r);
  return r;
}
afterAll(async () => {
  for (const r of receivers) await r.stop();
});

/** `n` orders calling back `url`, each cancelled: one pending `order.updated` each. */
async function cancelledOrders(url: string, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const order = await createOrder(orderBody({ callback: { url } }));
    const res = await call('PUT', `/api/v2/orders/${order.id}/cancellation`, { token: await token(), body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids.push(order.id);
  }
  return ids;
}

const deliveriesOf = (orderIds: string[]) => db().select().from(webhookDeliveries).where(inArray(webhookDeliveries.orderId, orderIds));
const attemptsOf = (deliveryId: string) => db().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId));

describe('a round writes its outcomes together', () => {
  it('each delivery gets its own attempt row and outcome: delivered, retrying, with their times and errors', async () => {
    const hook = await receiver();
    const ids = await cancelledOrders(hook.url(), 6);
    hook.script.push(500, 500);

    const result = await runDueDeliveries({ db: db(), orderIds: ids, timeoutMs: 5_000, retrySchedule: [60] });
    expect(result).toEqual({ claimed: 6, delivered: 4, retrying: 2, failed: 0, superseded: 0 });

    const rows = await deliveriesOf(ids);
    expect(rows).toHaveLength(6);
    // The two answered 500 are the ones whose bodies came first.
    const failedEvents = hook.bodies.slice(0, 2).map((b) => (JSON.parse(b) as { id: string }).id);
    for (const d of rows) {
      const attempts = await attemptsOf(d.id);
      expect(attempts).toHaveLength(1);
      expect(d.attemptCount).toBe(1);
      expect(d.lastAttemptAt).toEqual(attempts[0].attemptedAt);
      if (failedEvents.includes(d.eventId)) {
        expect(d).toMatchObject({ status: 'pending', lastStatusCode: 500, deliveredAt: null });
        expect(d.lastError).toMatch(/^HTTP 500/);
        expect(attempts[0]).toMatchObject({ statusCode: 500 });
        // Retried after the schedule's 60 s (plus up to 20 % jitter), counted from the end of the attempt.
        const wait = d.nextAttemptAt!.getTime() - d.lastAttemptAt!.getTime();
        expect(wait).toBeGreaterThanOrEqual(60_000);
        expect(wait).toBeLessThanOrEqual(72_000 + attempts[0].durationMs + 1);
      } else {
        expect(d).toMatchObject({ status: 'delivered', lastStatusCode: 200, lastError: null, nextAttemptAt: null });
        expect(d.deliveredAt!.getTime()).toBe(d.lastAttemptAt!.getTime() + attempts[0].durationMs);
        expect(attempts[0]).toMatchObject({ statusCode: 200, error: null });
      }
    }
  });

  it('one statement for several outcomes leaves a claim taken over meanwhile alone, and records the others', async () => {
    const hook = await receiver();
    const ids = await cancelledOrders(hook.url(), 2);
    const t0 = Date.now();
    const claims = await claimDueDeliveries({ db: db(), orderIds: ids, now: () => new Date(t0), leaseMs: 1_000 });
    expect(claims).toHaveLength(2);
    // The lease of one runs out and another worker claims it again (attempt 2).
    const [taken] = await claimDueDeliveries({ db: db(), orderIds: [claims[1].orderId!], now: () => new Date(t0 + 2_000), leaseMs: 60_000 });
    expect(taken).toMatchObject({ id: claims[1].id, attemptCount: 2 });

    const at = new Date(t0 + 3_000);
    const outcomes = await recordAttempts(
      db(),
      claims.map((claim) => ({ claim, result: { ok: true, statusCode: 204, durationMs: 7, error: null }, attemptedAt: at })),
      { retrySchedule: [0] },
    );
    expect(outcomes).toEqual(['delivered', 'superseded']);

    const [mine] = await deliveriesOf([claims[0].orderId!]);
    expect(mine).toMatchObject({ status: 'delivered', attemptCount: 1, lastStatusCode: 204, lastAttemptAt: at, deliveredAt: new Date(at.getTime() + 7) });
    const [theirs] = await deliveriesOf([claims[1].orderId!]);
    expect(theirs).toMatchObject({ status: 'pending', attemptCount: 2, lastAttemptAt: null, lastStatusCode: null });
    // Both attempts were made, so both are recorded.
    expect(await attemptsOf(claims[0].id)).toHaveLength(1);
    expect(await attemptsOf(claims[1].id)).toMatchObject([{ statusCode: 204, durationMs: 7, attemptedAt: at }]);
  });
});

describe('kept-alive connections (lib/worker/send.ts)', () => {
  const send = (url: string, extra: Partial<Parameters<typeof sendWebhook>[0]> = {}) =>
    sendWebhook({ url, headers: { 'content-type': 'application/json' }, body: '{"id":"evt_1"}', timeoutMs: 5_000, allowPrivate: true, ...extra });

  it('one connection carries the attempts to one receiver, one after another', async () => {
    const hook = await receiver();
    for (let i = 0; i < 4; i++) expect(await send(hook.url())).toMatchObject({ ok: true, statusCode: 200 });
    expect(hook.bodies).toHaveLength(4);
    expect(hook.connections).toBe(1);
  });

  it('is reused only while the host resolves to the addresses it was opened to', async () => {
    const hook = await receiver();
    const url = hook.url('hook.example.test');
    let address = '127.0.0.1';
    const resolve = async () => [{ address, family: 4 }];
    expect(await send(url, { resolve })).toMatchObject({ ok: true });
    expect(await send(url, { resolve })).toMatchObject({ ok: true });
    expect(hook.connections).toBe(1);
    address = '127.0.0.2';
    expect(await send(url, { resolve })).toMatchObject({ ok: true });
    expect(hook.connections).toBe(2);
    // A refused address is never connected to, whatever connection is open to the host.
    address = '169.254.169.254';
    expect(await send(url, { resolve, allowPrivate: false })).toMatchObject({ ok: false, statusCode: null, error: expect.stringMatching(/^Refused/) });
    expect(hook.connections).toBe(2);
    expect(hook.bodies).toHaveLength(3);
  });

  it('a kept connection the receiver dropped without answering is not a failed attempt: the request goes again on a new one', async () => {
    const hook = await receiver();
    expect(await send(hook.url())).toMatchObject({ ok: true });
    hook.script.push('cut');
    expect(await send(hook.url())).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(hook.connections).toBe(2);
    expect(hook.bodies).toHaveLength(3);
  });

  it('a connection is not kept after a timeout', async () => {
    const slow = http.createServer((req) => req.resume()); // never answers
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hook`;
    let connections = 0;
    slow.on('connection', () => connections++);
    expect(await send(url, { timeoutMs: 200 })).toMatchObject({ ok: false, error: 'Timed out after 200 ms' });
    expect(await send(url, { timeoutMs: 200 })).toMatchObject({ ok: false, error: 'Timed out after 200 ms' });
    expect(connections).toBe(2);
    slow.closeAllConnections();
    await new Promise<void>((resolve) => slow.close(() => resolve()));
  });
});
