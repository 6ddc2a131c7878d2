/** The expiry and reminder sweep (DESIGN.md 6.1, "Expiry and reminders"): lib/domain/orders/expiry.ts, run by lib/worker/expiry-loop.ts. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { runExpirySweep } from '@/lib/domain/orders/expiry';
import { silentLogger } from '@/lib/worker/loop';
import { startExpiryLoop } from '@/lib/worker/expiry-loop';
import { call, db, get, token, withTestDatabase } from './harness';
import { createOrder, orderBody } from './orders-fixtures';

withTestDatabase();

const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();
const expiringAt = (expiresAt: number, extra: Record<string, unknown> = {}) =>
  orderBody({ settings: { expiresAt: at(expiresAt) }, callback: { url: 'https://hooks.example.com/orders' }, ...extra });

const events = async (orderId: string) =>
  rowsOf<{ payload: { data: { order: { status: string; services: Array<{ status: string }> } } } }>(
    await db().execute(sql`select payload from webhook_deliveries where order_id = ${orderId} order by sequence`),
  );
const reminders = async (orderId: string) =>
  rowsOf<{ template: string; channel: string; data: { passId: string } }>(
    await db().execute(sql`select template, channel, data from messages where order_id = ${orderId} and template = 'reminder' order by created_at, id`),
  );
const remindersSent = async (orderId: string) =>
  rowsOf<{ sent: number[] }>(await db().execute(sql`select reminders_sent as sent from orders where id = ${orderId}`))[0].sent;
/**
 * The company's counter of a status and its orders in that status, read in one statement (one
 * snapshot): on PostgreSQL other test files change orders of the same company meanwhile, and each
 * change moves its order and the counter in one transaction.
 */
const counted = async (companyId: string, status: string) =>
  rowsOf<{ counter: number; orders: number }>(
    await db().execute(sql`select
      (select coalesce(sum(count), 0)::int from order_counters where company_id = ${companyId} and status = ${status}) as counter,
      (select count(*)::int from orders where company_id = ${companyId} and status = ${status}) as orders`),
  )[0];

