/**
 * Acknowledgement of final results (DESIGN.md 6.2, issue 16): PUT /orders/{id}/acknowledgement,
 * acknowledgedAt/acknowledgedBy on the Order, the `acknowledged` filter of list orders, the results
 * inbox order, and the retention day set when an order ends.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '@/lib/db/schema';
import { makeCtx, systemPrincipal } from '@/lib/domain/context';
import { listResultsInbox } from '@/lib/domain/orders/results-inbox';
import { retentionUntil } from '@/lib/domain/orders/retention';
import { SCOPES } from '@/lib/domain/scopes';
import { DEMO } from '@/lib/seed';
import { call, db, expectError, get, token, withTestDatabase } from './harness';
import { createOrder } from './orders-fixtures';

withTestDatabase();

let admin: string;
beforeAll(async () => {
  admin = await token();
});

async function finalOrder(status = 'negative') {
  const order = await createOrder();
  for (const s of order.services as Array<{ id: string }>) {
    const res = await call('POST', `/api/v2/orders/${order.id}/services/${s.id}/events`, { token: admin, body: { status } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return order as { id: string; code: string; company: { id: string }; participant: { lastName: string } };
}

const acknowledge = (id: string, t = admin, body: unknown = {}) => call('PUT', `/api/v2/orders/${id}/acknowledgement`, { token: t, body });

describe('PUT /api/v2/orders/{id}/acknowledgement', () => {
  it('422 invalidState for an order that is not final', async () => {
    const open = await createOrder();
    const entry = expectError(await acknowledge(open.id), 422, 'invalidState');
    expect(entry.meta).toEqual({ orderId: open.id, status: 'ordered' });
  });

  it('200 for a final order: acknowledgedAt and acknowledgedBy (the token); again: unchanged', async () => {
    const order = await finalOrder();
    const before = await get(`/api/v2/orders/${order.id}`, { token: admin });
    expect(before.body).toMatchObject({ acknowledgedAt: null, acknowledgedBy: null, isFinal: true });
    const res = await acknowledge(order.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.acknowledgedAt).toMatch(/Z$/);
    expect(res.body.acknowledgedBy).toEqual({ type: 'token', id: expect.any(String), name: 'test' });
    const again = await acknowledge(order.id);
    expect(again.status).toBe(200);
    expect(again.body.acknowledgedAt).toBe(res.body.acknowledgedAt);
    expect((await get(`/api/v2/orders/${order.id}`, { token: admin })).body.acknowledgedAt).toBe(res.body.acknowledgedAt);
  });

  it('400 for a body with members; 403 without order.update; 404 for another tenant', async () => {
    const order = await finalOrder();
    expectError(await acknowledge(order.id, admin, { seen: true }), 400, 'unrecognizedKeys', '/seen');
    expectError(await acknowledge(order.id, await token({ scopes: SCOPES.filter((s) => s !== 'order.update') })), 403, 'insufficientScope');
    expectError(await acknowledge(order.id, await token({ tenant: 'northwind' })), 404, 'notFound');
  });
});

describe('GET /api/v2/orders?acknowledged=', () => {
  it('true lists acknowledged results, false final ones nobody acknowledged', async () => {
    const seen = await finalOrder();
    const unseen = await finalOrder();
    const open = await createOrder();
    await acknowledge(seen.id);
    const ids = async (acknowledged: string) => {
      const res = await get('/api/v2/orders', { token: admin, query: { acknowledged, limit: 20 } });
      expect(res.status).toBe(200);
      return { ids: (res.body.data as Array<{ id: string }>).map((o) => o.id), total: res.body.total as number };
    };
    const yes = await ids('true');
    expect(yes.ids).toContain(seen.id);
    expect(yes.ids).not.toContain(unseen.id);
    const no = await ids('false');
    expect(no.ids).toContain(unseen.id);
    expect(no.ids).not.toContain(seen.id);
    expect(no.ids).not.toContain(open.id);
    expect(no.total).toBeGreaterThanOrEqual(1);
    expectError(await get('/api/v2/orders', { token: admin, query: { acknowledged: 'yes' } }), 400, 'invalidValue', '/acknowledged');
  });
});

describe('results inbox', () => {
  it('puts non-negative, refusal and adulterated results before negatives', async () => {
    const negative = await finalOrder('negative');
    const positive = await finalOrder('nonNegative');
    const refusal = await finalOrder('incomplete_refusalToTest');
    const ctx = makeCtx(systemPrincipal('test', { tenantId: DEMO.tenants.acme.id, companyIds: [DEMO.acme.companies.primary] }), db());
    const entries: Awaited<ReturnType<typeof listResultsInbox>>['data'] = [];
    for (let p = 1; p <= 50; p++) {
      const inbox = await listResultsInbox(ctx, { page: p, limit: 20 });
      entries.push(...inbox.data);
      if (inbox.data.length < 20) break;
    }
    const at = (id: string) => entries.findIndex((e) => e.order.id === id);
    expect(at(positive.id)).toBeGreaterThanOrEqual(0);
    expect(at(positive.id)).toBeLessThan(at(negative.id));
    expect(at(refusal.id)).toBeLessThan(at(negative.id));
    expect(entries[at(refusal.id)]).toMatchObject({ needsAttention: true, refusal: true });
    expect(entries[at(negative.id)].needsAttention).toBe(false);
  });
});

describe('results inbox filters (the /results page)', () => {
  const both = () => makeCtx(systemPrincipal('test', { tenantId: DEMO.tenants.acme.id, companyIds: [DEMO.acme.companies.primary, DEMO.acme.companies.secondary] }), db());

  it('words of the code (any case, without its dash) or of the name find the result; total counts only what matches', async () => {
    const positive = await finalOrder('nonNegative');
    const byCode = await listResultsInbox(both(), { page: 1, limit: 20, search: positive.code.toLowerCase().replace(/-/g, '') });
    expect(byCode.data.map((e) => e.order.id)).toEqual([positive.id]);
    expect(byCode.total).toBe(1);
    const byName = await listResultsInbox(both(), { page: 1, limit: 100, search: `${positive.participant.lastName} ${positive.code}` });
    expect(byName.data.map((e) => e.order.id)).toEqual([positive.id]);
  });

  it('one company: its results only; another company finds none of them', async () => {
    const positive = await finalOrder('nonNegative');
    expect(positive.company.id).toBe(DEMO.acme.companies.primary);
    const own = await listResultsInbox(both(), { page: 1, limit: 20, companyId: DEMO.acme.companies.primary, search: positive.code });
    expect(own.data.map((e) => e.order.id)).toEqual([positive.id]);
    const other = await listResultsInbox(both(), { page: 1, limit: 20, companyId: DEMO.acme.companies.secondary, search: positive.code });
    expect(other).toMatchObject({ data: [], total: 0 });
    const secondary = await listResultsInbox(both(), { page: 1, limit: 50, companyId: DEMO.acme.companies.secondary });
    expect(secondary.data.every((e) => e.order.company?.id === DEMO.acme.companies.secondary)).toBe(true);
  });
});

describe('retention day', () => {
  it('5 years for a verified positive or a refusal, 1 year for a negative or a cancelled order, none while open', async () => {
    const rows = async (id: string) => (await db().select({ r: orders.retentionUntil }).from(orders).where(eq(orders.id, id)))[0].r;
    const positive = await finalOrder('nonNegative');
    const refusal = await finalOrder('incomplete_refusalToTest');
    const negative = await finalOrder('negative');
    const open = await createOrder();
    const cancelled = await createOrder();
    await call('PUT', `/api/v2/orders/${cancelled.id}/cancellation`, { token: admin, body: {} });
    expect((await rows(positive.id))?.slice(0, 4)).toBe(String(new Date().getUTCFullYear() + 5));
    expect((await rows(refusal.id))?.slice(0, 4)).toBe(String(new Date().getUTCFullYear() + 5));
    expect((await rows(negative.id))?.slice(0, 4)).toBe(String(new Date().getUTCFullYear() + 1));
    expect((await rows(cancelled.id))?.slice(0, 4)).toBe(String(new Date().getUTCFullYear() + 1));
    expect(await rows(open.id)).toBeNull();
  });

  it('the rule itself: 29 February, open statuses, refusals', () => {
    expect(retentionUntil('nonNegative', new Date('2024-02-29T12:00:00Z'))).toBe('2029-02-28');
    expect(retentionUntil('negative', new Date('2026-11-24T23:59:00Z'))).toBe('2027-11-24');
    expect(retentionUntil('incomplete', new Date('2026-01-01T00:00:00Z'), ['incomplete_refusalToTest'])).toBe('2031-01-01');
    expect(retentionUntil('incomplete', new Date('2026-01-01T00:00:00Z'), ['incomplete_shyBladder'])).toBe('2027-01-01');
    expect(retentionUntil('pending', new Date())).toBeNull();
  });
});
