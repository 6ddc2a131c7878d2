import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Order } from '@/lib/api/representations';
import { SCOPES } from '@/lib/domain/scopes';
import { genericPlanDb, rowsOf } from '@/lib/db/client';
import { companies, orderCounters, orders } from '@/lib/db/schema';
import { DEMO } from '@/lib/seed';
import { call, db, driver, expectError, get, token, withTablesStill, withTestDatabase } from './harness';
import { acme, createOrder, orderBody, withParticipant } from './orders-fixtures';
import { describeAuthentication, describePagination } from './shared';

withTestDatabase();

type O = Order;

async function count(where: ReturnType<typeof sql>) {
  return rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from orders o where ${where}`))[0].n;
}
const visibleAcme = sql`o.tenant_id = ${DEMO.tenants.acme.id} and not exists (select 1 from companies c where c.id = o.company_id and c.deleted_at is not null)`;
/**
 * Runs a check of the tenant's whole list (its total, its pages) while no other test file changes
 * orders, their counters or which companies are deleted: on PostgreSQL they all add and change
 * orders of the same tenant. The list and the count it is compared with then see the same rows.
 * In the order writers take them (a company's rename rewrites its orders' documents; an order's
 * change moves its counters), so that waiting on a writer never closes a circle.
 */
const ordersStill = <T>(check: () => Promise<T>) => withTablesStill([companies, orders, orderCounters], check);

describe('GET /api/v2/orders', () => {
  describeAuthentication('GET', () => '/api/v2/orders', 'order.list');
  describePagination('/api/v2/orders', 'order.list');

  it('200 newest first, with an exact total', async () => {
    const t = await token({ scopes: ['order.list'] });
    await ordersStill(async () => {
      const res = await get('/api/v2/orders', { token: t, query: { limit: 20 } });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(await count(visibleAcme));
      const created = res.body.data.map((o: O) => o.createdAt);
      expect(created).toEqual([...created].sort().reverse());
      for (const o of res.body.data) expect(o.object).toBe('order');
    });
  });

  it('lists a new order first', async () => {
    const order = await createOrder();
    const res = await get('/api/v2/orders', { token: await token({ scopes: ['order.list'] }), query: { search: order.participant.lastName! } });
    expect(res.body.data.map((o: O) => o.id)).toEqual([order.id]);
    expect(res.body.total).toBe(1);
  });

  it('filters by status (comma-separated) with an exact total', async () => {
    const t = await token({ scopes: ['order.list'] });
    await ordersStill(async () => {
      const res = await get('/api/v2/orders', { token: t, query: { status: 'negative,positive', limit: 20 } });
      expect(res.body.data.length).toBeGreaterThan(0);
      for (const o of res.body.data) expect(['negative', 'positive']).toContain(o.status);
      expect(res.body.total).toBe(await count(sql`${visibleAcme} and o.status in ('negative', 'positive')`));
    });
  });

  it('filters by companyId and locationId', async () => {
    const t = await token({ scopes: ['order.list'] });
    await ordersStill(async () => {
      const byCompany = await get('/api/v2/orders', { token: t, query: { companyId: acme.companies.secondary, limit: 20 } });
      for (const o of byCompany.body.data) expect(o.company?.id).toBe(acme.companies.secondary);
      expect(byCompany.body.total).toBe(await count(sql`${visibleAcme} and o.company_id = ${acme.companies.secondary}`));
      const byLocation = await get('/api/v2/orders', { token: t, query: { locationId: acme.locations.primary, limit: 20 } });
      for (const o of byLocation.body.data) expect(o.location?.id).toBe(acme.locations.primary);
      expect(byLocation.body.total).toBe(await count(sql`${visibleAcme} and o.location_id = ${acme.locations.primary}`));
    });
  });

  it('filters by code, and by search on name, e-mail or code', async () => {
    const order = await createOrder(withParticipant({ email: `unique-${Date.now()}@example.org` }));
    const t = await token({ scopes: ['order.list'] });
    expect((await get('/api/v2/orders', { token: t, query: { code: order.code } })).body.data.map((o: O) => o.id)).toEqual([order.id]);
    expect((await get('/api/v2/orders', { token: t, query: { search: order.participant.email!.slice(0, 12).toUpperCase() } })).body.data.map((o: O) => o.id)).toContain(order.id);
    expect((await get('/api/v2/orders', { token: t, query: { search: `Pat ${order.participant.lastName}` } })).body.data.map((o: O) => o.id)).toEqual([order.id]);
    expect((await get('/api/v2/orders', { token: t, query: { search: order.code.slice(0, 6) } })).body.data.map((o: O) => o.id)).toContain(order.id);
  });

  it('filters by creation and update time, and isFinal', async () => {
    const t = await token({ scopes: ['order.list'] });
    const before = new Date(Date.now() - 1000).toISOString();
    const order = await createOrder();
    const after = await get('/api/v2/orders', { token: t, query: { createdAfter: before, limit: 20 } });
    expect(after.body.data.map((o: O) => o.id)).toContain(order.id);
    for (const o of after.body.data) expect(o.createdAt >= before).toBe(true);
    const older = await get('/api/v2/orders', { token: t, query: { createdBefore: before, limit: 20 } });
    for (const o of older.body.data) expect(o.createdAt < before).toBe(true);
    const updated = await get('/api/v2/orders', { token: t, query: { updatedAfter: before, limit: 20 } });
    for (const o of updated.body.data) expect(o.updatedAt > before).toBe(true);
    await ordersStill(async () => {
      const finals = await get('/api/v2/orders', { token: t, query: { isFinal: 'true', limit: 20 } });
      for (const o of finals.body.data) expect(o.isFinal).toBe(true);
      expect(finals.body.total).toBe(await count(sql`${visibleAcme} and o.is_final`));
    });
  });

  it('a page past the end is empty and still carries the exact total, with and without filters', async () => {
    const t = await token({ scopes: ['order.list'] });
    await ordersStill(async () => {
      const all = await get('/api/v2/orders', { token: t, query: { page: 10000 } });
      expect(all.status).toBe(200);
      expect(all.body).toEqual({ data: [], total: await count(visibleAcme), page: 10000, limit: 10 });
      const cancelled = await get('/api/v2/orders', { token: t, query: { page: 10000, status: 'cancelled', isFinal: 'true' } });
      expect(cancelled.body).toEqual({ data: [], total: await count(sql`${visibleAcme} and o.status = 'cancelled' and o.is_final`), page: 10000, limit: 10 });
    });
  });

  it('consecutive pages continue one another without gaps or repeats', async () => {
    const t = await token({ scopes: ['order.list'] });
    await ordersStill(async () => {
      const twenty = (await get('/api/v2/orders', { token: t, query: { limit: 20, status: 'cancelled,negative' } })).body.data.map((o: O) => o.id);
      const first = (await get('/api/v2/orders', { token: t, query: { limit: 10, page: 1, status: 'cancelled,negative' } })).body.data.map((o: O) => o.id);
      const second = (await get('/api/v2/orders', { token: t, query: { limit: 10, page: 2, status: 'cancelled,negative' } })).body.data.map((o: O) => o.id);
      expect(twenty).toHaveLength(20);
      expect([...first, ...second]).toEqual(twenty);
    });
  });

  it('400 with pointers for bad filters', async () => {
    const t = await token({ scopes: ['order.list'] });
    expectError(await get('/api/v2/orders', { token: t, query: { status: 'done' } }), 400, 'invalidValue', '/status/0');
    expectError(await get('/api/v2/orders', { token: t, query: { createdAfter: 'yesterday' } }), 400, 'invalidFormat', '/createdAfter');
    expectError(await get('/api/v2/orders', { token: t, query: { isFinal: 'yes' } }), 400, 'invalidValue', '/isFinal');
  });

  it('a token linked to one company never sees another company\'s orders, even when filtering for them', async () => {
    const t = await token({ scopes: ['order.list'], companies: [acme.companies.secondary] });
    await ordersStill(async () => {
      const res = await get('/api/v2/orders', { token: t, query: { limit: 20 } });
      expect(res.body.total).toBe(await count(sql`${visibleAcme} and o.company_id = ${acme.companies.secondary}`));
      for (const o of res.body.data) expect(o.company?.id).toBe(acme.companies.secondary);
    });
    const other = await get('/api/v2/orders', { token: t, query: { companyId: acme.companies.primary } });
    expect(other.body).toEqual({ data: [], total: 0, page: 1, limit: 10 });
  });

  it('another tenant sees none of these orders', async () => {
    const order = await createOrder();
    const res = await get('/api/v2/orders', { token: await token({ tenant: 'northwind', scopes: ['order.list'] }), query: { code: order.code } });
    expect(res.body.total).toBe(0);
  });

  it('participant identifiers only with order.participant.read', async () => {
    const order = await createOrder(withParticipant({ identifiers: [{ type: 'employeeId', value: 'E-1' }] }));
    const q = { code: order.code };
    const withScope = await get('/api/v2/orders', { token: await token({ scopes: ['order.list', 'order.participant.read'] }), query: q });
    expect(withScope.body.data[0].participant.identifiers).toHaveLength(1);
    const without = await get('/api/v2/orders', { token: await token({ scopes: ['order.list'] }), query: q });
    expect(without.body.data[0].participant).not.toHaveProperty('identifiers');
  });
});

describe('GET /api/v2/orders/{id}', () => {
  describeAuthentication('GET', () => '/api/v2/orders/x', 'order.read');

  it('200 the Order; identifiers only with order.participant.read', async () => {
    const order = await createOrder(withParticipant({ identifiers: [{ type: 'driversLicense', value: 'X9', issuingCountry: 'US', issuingState: 'CA' }] }));
    const withScope = await get(`/api/v2/orders/${order.id}`, { token: await token({ scopes: ['order.read', 'order.participant.read'] }) });
    expect(withScope.status).toBe(200);
    expect(withScope.body).toEqual(order);
    const without = await get(`/api/v2/orders/${order.id}`, { token: await token({ scopes: ['order.read'] }) });
    expect(without.body.participant).not.toHaveProperty('identifiers');
    const { identifiers: _i, ...participant } = order.participant;
    expect(without.body).toEqual({ ...order, participant });
  });

  it('a seeded order has a plausible story: history in time order, screen milestones', async () => {
    const [row] = rowsOf<{ id: string }>(await db().execute(sql`select id from orders where tenant_id = ${DEMO.tenants.acme.id} and status = 'negative' and company_id = ${acme.companies.primary} limit 1`));
    const res = await get(`/api/v2/orders/${row.id}`, { token: await token() });
    expect(res.body.isFinal).toBe(true);
    for (const s of res.body.services) {
      const times = s.statusHistory!.map((h: { occurredAt: string }) => h.occurredAt);
      expect(times).toEqual([...times].sort());
      expect(s.statusHistory!.at(-1)?.status).toBe(s.status);
    }
  });

  it('404 for unknown, foreign-tenant and unlinked-company orders, indistinguishably', async () => {
    const order = await createOrder();
    const unknown = await get('/api/v2/orders/00000000-0000-0000-0000-000000000000', { token: await token() });
    expectError(unknown, 404, 'notFound');
    const foreign = await get(`/api/v2/orders/${order.id}`, { token: await token({ tenant: 'northwind' }) });
    const unlinked = await get(`/api/v2/orders/${order.id}`, { token: await token({ companies: [acme.companies.secondary] }) });
    for (const res of [foreign, unlinked]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(unknown.body);
    }
  });
});

describe('PUT /api/v2/orders/{id}/cancellation', () => {
  describeAuthentication('PUT', () => '/api/v2/orders/x/cancellation', 'order.cancel', {});
  const cancel = async (id: string, body?: unknown, t?: string) => call('PUT', `/api/v2/orders/${id}/cancellation`, { token: t ?? (await token()), body });

  it('200 cancels every service except background checks, without a body', async () => {
    const order = await createOrder(orderBody({ package: { id: acme.packages.drugAndBackground } }));
    const res = await cancel(order.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: order.id, status: 'cancelled', isFinal: false });
    expect(res.body.statusUpdatedAt > order.statusUpdatedAt || res.body.statusUpdatedAt === res.body.updatedAt).toBe(true);
    for (const s of res.body.services) {
      if (s.attributes?.category === 'background' || s.name.toLowerCase().includes('background')) expect(s.status).toBe('ordered');
      else {
        expect(s.status).toBe('cancelled');
        expect(s.isFinal).toBe(true);
        expect(s.statusHistory!.at(-1)).toMatchObject({ status: 'cancelled', groupType: 'cancelled' });
      }
    }
  });

  it('accepts an empty object and never includes participant identifiers', async () => {
    const order = await createOrder(withParticipant({ identifiers: [{ type: 'ssnLast4', value: '1234' }] }));
    expect(order.participant.identifiers).toHaveLength(1);
    const res = await cancel(order.id, {});
    expect(res.status).toBe(200);
    expect(res.body.participant).not.toHaveProperty('identifiers');
  });

  it('an already cancelled order answers 200 unchanged', async () => {
    const order = await createOrder();
    const first = await cancel(order.id);
    const second = await cancel(order.id, { cancelledBy: { email: 'someone@example.com' } });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const audits = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from audit_events where order_id = ${order.id} and action = 'order.cancelled'`));
    expect(audits[0].n).toBe(1);
  });

  it('records a linked user named by cancelledBy.email in the audit trail', async () => {
    const order = await createOrder();
    await cancel(order.id, { cancelledBy: { email: 'STAFF@acme.test' } });
    const [audit] = rowsOf<{ actor_type: string; actor_user_id: string | null; actor_email: string; actor_token_id: string | null }>(
      await db().execute(sql`select actor_type, actor_user_id, actor_email, actor_token_id from audit_events where order_id = ${order.id} and action = 'order.cancelled'`),
    );
    expect(audit.actor_type).toBe('user');
    expect(audit.actor_user_id).not.toBeNull();
    expect(audit.actor_email).toBe('staff@acme.test');
  });

  it('records an unknown e-mail as given, against the token', async () => {
    const order = await createOrder();
    await cancel(order.id, { cancelledBy: { email: 'auditor@partner.example' } });
    const [audit] = rowsOf<{ actor_type: string; actor_user_id: string | null; actor_email: string; actor_token_id: string | null }>(
      await db().execute(sql`select actor_type, actor_user_id, actor_email, actor_token_id from audit_events where order_id = ${order.id} and action = 'order.cancelled'`),
    );
    expect(audit).toMatchObject({ actor_type: 'token', actor_user_id: null, actor_email: 'auditor@partner.example' });
    expect(audit.actor_token_id).not.toBeNull();
  });

  it('a user of another tenant is not recorded as a user', async () => {
    const order = await createOrder();
    await cancel(order.id, { cancelledBy: { email: 'admin@northwind.test' } });
    const [audit] = rowsOf<{ actor_user_id: string | null }>(await db().execute(sql`select actor_user_id from audit_events where order_id = ${order.id} and action = 'order.cancelled'`));
    expect(audit.actor_user_id).toBeNull();
  });

  it('400 for a cancelledBy without a valid e-mail, or unknown members', async () => {
    const order = await createOrder();
    expectError(await cancel(order.id, { cancelledBy: { email: 'nope' } }), 400, 'invalidFormat', '/cancelledBy/email');
    expectError(await cancel(order.id, { cancelledBy: {} }), 400, 'required', '/cancelledBy/email');
    expectError(await cancel(order.id, { note: 'x' }), 400, 'unrecognizedKeys', '/note');
    expectError(await cancel(order.id, 'cancel'), 400, 'invalidType', '');
    const unchanged = await get(`/api/v2/orders/${order.id}`, { token: await token() });
    expect(unchanged.body.status).toBe('ordered');
  });

  it('422 invalidState for an order in another final status', async () => {
    const [row] = rowsOf<{ id: string; status: string }>(await db().execute(sql`select id, status from orders where tenant_id = ${DEMO.tenants.acme.id} and is_final and company_id = ${acme.companies.primary} limit 1`));
    const entry = expectError(await cancel(row.id), 422, 'invalidState');
    expect(entry.meta).toEqual({ status: row.status });
    expect((await get(`/api/v2/orders/${row.id}`, { token: await token() })).body.status).toBe(row.status);
  });

  it('422 invalidState for an order with only background-check services', async () => {
    const order = await createOrder(orderBody({ package: { id: acme.packages.backgroundOnly } }));
    expectError(await cancel(order.id), 422, 'invalidState');
    expect((await get(`/api/v2/orders/${order.id}`, { token: await token() })).body.status).toBe('ordered');
  });

  it('two concurrent cancels both answer 200 and leave one audit record', async () => {
    const order = await createOrder();
    const t = await token();
    const [a, b] = await Promise.all([cancel(order.id, { cancelledBy: { email: 'a@example.com' } }, t), cancel(order.id, { cancelledBy: { email: 'b@example.com' } }, t)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.status).toBe('cancelled');
    expect(b.body.status).toBe('cancelled');
    const audits = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from audit_events where order_id = ${order.id} and action = 'order.cancelled'`));
    expect(audits[0].n).toBe(1);
  });

  it('404 for unknown, foreign-tenant and unlinked-company orders', async () => {
    const order = await createOrder();
    const unknown = await cancel('nope');
    expectError(unknown, 404, 'notFound');
    for (const t of [await token({ tenant: 'northwind' }), await token({ companies: [acme.companies.secondary] })]) {
      const res = await cancel(order.id, undefined, t);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(unknown.body);
    }
    expect((await get(`/api/v2/orders/${order.id}`, { token: await token() })).body.status).toBe('ordered');
  });

  it('403 without order.cancel, and nothing changes', async () => {
    const order = await createOrder();
    expectError(await cancel(order.id, {}, await token({ scopes: SCOPES.filter((s) => s !== 'order.cancel') })), 403, 'insufficientScope');
  });
});

describe('list statements and plans (PostgreSQL)', () => {
  it('the listing pool plans generically; the main pool keeps PostgreSQL\'s choice', async () => {
    if (driver() !== 'postgres') return;
    const mode = async (handle: ReturnType<typeof db>) =>
      rowsOf<{ plan_cache_mode: string }>(await handle.execute(sql`show plan_cache_mode`))[0].plan_cache_mode;
    expect(await mode(genericPlanDb(db()))).toBe('force_generic_plan');
    expect(await mode(db())).toBe('auto');
  });

  it('autovacuum keeps the newest orders\' pages all-visible: orders vacuum after 0.5% changes, not 20%', async () => {
    const [{ options }] = rowsOf<{ options: string[] }>(await db().execute(sql`select reloptions as options from pg_class where relname = 'orders'`));
    expect(options).toEqual(expect.arrayContaining(['autovacuum_vacuum_scale_factor=0.005', 'autovacuum_vacuum_insert_scale_factor=0.005', 'vacuum_index_cleanup=on']));
  });
});