describe('expiry sweep: expires orders past expiresAt with nothing collected', () => {
  it('an order created with expiresAt a few seconds ahead becomes expired, with its services, history, audit, counters and one event', async () => {
    // A few seconds ahead: time enough to create it on a busy machine (the create refuses a past expiry).
    const expiresAt = Date.now() + 3000;
    const order = await createOrder(expiringAt(expiresAt));
    expect((await runExpirySweep({ db: db(), orderIds: [order.id], now: new Date(expiresAt - 1) })).expired).toEqual([]);

    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt - Date.now() + 50)));
    const result = await runExpirySweep({ db: db(), orderIds: [order.id] });
    expect(result.expired).toEqual([order.id]);

    const read = await get(`/api/v2/orders/${order.id}`, { token: await token() });
    expect(read.body).toMatchObject({ status: 'expired', isFinal: false });
    for (const s of read.body.services) {
      expect(s.status).toBe('expired');
      expect(s.statusHistory!.map((h: { status: string }) => h.status)).toEqual(['ordered', 'expired']);
    }
    const sent = await events(order.id);
    expect(sent).toHaveLength(1);
    expect(sent[0].payload.data.order.status).toBe('expired');
    const audit = rowsOf<{ actor_type: string; actor_name: string; data: Record<string, unknown> }>(
      await db().execute(sql`select actor_type, actor_name, data from audit_events where order_id = ${order.id} and action = 'order.expired'`),
    );
    expect(audit).toEqual([{ actor_type: 'system', actor_name: 'expiry', data: expect.objectContaining({ previousStatus: 'ordered', services: order.services.length }) }]);
    // The counters follow the order: counted in 'expired' (it is there now) and no longer in 'ordered'.
    for (const status of ['expired', 'ordered']) {
      const { counter, orders } = await counted(order.company!.id, status);
      expect(counter, status).toBe(orders);
    }
    // 49 CFR 382.401 via DESIGN.md 6.2: an expired order's papers are kept one year.
    const [kept] = rowsOf<{ retention_until: string }>(await db().execute(sql`select retention_until::text from orders where id = ${order.id}`));
    const expiredOn = new Date(read.body.statusUpdatedAt);
    expect(kept.retention_until).toBe(`${expiredOn.getUTCFullYear() + 1}-${read.body.statusUpdatedAt.slice(5, 10)}`);

    // Nothing more to do: no second event.
    expect((await runExpirySweep({ db: db(), orderIds: [order.id] })).expired).toEqual([]);
    expect(await events(order.id)).toHaveLength(1);
  });

  it('a collected order (a service that started collection) does not expire', async () => {
    const order = await createOrder(expiringAt(Date.now() + HOUR));
    const t = await token();
    await call('POST', `/api/v2/orders/${order.id}/services/${order.services[0].id}/events`, { token: t, body: { status: 'pending_collectionInitiated' } });
    const result = await runExpirySweep({ db: db(), orderIds: [order.id], now: new Date(Date.now() + 2 * HOUR) });
    expect(result.expired).toEqual([]);
    expect((await get(`/api/v2/orders/${order.id}`, { token: t })).body.status).toBe('pending');
  });

  it('a cancelled order stays cancelled', async () => {
    const order = await createOrder(expiringAt(Date.now() + HOUR));
    const t = await token();
    await call('PUT', `/api/v2/orders/${order.id}/cancellation`, { token: t, body: {} });
    expect((await runExpirySweep({ db: db(), orderIds: [order.id], now: new Date(Date.now() + 2 * HOUR) })).expired).toEqual([]);
    expect((await get(`/api/v2/orders/${order.id}`, { token: t })).body.status).toBe('cancelled');
  });

  it('two sweeps at once expire the order once (one event, one audit entry)', async () => {
    const order = await createOrder(expiringAt(Date.now() + HOUR));
    const now = new Date(Date.now() + 2 * HOUR);
    const [a, b] = await Promise.all([runExpirySweep({ db: db(), orderIds: [order.id], now }), runExpirySweep({ db: db(), orderIds: [order.id], now })]);
    expect([...a.expired, ...b.expired]).toEqual([order.id]);
    expect(await events(order.id)).toHaveLength(1);
    const audit = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from audit_events where order_id = ${order.id} and action = 'order.expired'`));
    expect(audit[0].n).toBe(1);
  });

  it('the loop runs the sweep by itself', async () => {
    const expiresAt = Date.now() + 2000;
    const order = await createOrder(expiringAt(expiresAt));
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt - Date.now() + 20)));
    const loop = startExpiryLoop({ db: db(), intervalMs: 50, log: silentLogger });
    try {
      for (let i = 0; i < 100 && (await get(`/api/v2/orders/${order.id}`, { token: await token() })).body.status !== 'expired'; i++)
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      await loop.stop();
    }
    expect((await get(`/api/v2/orders/${order.id}`, { token: await token() })).body.status).toBe('expired');
  });
});

describe('reminders at REMINDER_HOURS before expiry, once each', () => {
  const hours = [48, 24];

  it('48 and 24 hours before: one reminder each, by the delivery method, with the pass', async () => {
    const expiresAt = Date.now() + 72 * HOUR;
    const order = await createOrder(expiringAt(expiresAt));
    const sweep = (ms: number) => runExpirySweep({ db: db(), orderIds: [order.id], now: new Date(ms), reminderHours: hours });

    expect((await sweep(expiresAt - 49 * HOUR)).reminded).toEqual([]);
    expect((await sweep(expiresAt - 47 * HOUR)).reminded).toEqual([{ orderId: order.id, hours: 48 }]);
    expect((await sweep(expiresAt - 46 * HOUR)).reminded).toEqual([]);
    expect((await sweep(expiresAt - 23 * HOUR)).reminded).toEqual([{ orderId: order.id, hours: 24 }]);
    expect((await sweep(expiresAt - 1 * HOUR)).reminded).toEqual([]);
    const sent = await reminders(order.id);
    const [pass] = rowsOf<{ id: string }>(await db().execute(sql`select id from order_passes where order_id = ${order.id} and revoked_at is null`));
    expect(sent).toEqual([
      { template: 'reminder', channel: 'email', data: { passId: pass.id } },
      { template: 'reminder', channel: 'email', data: { passId: pass.id } },
    ]);
    expect(await remindersSent(order.id)).toEqual([48, 24]);
    // Reminders change no status: no event.
    expect(await events(order.id)).toEqual([]);
  });

  it('inside both windows at once (the worker was down): one reminder, not two', async () => {
    const expiresAt = Date.now() + 72 * HOUR;
    const order = await createOrder(expiringAt(expiresAt));
    const result = await runExpirySweep({ db: db(), orderIds: [order.id], now: new Date(expiresAt - 10 * HOUR), reminderHours: hours });
    expect(result.reminded).toEqual([{ orderId: order.id, hours: 24 }]);
    expect(await reminders(order.id)).toHaveLength(1);
    expect(await remindersSent(order.id)).toEqual([48, 24]);
  });

  it('an order created inside a window gets no reminder for it', async () => {
    const expiresAt = Date.now() + 30 * HOUR;
    const order = await createOrder(expiringAt(expiresAt));
    expect((await runExpirySweep({ db: db(), orderIds: [order.id], now: new Date(Date.now() + 60_000), reminderHours: hours })).reminded).toEqual([]);
    expect((await runExpirySweep({ db: db(), orderIds: [order.id], now: new Date(expiresAt - 23 * HOUR), reminderHours: hours })).reminded).toEqual([
      { orderId: order.id, hours: 24 },
    ]);
  });

  it('no reminder once something was collected, nor for delivery none', async () => {
    const expiresAt = Date.now() + 72 * HOUR;
    const collected = await createOrder(expiringAt(expiresAt));
    await call('POST', `/api/v2/orders/${collected.id}/services/${collected.services[0].id}/events`, { token: await token(), body: { status: 'pending_collectionInitiated' } });
    const handed = await createOrder(expiringAt(expiresAt, { deliveryMethods: [{ type: 'none' }] }));
    const result = await runExpirySweep({ db: db(), orderIds: [collected.id, handed.id], now: new Date(expiresAt - 20 * HOUR), reminderHours: hours });
    expect(result.reminded).toEqual([]);
    expect(await reminders(collected.id)).toEqual([]);
    expect(await reminders(handed.id)).toEqual([]);
  });

  it('sms delivery reminds by SMS', async () => {
    const expiresAt = Date.now() + 72 * HOUR;
    const order = await createOrder(expiringAt(expiresAt, { deliveryMethods: [{ type: 'sms' }] }));
    await runExpirySweep({ db: db(), orderIds: [order.id], now: new Date(expiresAt - 47 * HOUR), reminderHours: hours });
    expect((await reminders(order.id)).map((m) => m.channel)).toEqual(['sms']);
  });

  it('an extension makes a reminder whose moment lies ahead again due again', async () => {
    const expiresAt = Date.now() + 72 * HOUR;
    const order = await createOrder(expiringAt(expiresAt));
    await runExpirySweep({ db: db(), orderIds: [order.id], now: new Date(expiresAt - 47 * HOUR), reminderHours: hours });
    expect(await remindersSent(order.id)).toEqual([48]);
    const extended = await call('PUT', `/api/v2/orders/${order.id}/expiration`, { token: await token(), body: { expiresAt: at(expiresAt + 5 * 24 * HOUR) } });
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    expect(await remindersSent(order.id)).toEqual([]);
  });
});
