/**
 * The staging sandbox (issue 4): orders created through the API move on their own, through
 * `recordServiceEvent`, and their receivers get every `order.updated` event in sequence. The
 * simulator's tick and the delivery worker are run directly, with a clock moved forward instead
 * of sleeping; every call is limited to this file's orders (the PostgreSQL test database is shared).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { tenants } from '@/lib/db/schema';
import { DEMO } from '@/lib/seed';
import { startSandbox } from '@/lib/sandbox';
import { runSandboxTick } from '@/lib/sandbox/simulator';
import { startDeliveryWorker } from '@/lib/worker/delivery-loop';
import { silentLogger } from '@/lib/worker/loop';
import { runDueDeliveries } from '@/lib/worker/delivery-worker';
import { call, db, get, token, withTestDatabase } from './harness';
import { createOrder, orderBody, uniqueName, withParticipant } from './orders-fixtures';

withTestDatabase();

interface Receipt {
  headers: Record<string, string>;
  body: string;
  event: { id: string; sequence: number; data: { order: { id: string; status: string; isFinal: boolean } } };
}

const receipts: Receipt[] = [];
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    receipts.push({ headers: req.headers as Record<string, string>, body, event: JSON.parse(body) });
    res.writeHead(204).end();
  });
});
let hookUrl: string;
let secret: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  [{ secret }] = await db().select({ secret: tenants.webhookSecret }).from(tenants).where(eq(tenants.id, DEMO.tenants.acme.id));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const STEP_SECONDS = 1;
/** The simulated clock: starts now, moves a step and a bit per tick. */
function clock() {
  let t = Date.now();
  return {
    now: () => new Date(t),
    advance: () => (t += STEP_SECONDS * 1000 + 100),
  };
}

/** Ticks the sandbox for these orders, delivering every event after each tick, until nothing moves. */
async function simulate(orderIds: string[], maxTicks = 20) {
  const c = clock();
  let ticks = 0;
  for (; ticks < maxTicks; ticks++) {
    c.advance();
    const result = await runSandboxTick({ db: db(), now: c.now, stepSeconds: STEP_SECONDS, orderIds });
    expect(result.errors).toEqual([]);
    for (let round = 0; round < 50; round++) if ((await runDueDeliveries({ db: db(), orderIds })).claimed === 0) break;
    if (result.advanced === 0) break;
  }
  return ticks;
}

const fetchOrder = async (id: string) => (await get(`/api/v2/orders/${id}`, { token: await token() })).body;
// order.updated events (document.created events carry data.document instead).
const eventsOf = (orderId: string) => receipts.filter((r) => r.event.data.order?.id === orderId);

