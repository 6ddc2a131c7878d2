/** The order's pass (DESIGN.md 6.1): GET and POST /api/v2/orders/{id}/pass, and the pass made by create order. */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { Pass } from '@/lib/domain/contract/representation';
import { ROLE_SCOPES } from '@/lib/domain/scopes';
import { openSecret } from '@/lib/secrets';
import { DEMO } from '@/lib/seed';
import { call, db, expectError, get, token, withTestDatabase } from './harness';
import { createOrder, orderBody, withParticipant } from './orders-fixtures';
import { describeAuthentication } from './shared';

withTestDatabase();

const TOKEN_IN_URL = /\/pass\/([A-Za-z0-9_-]{43})$/;

interface PassRow {
  id: string;
  token_hash: string;
  token_encrypted: string;
  opened_at: string | null;
  revoked_at: string | null;
}
const passRows = async (orderId: string) =>
  rowsOf<PassRow>(await db().execute(sql`select id, token_hash, token_encrypted, opened_at, revoked_at from order_passes where order_id = ${orderId} order by created_at, id`));

interface MessageRow {
  channel: string;
  to_masked: string;
  to_encrypted: string;
  template: string;
  data: { passId?: string };
  status: string;
}
const messagesOf = async (orderId: string) =>
  rowsOf<MessageRow>(await db().execute(sql`select channel, to_masked, to_encrypted, template, data, status from messages where order_id = ${orderId} order by created_at, id`));

const tokenOf = (url: string) => TOKEN_IN_URL.exec(url)![1];
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('create order makes the pass and queues orderCreated', () => {
  it('email delivery: one pass (hashed and sealed token) and one orderCreated e-mail to the masked address', async () => {
    const order = await createOrder();
    const [pass] = await passRows(order.id);
    expect(pass.revoked_at).toBeNull();
    const res = await get(`/api/v2/orders/${order.id}/pass`, { token: await token() });
    const token_ = tokenOf(res.body.url);
    expect(pass.token_hash).toBe(sha256(token_));
    expect(pass.token_encrypted).not.toContain(token_);
    expect(openSecret(pass.token_encrypted)).toBe(token_);
    const messages = await messagesOf(order.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: 'email', to_masked: 'p***@example.com', template: 'orderCreated', data: { passId: pass.id }, status: 'queued' });
    expect(messages[0].to_encrypted).not.toContain(order.participant.email);
    expect(openSecret(messages[0].to_encrypted)).toBe(order.participant.email);
  });

  it('sms delivery queues an SMS to the phone', async () => {
    const order = await createOrder(orderBody({ deliveryMethods: [{ type: 'sms' }] }));
    const messages = await messagesOf(order.id);
    expect(messages.map((m) => [m.channel, m.to_masked, m.template])).toEqual([['sms', '+1******0123', 'orderCreated']]);
  });

  it('delivery none: a pass and no message', async () => {
    const order = await createOrder(orderBody({ deliveryMethods: [{ type: 'none' }] }));
    expect(await passRows(order.id)).toHaveLength(1);
    expect(await messagesOf(order.id)).toEqual([]);
  });

  it('a matched order (an equivalent open one is returned) makes no pass and queues nothing', async () => {
    const body = withParticipant({}, { orderMatching: { enabled: true, windowDays: 30 } });
    const first = await createOrder(body);
    const again = await call('POST', '/api/v2/orders', { token: await token(), body });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.id).toBe(first.id);
    expect(await passRows(first.id)).toHaveLength(1);
    expect(await messagesOf(first.id)).toHaveLength(1);
  });
});

