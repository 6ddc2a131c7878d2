/**
 * `GET /api/v2/orders/{id}/messages` (DESIGN.md 6.1): an order's messages, oldest first, with the
 * address masked; 404 for an order outside the token's access; 403 without `order.read`.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@/lib/db/schema';
import { Message } from '@/lib/domain/contract/representation';
import { DEMO } from '@/lib/seed';
import { runDueMessages } from '@/lib/worker/message-send';
import { db, expectError, get, token, withTestDatabase } from './harness';
import { orderWithPass, queue } from './messages-fixtures';
import { missing } from './operation-samples';
import { describeAuthentication } from './shared';

withTestDatabase();

/** Three messages, created a second apart (so "oldest first" is not left to chance). */
async function orderWithMessages() {
  const { order, passId } = await orderWithPass();
  const ids = [
    await queue(order.id, passId, 'email', 'jordan.rivera@example.com', 'orderCreated'),
    await queue(order.id, passId, 'sms', '+15125550199', 'reminder'),
    await queue(order.id, passId, 'email', 'jordan.rivera@example.com', 'expirationExtended'),
  ];
  const base = Date.parse('2026-11-01T12:00:00.000Z');
  for (const [i, id] of ids.entries()) await db().update(messages).set({ createdAt: new Date(base + i * 1000) }).where(eq(messages.id, id));
  return { order, passId, ids };
}

describe('GET /api/v2/orders/{id}/messages', () => {
  describeAuthentication('GET', () => `/api/v2/orders/${missing}/messages`, 'order.read');

  describe('pagination bounds (spec 8)', () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ page: '0' }, 'tooSmall', '/page'],
      [{ page: '10001' }, 'tooBig', '/page'],
      [{ limit: '0' }, 'tooSmall', '/limit'],
      [{ limit: '21' }, 'tooBig', '/limit'],
      [{ limit: 'ten' }, 'invalidType', '/limit'],
      [{ page: '1.5' }, 'invalidType', '/page'],
    ];
    for (const [query, code, pointer] of cases) {
      it(`400 ${code} for ${new URLSearchParams(query)}`, async () => {
        const { order } = await orderWithPass();
        expectError(await get(`/api/v2/orders/${order.id}/messages`, { token: await token({ scopes: ['order.read'] }), query }), 400, code, pointer);
      });
    }
  });

  it('lists the messages oldest first, masked, in the documented shape', async () => {
    const { order, ids } = await orderWithMessages();
    const res = await get(`/api/v2/orders/${order.id}/messages`, { token: await token({ scopes: ['order.read'] }) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, page: 1, limit: 10 });
    expect(res.body.data).toEqual([
      { id: ids[0], object: 'message', channel: 'email', to: 'j***@example.com', template: 'orderCreated', status: 'queued', attempts: 0, lastError: null, sentAt: null, createdAt: '2026-11-01T12:00:00.000Z' },
      { id: ids[1], object: 'message', channel: 'sms', to: '+1******0199', template: 'reminder', status: 'queued', attempts: 0, lastError: null, sentAt: null, createdAt: '2026-11-01T12:00:01.000Z' },
      { id: ids[2], object: 'message', channel: 'email', to: 'j***@example.com', template: 'expirationExtended', status: 'queued', attempts: 0, lastError: null, sentAt: null, createdAt: '2026-11-01T12:00:02.000Z' },
    ]);
    for (const m of res.body.data) expect(Message.safeParse(m).success).toBe(true);
    // Never the address in clear, nor the content.
    const body = JSON.stringify(res.body);
    expect(body).not.toContain('jordan.rivera');
    expect(body).not.toContain('5125550199');
    expect(body).not.toContain('/pass/');
  });

  it('pages oldest first', async () => {
    const { order, ids } = await orderWithMessages();
    const t = await token({ scopes: ['order.read'] });
    const first = await get(`/api/v2/orders/${order.id}/messages`, { token: t, query: { limit: 2 } });
    const second = await get(`/api/v2/orders/${order.id}/messages`, { token: t, query: { limit: 2, page: 2 } });
    const third = await get(`/api/v2/orders/${order.id}/messages`, { token: t, query: { limit: 2, page: 3 } });
    expect(first.body).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(first.body.data.map((m: { id: string }) => m.id)).toEqual(ids.slice(0, 2));
    expect(second.body).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(second.body.data.map((m: { id: string }) => m.id)).toEqual([ids[2]]);
    expect(third.body).toEqual({ data: [], total: 3, page: 3, limit: 2 });
  });

  it('shows what the worker did: sent with sentAt, failed with lastError and attempts', async () => {
    const { order, ids } = await orderWithMessages();
    const production = { email: null, sms: null };
    await runDueMessages({ db: db(), messageIds: [ids[0]], providers: production });
    await runDueMessages({ db: db(), messageIds: [ids[1]], providers: { email: null, sms: { name: 'mailbox', send: async () => ({ ok: true, providerMessageId: null }) } } });
    const res = await get(`/api/v2/orders/${order.id}/messages`, { token: await token({ scopes: ['order.read'] }) });
    expect(res.body.data[0]).toMatchObject({ status: 'failed', attempts: 1, lastError: 'providerNotConfigured', sentAt: null });
    expect(res.body.data[1]).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(Date.parse(res.body.data[1].sentAt!)).not.toBeNaN();
    expect(res.body.data[2]).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('an order without messages lists none', async () => {
    const { order } = await orderWithPass();
    const res = await get(`/api/v2/orders/${order.id}/messages`, { token: await token({ scopes: ['order.read'] }) });
    expect(res.body).toEqual({ data: [], total: 0, page: 1, limit: 10 });
  });

  it('404 notFound for an unknown order, another tenant\'s order and an order of a company the token is not linked to', async () => {
    const { order } = await orderWithMessages();
    expectError(await get(`/api/v2/orders/${missing}/messages`, { token: await token({ scopes: ['order.read'] }) }), 404, 'notFound');
    expectError(await get(`/api/v2/orders/${order.id}/messages`, { token: await token({ tenant: 'northwind', scopes: ['order.read'] }) }), 404, 'notFound');
    const otherCompany = await token({ scopes: ['order.read'], companies: [DEMO.acme.companies.secondary] });
    expectError(await get(`/api/v2/orders/${order.id}/messages`, { token: otherCompany }), 404, 'notFound');
  });

  it('403 insufficientScope with order.list but not order.read', async () => {
    const { order } = await orderWithMessages();
    const entry = expectError(await get(`/api/v2/orders/${order.id}/messages`, { token: await token({ scopes: ['order.list'] }) }), 403, 'insufficientScope');
    expect(entry.meta).toEqual({ requiredScope: 'order.read' });
  });
});
