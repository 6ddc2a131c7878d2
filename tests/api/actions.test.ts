/**
 * The action center's operations (DESIGN.md 7.4): list (open by default, overdue first, then by due
 * time; filters), get, resolve by hand with a note, dismiss with a required note. Isolation: a
 * principal limited to some companies sees their actions and not the tenant-wide ones. Every change
 * is audited and sends `action.resolved` to the tenant's webhook endpoints. A tenant of its own, with
 * two companies, holds the actions (raised as the sweep and the changes raise them).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { raiseAction } from '@/lib/domain/actions';
import { createToken } from '@/lib/domain/api-tokens/tokens';
import { newId } from '@/lib/ids';
import { createTestTenant } from './admins';
import { call, db, expectError, get, withTestDatabase } from './harness';

withTestDatabase();

const HOUR = 3_600_000;
const address = { line1: '2100 Ross Ave', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' };

let tenantId: string;
let admin: string;
let limitedToA: string;
let readOnly: string;
let companyA: string;
let companyB: string;
const ids: Record<string, string> = {};
let endpointId: string;

async function raise(key: string, values: { type: string; company: string | null; dueInHours: number | null; severity?: 'critical' | 'high' | 'normal'; citation?: string | null }) {
  const made = await raiseAction(db(), {
    tenantId,
    companyId: values.company,
    type: values.type,
    severity: values.severity ?? 'high',
    title: `Action ${key}`,
    subject: { object: values.type === 'webhookEndpointDisabled' ? 'webhookEndpoint' : 'order', id: newId() },
    dueAt: values.dueInHours === null ? null : new Date(Date.now() + values.dueInHours * HOUR),
    citation: values.citation ?? null,
  });
  ids[key] = made!.id;
}

beforeAll(async () => {
  const tenant = await createTestTenant();
  tenantId = tenant.id;
  admin = (await createToken(db(), { tenantId, name: 'admin', scopes: 'all', companyIds: 'all' })).token;
  const company = async (name: string) => (await call('POST', '/api/v2/companies', { token: admin, body: { name, address } })).body.id as string;
  companyA = await company('Alpha Haulers');
  companyB = await company('Beta Transit');
  limitedToA = (await createToken(db(), { tenantId, name: 'limited', scopes: 'all', companyIds: [companyA] })).token;
  readOnly = (await createToken(db(), { tenantId, name: 'reader', scopes: ['action.read'], companyIds: 'all' })).token;
  await raise('mostOverdue', { type: 'specimenNotAtLab', company: companyA, dueInHours: -2 });
  await raise('overdueB', { type: 'mroCannotReachDonor', company: companyB, dueInHours: -1, citation: '49 CFR 40.131' });
  await raise('soon', { type: 'resultUnacknowledged', company: companyA, dueInHours: 2, severity: 'critical', citation: '49 CFR 40.23' });
  await raise('later', { type: 'limitedQueryDue', company: companyA, dueInHours: 24, severity: 'normal', citation: '49 CFR 382.701(b)' });
  await raise('tenantWide', { type: 'webhookEndpointDisabled', company: null, dueInHours: null });
  const endpoint = await call('POST', '/api/v2/webhook-endpoints', { token: admin, body: { url: 'http://127.0.0.1:9/actions', enabledEvents: ['action.resolved'] } });
  expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
  endpointId = endpoint.body.id;
});

const list = (t: string, query: Record<string, string> = {}) => get('/api/v2/actions', { token: t, query });
const idsOf = (body: { data: Array<{ id: string }> }) => body.data.map((a) => a.id);

describe('GET /api/v2/actions', () => {
  it('open actions, overdue first (the longest overdue first), then by dueAt, none last', async () => {
    const res = await list(admin);
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual([ids.mostOverdue, ids.overdueB, ids.soon, ids.later, ids.tenantWide]);
    expect(res.body).toMatchObject({ total: 5, page: 1, limit: 10 });
    expect(res.body.data.map((a: { overdue: boolean }) => a.overdue)).toEqual([true, true, false, false, false]);
  });

  it('pages with limit and page', async () => {
    const res = await list(admin, { limit: '2', page: '2' });
    expect(idsOf(res.body)).toEqual([ids.soon, ids.later]);
    expect(res.body).toMatchObject({ total: 5, page: 2, limit: 2 });
  });

  it('filters: type, severity, companyId, dueBefore', async () => {
    expect(idsOf((await list(admin, { type: 'limitedQueryDue' })).body)).toEqual([ids.later]);
    expect(idsOf((await list(admin, { severity: 'critical' })).body)).toEqual([ids.soon]);
    expect(idsOf((await list(admin, { companyId: companyB })).body)).toEqual([ids.overdueB]);
    expect(idsOf((await list(admin, { dueBefore: new Date(Date.now() + 3 * HOUR).toISOString() })).body)).toEqual([ids.mostOverdue, ids.overdueB, ids.soon]);
  });

  it('a principal limited to company A sees company A\'s actions only: not company B\'s, not the tenant-wide one', async () => {
    const res = await list(limitedToA);
    expect(idsOf(res.body)).toEqual([ids.mostOverdue, ids.soon, ids.later]);
    expect(res.body.total).toBe(3);
    expect(idsOf((await list(limitedToA, { companyId: companyB })).body)).toEqual([]);
  });

  it('400 for an unknown type, status or severity, a limit over 20 and a dueBefore that is no date-time', async () => {
    expectError(await list(admin, { type: 'coffeeBreak' }), 400, 'invalidValue', '/type');
    expectError(await list(admin, { status: 'done' }), 400, 'invalidValue', '/status');
    expectError(await list(admin, { severity: 'low' }), 400, 'invalidValue', '/severity');
    expectError(await list(admin, { limit: '21' }), 400, 'tooBig', '/limit');
    expectError(await list(admin, { dueBefore: 'tomorrow' }), 400, 'invalidFormat', '/dueBefore');
  });
});

describe('GET /api/v2/actions/{id}', () => {
  it('the action with its subject, company reference, due time on the tenant\'s clock and citation', async () => {
    const res = await get(`/api/v2/actions/${ids.overdueB}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: 'action',
      id: ids.overdueB,
      url: `/api/v2/actions/${ids.overdueB}`,
      type: 'mroCannotReachDonor',
      severity: 'high',
      title: 'Action overdueB',
      subject: { object: 'order' },
      company: { id: companyB, name: 'Beta Transit', object: 'company', url: `/api/v2/companies/${companyB}` },
      overdue: true,
      citation: '49 CFR 40.131',
      resolvableByHand: true,
      status: 'open',
      resolvedAt: null,
      resolvedBy: null,
      resolution: null,
      note: null,
    });
    expect(res.body.subject.url).toBe(`/api/v2/orders/${res.body.subject.id}`);
  });

  it('404 for company B\'s action and the tenant-wide one to a principal limited to company A, as for a missing id', async () => {
    const missing = await get(`/api/v2/actions/${newId()}`, { token: limitedToA });
    expectError(missing, 404, 'notFound');
    for (const id of [ids.overdueB, ids.tenantWide]) {
      const res = await get(`/api/v2/actions/${id}`, { token: limitedToA });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
    }
  });
});

const deliveriesOf = async (actionId: string) =>
  rowsOf<{ event_type: string; status: string }>(
    await db().execute(sql`select event_type, status from webhook_deliveries where endpoint_id = ${endpointId} and payload -> 'data' -> 'action' ->> 'id' = ${actionId}`),
  );
const auditOf = async (actionId: string) =>
  rowsOf<{ action: string; actor_name: string | null; actor_type: string }>(
    await db().execute(sql`select action, actor_name, actor_type from audit_events where subject_type = 'action' and subject_id = ${actionId} order by created_at`),
  );

describe('PUT /api/v2/actions/{id}/resolution', () => {
  it('resolves an open action by hand with its note: audited, action.resolved sent', async () => {
    const res = await call('PUT', `/api/v2/actions/${ids.mostOverdue}/resolution`, { token: admin, body: { note: '  The lab confirmed receipt by phone.  ' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'resolved',
      resolution: 'manual',
      note: 'The lab confirmed receipt by phone.',
      overdue: false,
      resolvedBy: { type: 'token', name: 'admin' },
    });
    expect(res.body.resolvedAt).not.toBeNull();
    expect(await auditOf(ids.mostOverdue)).toEqual([{ action: 'action.resolved', actor_name: 'admin', actor_type: 'token' }]);
    expect(await deliveriesOf(ids.mostOverdue)).toEqual([{ event_type: 'action.resolved', status: 'pending' }]);
    // Gone from the open list, in the resolved one.
    expect(idsOf((await list(admin)).body)).not.toContain(ids.mostOverdue);
    expect(idsOf((await list(admin, { status: 'resolved' })).body)).toContain(ids.mostOverdue);
  });

  it('422 invalidState for an action already resolved, and nothing written', async () => {
    const res = await call('PUT', `/api/v2/actions/${ids.mostOverdue}/resolution`, { token: admin, body: { note: 'Again' } });
    expectError(res, 422, 'invalidState');
    expect(await auditOf(ids.mostOverdue)).toHaveLength(1);
  });

  it('422 invalidState for a type that resolves only by fixing its cause (resultUnacknowledged: acknowledge the result)', async () => {
    expectError(await call('PUT', `/api/v2/actions/${ids.soon}/resolution`, { token: admin, body: {} }), 422, 'invalidState');
    expect((await get(`/api/v2/actions/${ids.soon}`, { token: admin })).body.status).toBe('open');
  });

  it('the note is optional: no body at all resolves it', async () => {
    const res = await call('PUT', `/api/v2/actions/${ids.overdueB}/resolution`, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'resolved', note: null });
  });

  it('400 for a member it does not know, 403 without action.write, 404 for a principal that cannot see it', async () => {
    expectError(await call('PUT', `/api/v2/actions/${ids.later}/resolution`, { token: admin, body: { note: 'x', status: 'resolved' } }), 400, 'unrecognizedKeys', '/status');
    expectError(await call('PUT', `/api/v2/actions/${ids.later}/resolution`, { token: readOnly, body: {} }), 403, 'insufficientScope');
    expectError(await call('PUT', `/api/v2/actions/${ids.tenantWide}/resolution`, { token: limitedToA, body: {} }), 404, 'notFound');
  });
});

describe('PUT /api/v2/actions/{id}/dismissal', () => {
  it('400 required at /note without a note, and for a blank one; nothing changes', async () => {
    expectError(await call('PUT', `/api/v2/actions/${ids.later}/dismissal`, { token: admin, body: {} }), 400, 'required', '/note');
    expectError(await call('PUT', `/api/v2/actions/${ids.later}/dismissal`, { token: admin, body: { note: '   ' } }), 400, 'tooSmall', '/note');
    expect((await get(`/api/v2/actions/${ids.later}`, { token: admin })).body.status).toBe('open');
  });

  it('dismisses any open action with its note, even one that resolves only by fixing its cause', async () => {
    const res = await call('PUT', `/api/v2/actions/${ids.soon}/dismissal`, { token: limitedToA, body: { note: 'Duplicate order; the other one was acknowledged.' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'dismissed', resolution: 'manual', note: 'Duplicate order; the other one was acknowledged.', resolvedBy: { type: 'token', name: 'limited' } });
    expect(await auditOf(ids.soon)).toEqual([{ action: 'action.dismissed', actor_name: 'limited', actor_type: 'token' }]);
    expect(await deliveriesOf(ids.soon)).toEqual([{ event_type: 'action.resolved', status: 'pending' }]);
    expect(idsOf((await list(admin, { status: 'dismissed' })).body)).toEqual([ids.soon]);
    expectError(await call('PUT', `/api/v2/actions/${ids.soon}/dismissal`, { token: admin, body: { note: 'Again' } }), 422, 'invalidState');
  });
});