describe('GET /api/v2/orders/{id}/pass', () => {
  describeAuthentication('GET', () => `/api/v2/orders/${DEMO.acme.companies.primary}/pass`, 'order.update');

  it('200 with the pass: url under PUBLIC_URL, createdAt, openedAt and revokedAt null', async () => {
    const order = await createOrder();
    const res = await get(`/api/v2/orders/${order.id}/pass`, { token: await token({ scopes: ['order.update'] }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Pass.parse(res.body)).toEqual(res.body);
    expect(res.body).toMatchObject({ object: 'pass', openedAt: null, revokedAt: null });
    expect(Object.keys(res.body).sort()).toEqual(['createdAt', 'object', 'openedAt', 'revokedAt', 'url']);
    expect(res.body.url).toMatch(TOKEN_IN_URL);
    expect(res.body.url.startsWith(`${(process.env.PUBLIC_URL ?? 'http://localhost:').replace(/\/$/, '')}`)).toBe(true);
  });

  it('403 insufficientScope for a viewer and for an order.read token: the link lets its holder act as the participant', async () => {
    const order = await createOrder();
    for (const scopes of [[...ROLE_SCOPES.viewer], ['order.read' as const]]) {
      const entry = expectError(await get(`/api/v2/orders/${order.id}/pass`, { token: await token({ scopes }) }), 403, 'insufficientScope');
      expect(entry.meta).toEqual({ requiredScope: 'order.update' });
    }
  });

  it('the same pass on every read', async () => {
    const order = await createOrder();
    const t = await token();
    const a = await get(`/api/v2/orders/${order.id}/pass`, { token: t });
    const b = await get(`/api/v2/orders/${order.id}/pass`, { token: t });
    expect(b.body).toEqual(a.body);
  });

  it('a seeded order carries the pass issued when it was placed, not one issued at its first view', async () => {
    const [seeded] = rowsOf<{ id: string; created_at: Date | string }>(
      await db().execute(sql`select o.id, o.created_at from orders o where o.tenant_id = ${DEMO.tenants.acme.id} and o.source = 'seed' order by o.id limit 1`),
    );
    const pass = await get(`/api/v2/orders/${seeded.id}/pass`, { token: await token() });
    expect(pass.status).toBe(200);
    expect(pass.body.createdAt).toBe(new Date(seeded.created_at).toISOString());
    expect(await passRows(seeded.id)).toHaveLength(1);
  });

  it('an order without a pass (made before passes existed) gets its pass on first read, without a message', async () => {
    const [seeded] = rowsOf<{ id: string }>(
      await db().execute(sql`select o.id from orders o where o.tenant_id = ${DEMO.tenants.acme.id} and o.source = 'seed' order by o.id desc limit 1`),
    );
    await db().execute(sql`delete from order_passes where order_id = ${seeded.id}`);
    const t = await token();
    const first = await get(`/api/v2/orders/${seeded.id}/pass`, { token: t });
    expect(first.status).toBe(200);
    expect(await passRows(seeded.id)).toHaveLength(1);
    expect((await get(`/api/v2/orders/${seeded.id}/pass`, { token: t })).body.url).toBe(first.body.url);
    expect(await messagesOf(seeded.id)).toEqual([]);
  });

  it('404 notFound for an unknown order and for another tenant\'s order', async () => {
    const order = await createOrder();
    expectError(await get('/api/v2/orders/00000000-0000-4000-8000-000000000000/pass', { token: await token() }), 404, 'notFound');
    expectError(await get(`/api/v2/orders/${order.id}/pass`, { token: await token({ tenant: 'northwind' }) }), 404, 'notFound');
  });

  it('404 for a token linked to another company only', async () => {
    const order = await createOrder();
    const other = DEMO.acme.companies.secondary;
    expectError(await get(`/api/v2/orders/${order.id}/pass`, { token: await token({ companies: [other] }) }), 404, 'notFound');
  });
});

describe('POST /api/v2/orders/{id}/pass', () => {
  describeAuthentication('POST', () => `/api/v2/orders/${DEMO.acme.companies.primary}/pass`, 'order.update', {});

  it('200: revokes the old link, answers the new pass and queues passReissued; audited', async () => {
    const order = await createOrder();
    const t = await token({ scopes: ['order.read', 'order.update'] });
    const before = await get(`/api/v2/orders/${order.id}/pass`, { token: t });
    const res = await call('POST', `/api/v2/orders/${order.id}/pass`, { token: t, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Pass.parse(res.body)).toEqual(res.body);
    expect(res.body).toMatchObject({ object: 'pass', openedAt: null, revokedAt: null });
    expect(res.body.url).not.toBe(before.body.url);
    const rows = await passRows(order.id);
    expect(rows).toHaveLength(2);
    expect(rows[0].revoked_at).not.toBeNull();
    expect(rows[0].token_hash).toBe(sha256(tokenOf(before.body.url)));
    expect(rows[1].revoked_at).toBeNull();
    expect(rows[1].token_hash).toBe(sha256(tokenOf(res.body.url)));
    expect((await get(`/api/v2/orders/${order.id}/pass`, { token: t })).body).toEqual(res.body);
    const messages = await messagesOf(order.id);
    expect(messages.map((m) => [m.template, m.channel, m.data.passId])).toEqual([
      ['orderCreated', 'email', rows[0].id],
      ['passReissued', 'email', rows[1].id],
    ]);
    const audit = rowsOf<{ action: string; actor_type: string; data: Record<string, unknown> }>(
      await db().execute(sql`select action, actor_type, data from audit_events where order_id = ${order.id} and action = 'order.pass.reissued'`),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_type: 'token', data: { revokedPasses: 1, deliveryMethod: 'email', messageQueued: true } });
  });

  it('an absent body is accepted like {}', async () => {
    const order = await createOrder();
    const res = await call('POST', `/api/v2/orders/${order.id}/pass`, { token: await token() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('delivery none: reissued without a message (the requester prints it)', async () => {
    const order = await createOrder(orderBody({ deliveryMethods: [{ type: 'none' }] }));
    const res = await call('POST', `/api/v2/orders/${order.id}/pass`, { token: await token(), body: {} });
    expect(res.status).toBe(200);
    expect(await messagesOf(order.id)).toEqual([]);
  });

  it('400 unrecognizedKeys for a member in the body', async () => {
    const order = await createOrder();
    expectError(await call('POST', `/api/v2/orders/${order.id}/pass`, { token: await token(), body: { send: false } }), 400, 'unrecognizedKeys', '/send');
  });

  it('422 invalidState for a cancelled order, with its status', async () => {
    const order = await createOrder();
    const t = await token();
    expect((await call('PUT', `/api/v2/orders/${order.id}/cancellation`, { token: t, body: {} })).status).toBe(200);
    const entry = expectError(await call('POST', `/api/v2/orders/${order.id}/pass`, { token: t, body: {} }), 422, 'invalidState');
    expect(entry.meta).toEqual({ status: 'cancelled' });
    expect(await passRows(order.id)).toHaveLength(1);
  });

  it('422 invalidState for a final order', async () => {
    const order = await createOrder();
    const t = await token();
    for (const s of order.services)
      expect((await call('POST', `/api/v2/orders/${order.id}/services/${s.id}/events`, { token: t, body: { status: 'negative' } })).status).toBe(200);
    const entry = expectError(await call('POST', `/api/v2/orders/${order.id}/pass`, { token: t, body: {} }), 422, 'invalidState');
    expect(entry.meta).toEqual({ status: 'negative' });
  });

  it('404 notFound for another tenant\'s order; nothing changes', async () => {
    const order = await createOrder();
    expectError(await call('POST', `/api/v2/orders/${order.id}/pass`, { token: await token({ tenant: 'northwind' }), body: {} }), 404, 'notFound');
    expect(await passRows(order.id)).toHaveLength(1);
  });
});