describe('staging sandbox simulator', () => {
  it('moves a new API order to a final result, and its receiver gets every order.updated event in sequence', async () => {
    const order = await createOrder(orderBody({ callback: { url: hookUrl } }));
    expect(order.status).toBe('ordered');

    // Not yet: the first step comes one step after creation.
    expect((await runSandboxTick({ db: db(), now: () => new Date(Date.parse(order.createdAt) + 500), stepSeconds: STEP_SECONDS, orderIds: [order.id] })).advanced).toBe(0);

    const ticks = await simulate([order.id]);
    expect(ticks).toBe(5); // collection initiated, collected, at the lab, MRO review, result; the 6th tick found nothing to do
    const final = await fetchOrder(order.id);
    expect(final).toMatchObject({ status: 'negative', isFinal: true });
    const [service] = final.services;
    expect(service.status).toBe('negative');
    expect(service.statusHistory?.map((h) => h.status)).toEqual([
      'ordered', 'pending_collectionInitiated', 'pending_collectionCompleted', 'pending_atTheLab', 'pending_inMROReview', 'negative',
    ]);
    expect(service.screenHistory.map((h: { type: string }) => h.type)).toEqual(['collectionInitiated', 'collected', 'atLab', 'labResulted', 'mroReviewed']);
    expect(service.specimenId).toMatch(/^SBX\d{9}$/);
    expect(service.courierServiceName).toEqual(expect.any(String));
    expect(service.trackingNumber).toEqual(expect.any(String));
    expect(service.lab).toMatchObject({ object: 'vendor', type: 'lab' });

    // Every change was one event, in sequence, each signed; the last one carries the result.
    const events = eventsOf(order.id);
    expect(events.map((r) => r.event.sequence)).toEqual([1, 2, 3, 4, 5]);
    for (const r of events) new Webhook(secret).verify(r.body, r.headers);
    expect(events.map((r) => r.event.data.order.status)).toEqual(['pending', 'pending', 'pending', 'pending', 'negative']);
    expect(events.at(-1)!.event.data.order.isFinal).toBe(true);

    // Written as the service-events endpoint writes: audit rows by the system actor.
    const audit = rowsOf<{ actor_type: string; n: number }>(
      await db().execute(sql`select actor_type, count(*)::int as n from audit_events where order_id = ${order.id} and action = 'order.service.updated' group by 1`),
    );
    expect(audit).toEqual([{ actor_type: 'system', n: 5 }]);

    // A final order does not move again.
    expect((await runSandboxTick({ db: db(), now: () => new Date(Date.now() + 3_600_000), stepSeconds: STEP_SECONDS, orderIds: [order.id] })).advanced).toBe(0);
  });

  // Last name -> outcome (lib/sandbox/lifecycle.ts documents the magic values).
  const cases: Array<{ lastName: string; body?: Record<string, unknown>; status: string; isFinal: boolean; services: string[] }> = [
    { lastName: 'Dilute', status: 'negative', isFinal: true, services: ['negative_negativeDilute'] },
    { lastName: 'Positive', status: 'nonNegative', isFinal: true, services: ['nonNegative'] },
    {
      lastName: 'Positive',
      body: { package: { id: DEMO.acme.packages.dotWithAlcohol }, agency: { id: DEMO.agencies.FMCSA } },
      status: 'nonNegative',
      isFinal: true,
      services: ['nonNegative', 'negative'],
    },
    { lastName: 'No-Show', status: 'noShow', isFinal: false, services: ['noShow'] },
    { lastName: 'Expired', status: 'expired', isFinal: false, services: ['expired'] },
    { lastName: 'Refusal', status: 'incomplete', isFinal: true, services: ['incomplete_refusalToTest'] },
    { lastName: 'Lost', status: 'lostInTransit', isFinal: true, services: ['lostInTransit'] },
    { lastName: 'Adulterated', status: 'adulterated', isFinal: true, services: ['adulterated_failTC'] },
    { lastName: 'Hits', body: { package: { id: DEMO.acme.packages.drugAndBackground } }, status: 'complete', isFinal: true, services: ['negative', 'complete_hits'] },
  ];
  it('the participant\'s last name picks the outcome', async () => {
    const orders = [];
    for (const c of cases) orders.push(await createOrder(withParticipant({ lastName: `${uniqueName()}-${c.lastName}` }, { callback: { url: hookUrl }, ...c.body })));
    await simulate(orders.map((o) => o.id));
    for (const [i, c] of cases.entries()) {
      const final = await fetchOrder(orders[i].id);
      expect({ lastName: c.lastName, status: final.status, isFinal: final.isFinal, services: final.services.map((s: { status: string }) => s.status) }).toEqual({
        lastName: c.lastName,
        status: c.status,
        isFinal: c.isFinal,
        services: c.services,
      });
      const sequences = eventsOf(orders[i].id).map((r) => r.event.sequence);
      expect(sequences).toEqual(sequences.map((_, k) => k + 1));
      expect(eventsOf(orders[i].id).at(-1)!.event.data.order.status).toBe(c.status);
    }
    const positive = await fetchOrder(orders[1].id);
    expect(positive.services[0].statusHistory?.map((h) => h.status)).toContain('pending_awaitingMROContact');
  });

  it('leaves alone orders named Manual and orders whose services a token has moved', async () => {
    const manual = await createOrder(withParticipant({ lastName: `${uniqueName()}Manual` }));
    const driven = await createOrder();
    const moved = await call('POST', `/api/v2/orders/${driven.id}/services/${driven.services[0].id}/events`, {
      token: await token(),
      body: { status: 'pending_collectionInitiated' },
    });
    expect(moved.status).toBe(200);
    await simulate([manual.id, driven.id]);
    expect((await fetchOrder(manual.id)).services[0].status).toBe('ordered');
    expect((await fetchOrder(driven.id)).services[0].status).toBe('pending_collectionInitiated');
  });

  it('two ticks at once move each service one step only', async () => {
    const order = await createOrder();
    const now = () => new Date(Date.now() + 5_000);
    const results = await Promise.all([1, 2, 3].map(() => runSandboxTick({ db: db(), now, stepSeconds: STEP_SECONDS, orderIds: [order.id] })));
    expect(results.reduce((n, r) => n + r.advanced, 0)).toBe(1);
    const after = await fetchOrder(order.id);
    expect(after.services[0].statusHistory?.map((h) => h.status)).toEqual(['ordered', 'pending_collectionInitiated']);
  });

  it('as in a running server: the sandbox and delivery loops take a new order to its result in real time', async () => {
    const order = await createOrder(orderBody({ callback: { url: hookUrl } }));
    const sandbox = startSandbox({ db: db(), orderIds: [order.id], stepSeconds: 0.2, log: silentLogger });
    const worker = startDeliveryWorker({ db: db(), orderIds: [order.id], intervalMs: 50, log: silentLogger });
    try {
      for (let i = 0; i < 200 && eventsOf(order.id).at(-1)?.event.data.order.isFinal !== true; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await sandbox.stop();
      await worker.stop();
    }
    expect(eventsOf(order.id).map((r) => r.event.sequence)).toEqual([1, 2, 3, 4, 5]);
    expect((await fetchOrder(order.id)).status).toBe('negative');
  });

  it('does not move seeded orders or cancelled ones', async () => {
    const cancelled = await createOrder();
    expect((await call('PUT', `/api/v2/orders/${cancelled.id}/cancellation`, { token: await token(), body: {} })).status).toBe(200);
    const seeded = rowsOf<{ id: string }>(await db().execute(sql`select id from orders where source = 'seed' and status = 'ordered' order by id limit 3`)).map((r) => r.id);
    expect(seeded.length).toBeGreaterThan(0);
    const result = await runSandboxTick({ db: db(), now: () => new Date(Date.now() + 60_000), stepSeconds: STEP_SECONDS, orderIds: [cancelled.id, ...seeded] });
    expect(result).toEqual({ advanced: 0, skipped: 0, errors: [] });
  });
});
