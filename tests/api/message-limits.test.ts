/**
 * Hourly limits on messages to participants and real phone numbers (issue 26): lib/domain/outbox/message-limits.ts,
 * applied by POST /orders/{id}/pass, PUT /orders/{id}/expiration and POST /orders; ParticipantPhone.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { MESSAGES_PER_ORDER_PER_HOUR, MESSAGES_PER_RECIPIENT_PER_HOUR } from '@/lib/domain/outbox/message-limits';
import { DEMO } from '@/lib/seed';
import { call, db, expectError, get, token, withTestDatabase, type ApiResponse } from './harness';
import { createOrder, orderBody, uniqueName, withParticipant } from './orders-fixtures';

withTestDatabase();

const messageCount = async (orderId: string) =>
  rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from messages where order_id = ${orderId}`))[0].n;
const reissue = async (orderId: string) => call('POST', `/api/v2/orders/${orderId}/pass`, { token: await token(), body: {} });
const extend = async (orderId: string, expiresAt: string) => call('PUT', `/api/v2/orders/${orderId}/expiration`, { token: await token(), body: { expiresAt } });
const later = (order: { createdAt: string }, days: number) => new Date(Date.parse(order.createdAt) + days * 86_400_000).toISOString();

/** A 429 of the limits: meta and headers say which limit and when to try again (within the hour). */
function expectLimited(res: ApiResponse, per: 'order' | 'recipient', limit: number, pointer?: string) {
  const entry = expectError(res, 429, 'tooManyRequests', pointer);
  expect(entry.meta).toEqual({ limit, retryAfterSeconds: expect.any(Number), per });
  expect(entry.meta.retryAfterSeconds).toBeGreaterThan(3000);
  expect(entry.meta.retryAfterSeconds).toBeLessThanOrEqual(3600);
  expect(res.headers.get('retry-after')).toBe(String(entry.meta.retryAfterSeconds));
  expect(entry.detail).toMatch(/in the last hour.*Try again in \d+ minutes\.$/);
  return entry;
}

describe('messages about one order: at most MESSAGES_PER_ORDER_PER_HOUR an hour', () => {
  it('the reissue that would send one more is 429 tooManyRequests with Retry-After, and changes nothing', async () => {
    const order = await createOrder(); // orderCreated: 1
    for (let i = 1; i < MESSAGES_PER_ORDER_PER_HOUR; i++) expect((await reissue(order.id)).status).toBe(200);
    const before = (await get(`/api/v2/orders/${order.id}/pass`, { token: await token() })).body;
    const entry = expectLimited(await reissue(order.id), 'order', MESSAGES_PER_ORDER_PER_HOUR);
    expect(entry.detail).toMatch(/^The participant was sent 5 messages about this order in the last hour/);
    expect(await messageCount(order.id)).toBe(MESSAGES_PER_ORDER_PER_HOUR);
    // Rolled back: the link the participant has still works.
    expect((await get(`/api/v2/orders/${order.id}/pass`, { token: await token() })).body).toEqual(before);
  });

  it('extensions count and are refused alike; the expiry stays', async () => {
    const order = await createOrder();
    expect((await reissue(order.id)).status).toBe(200);
    for (let day = 20; day < 20 + MESSAGES_PER_ORDER_PER_HOUR - 2; day++) expect((await extend(order.id, later(order, day))).status).toBe(200);
    const expiresAt = (await get(`/api/v2/orders/${order.id}`, { token: await token() })).body.expiresAt;
    expectLimited(await extend(order.id, later(order, 40)), 'order', MESSAGES_PER_ORDER_PER_HOUR);
    expect((await get(`/api/v2/orders/${order.id}`, { token: await token() })).body.expiresAt).toBe(expiresAt);
  });

  it('delivery none sends nothing, so its reissues are not limited', async () => {
    const order = await createOrder(orderBody({ deliveryMethods: [{ type: 'none' }] }));
    for (let i = 0; i < MESSAGES_PER_ORDER_PER_HOUR + 2; i++) expect((await reissue(order.id)).status).toBe(200);
    expect(await messageCount(order.id)).toBe(0);
  });
});

describe('messages to one address: at most MESSAGES_PER_RECIPIENT_PER_HOUR an hour within a tenant', () => {
  it('the order that would send one more is 429 at /participant/email; a +tag is the same mailbox; a reissue to it is refused too; another tenant is not counted', async () => {
    const email = `limit.${uniqueName().toLowerCase()}@example.com`;
    const orders = [];
    for (let i = 0; i < MESSAGES_PER_RECIPIENT_PER_HOUR; i++) orders.push(await createOrder(withParticipant({ email, lastName: uniqueName() })));
    const tagged = email.replace('@', '+again@');
    const refused = await call('POST', '/api/v2/orders', { token: await token(), body: withParticipant({ email: tagged.toUpperCase(), lastName: uniqueName() }) });
    const entry = expectLimited(refused, 'recipient', MESSAGES_PER_RECIPIENT_PER_HOUR, '/participant/email');
    expect(entry.detail).toMatch(/^L\*\*\*@EXAMPLE\.COM was sent 10 messages in the last hour/);
    expect(rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from orders where participant_email = ${tagged.toUpperCase()}`))[0].n).toBe(0);

    expectLimited(await reissue(orders[0].id), 'recipient', MESSAGES_PER_RECIPIENT_PER_HOUR);

    const northwind = withParticipant({ email, lastName: uniqueName() }, { location: { id: DEMO.northwind.locations.primary }, package: { id: DEMO.northwind.packages.nonDot } });
    expect((await call('POST', '/api/v2/orders', { token: await token({ tenant: 'northwind' }), body: northwind })).status).toBe(201);
  });

  it('text messages are counted by phone number, 429 at /participant/phone', async () => {
    const phone = `+1972${200 + Math.floor(Math.random() * 800)}${1000 + Math.floor(Math.random() * 9000)}`;
    const sms = () => withParticipant({ phone, lastName: uniqueName() }, { deliveryMethods: [{ type: 'sms' }] });
    for (let i = 0; i < MESSAGES_PER_RECIPIENT_PER_HOUR; i++) await createOrder(sms());
    expectLimited(await call('POST', '/api/v2/orders', { token: await token(), body: sms() }), 'recipient', MESSAGES_PER_RECIPIENT_PER_HOUR, '/participant/phone');
    // The same number by e-mail delivery sends no text message.
    expect((await call('POST', '/api/v2/orders', { token: await token(), body: withParticipant({ phone, lastName: uniqueName() }) })).status).toBe(201);
  });
});

describe('participant phone: a number of its country\'s numbering plan (libphonenumber-js)', () => {
  it.each(['+999123456789', '+15555550123', '+1214555012', '+4420794601'])('400 invalidValue at /participant/phone for %s', async (phone) => {
    const res = await call('POST', '/api/v2/orders', { token: await token(), body: withParticipant({ phone }, { deliveryMethods: [{ type: 'sms' }] }) });
    const entry = expectError(res, 400, 'invalidValue', '/participant/phone');
    expect(entry.detail).toMatch(/not a phone number in its country's numbering plan/);
    expect(res.body.errors).toHaveLength(1);
  });

  it.each(['+12145550123', '+442079460123', '+33612345678'])('201 for %s', async (phone) => {
    expect((await call('POST', '/api/v2/orders', { token: await token(), body: withParticipant({ phone }, { deliveryMethods: [{ type: 'sms' }] }) })).status).toBe(201);
  });
});
