/**
 * The Clearinghouse and the observed recollection (DESIGN.md 7.5), on both engines: items of final
 * FMCSA orders with their due times on the tenant's clock, the employer's report resolving its
 * action, queries and the driver's status, the bulk query file, the prohibited driver's action, and
 * the one-click observed recollection. Every test acts on tenants of its own (their clocks move).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { createToken } from '@/lib/domain/api-tokens/tokens';
import { DEMO } from '@/lib/seed';
import { addStandardCatalog } from '@/lib/seed/catalog';
import { createTestTenant } from './admins';
import { call, db, expectError, get, withTestDatabase } from './harness';

withTestDatabase();

const DAY = 86_400_000;
const address = { line1: '2100 Ross Ave', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' };

interface Program {
  tenantId: string;
  bearer: string;
  companyId: string;
  locationId: string;
  /** DOT urine drug screen + DOT breath alcohol. */
  packageId: string;
}

/** A tenant of its own (Dallas: America/Chicago), its DOT drug and alcohol package and a token with every scope. */
async function program(): Promise<Program> {
  const tenant = await createTestTenant();
  await addStandardCatalog(db(), tenant.id);
  const bearer = (await createToken(db(), { tenantId: tenant.id, name: 'program', scopes: 'all', companyIds: 'all' })).token;
  const made = async (path: string, body: unknown) => {
    const res = await call('POST', path, { token: bearer, body });
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  const companyId = await made('/api/v2/companies', { name: 'Lone Star Freight', address });
  const locationId = await made('/api/v2/locations', { company: { id: companyId }, name: 'Dallas yard', address });
  const ids = rowsOf<{ id: string; name: string }>(
    await db().execute(sql`select id, name from services where tenant_id = ${tenant.id} and name in ('DOT 5-Panel Urine Drug Screen', 'DOT Breath Alcohol Test') order by name desc`),
  );
  const packageId = await made('/api/v2/packages', { name: 'DOT drug and alcohol', company: { id: companyId }, services: ids.map((s) => ({ id: s.id })) });
  return { tenantId: tenant.id, bearer, companyId, locationId, packageId };
}

let n = 0;
const driver = async (p: Program, extra: Record<string, unknown> = {}) => {
  n++;
  const res = await call('POST', '/api/v2/employees', {
    token: p.bearer,
    body: { company: { id: p.companyId }, externalId: `D-${n}`, firstName: 'Dana', lastName: `Driver${n}`, birthDate: '1984-03-09', cdl: { number: `TX${1000000 + n}`, state: 'TX' }, dot: { agency: { id: DEMO.agencies.FMCSA } }, ...extra },
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body as { id: string; lastName: string };
};

async function order(p: Program, extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/v2/orders', {
    token: p.bearer,
    body: {
      deliveryMethods: [{ type: 'none' }],
      location: { id: p.locationId },
      package: { id: p.packageId },
      participant: { firstName: 'Sam', lastName: `Hauler${++n}`, birthDate: '1988-05-01' },
      requester: { email: 'der@lonestar.test' },
      settings: {},
      testReason: 'random',
      agency: { id: DEMO.agencies.FMCSA },
      orderMatching: { enabled: false },
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body as Placed;
}
type Placed = { id: string; services: Array<{ id: string; attributes: { category: string | null } | null }> };
/** A service event on the order's drug test (0) or alcohol test (1). */
const event = (p: Program, o: Placed, i: 0 | 1, body: unknown) =>
  call('POST', `/api/v2/orders/${o.id}/services/${o.services.find((s) => s.attributes?.category === (i === 0 ? 'drug' : 'alcohol'))!.id}/events`, { token: p.bearer, body });
const resultOf = (body: { services: Array<{ attributes: { category: string | null } | null; result: unknown }> }, category: string) =>
  body.services.find((s) => s.attributes?.category === category)!.result;
const moveTo = async (p: Program, now: string) => {
  const res = await call('PUT', '/api/v2/sandbox/clock', { token: p.bearer, body: { now } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
};
const actionsOf = async (orderOrEmployeeId: string) =>
  rowsOf<{ type: string; severity: string; status: string; due_at: string | null; citation: string | null; resolution: string | null }>(
    await db().execute(sql`select type, severity, status, to_char(due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as due_at, citation, resolution from actions where subject_id = ${orderOrEmployeeId} order by created_at`),
  );

/** The Wednesday before Thanksgiving of next year, and the close of the 3rd business day after it (Tuesday, 23:59:59.999 in Chicago, CST). */
function thanksgivingWeek(): { wednesday: string; due: string } {
  const year = new Date().getUTCFullYear() + 1;
  const first = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  const thanksgiving = 1 + ((4 - first + 7) % 7) + 21;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const thursday = Date.UTC(year, 10, thanksgiving);
  // Friday (1), Monday (2), Tuesday (3): due 23:59:59.999 CST on Tuesday = 05:59:59.999Z on Wednesday.
  return { wednesday: iso(thursday - DAY), due: `${iso(thursday + 6 * DAY)}T05:59:59.999Z` };
}

describe('Clearinghouse items of a final FMCSA order', () => {
  let p: Program;
  beforeAll(async () => {
    p = await program();
  });

  it('a refusal: the employer\'s item, due at the close of the 3rd business day on the tenant\'s clock (Thanksgiving skipped), and its action', async () => {
    const { wednesday, due } = thanksgivingWeek();
    await moveTo(p, `${wednesday}T21:00:00.000Z`); // 15:00 in Dallas
    const o = await order(p);
    await event(p, o, 1, { status: 'negative', result: { alcohol: { screening: 0 } } });
    const res = await event(p, o, 0, { status: 'incomplete_refusalToTest', result: { refusal: { kind: 'other' } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.clearinghouse).toEqual({ items: [{ kind: 'refusal', reporter: 'employer', dueAt: due, reportedAt: null, reportedBy: null }] });
    expect(await actionsOf(o.id)).toEqual([{ type: 'clearinghouseReportDue', severity: 'high', status: 'open', due_at: due, citation: '49 CFR 382.705(b)', resolution: null }]);
    // Stored with the order's document.
    expect((await get(`/api/v2/orders/${o.id}`, { token: p.bearer })).body.clearinghouse).toEqual(res.body.clearinghouse);
  });

  it('the MRO\'s items have no due time and raise no action; an alcohol confirmation of 0.04 or more is the employer\'s', async () => {
    const o = await order(p);
    await event(p, o, 0, { status: 'nonNegative', result: { positiveFor: ['marijuana'] } });
    const res = await event(p, o, 1, { status: 'nonNegative', result: { alcohol: { screening: 0.05, confirmation: 0.048 } } });
    expect(res.body.clearinghouse!.items.map((i: { kind: string; reporter: string; dueAt: string | null }) => [i.kind, i.reporter, i.dueAt === null])).toEqual([
      ['verifiedPositive', 'mro', true],
      ['alcohol04', 'employer', false],
    ]);
    expect((await actionsOf(o.id)).map((a) => a.type)).toEqual(['clearinghouseReportDue']);
  });

  it('none for a negative, for 0.02-0.039, or for an order of another agency', async () => {
    const negative = await order(p);
    await event(p, negative, 0, { status: 'negative', result: {} });
    expect((await event(p, negative, 1, { status: 'nonNegative', result: { alcohol: { screening: 0.03, confirmation: 0.031 } } })).body.clearinghouse).toBeNull();
    const faa = await order(p, { agency: { id: DEMO.agencies.PHMSA }, testReason: 'preEmployment' });
    await event(p, faa, 1, { status: 'negative' });
    expect((await event(p, faa, 0, { status: 'incomplete_refusalToTest' })).body.clearinghouse).toBeNull();
  });

  it('a negative return-to-duty result is the employer\'s to report', async () => {
    const o = await order(p, { testReason: 'returnToDuty', settings: { observedCollection: true } });
    await event(p, o, 0, { status: 'negative', result: {} });
    const res = await event(p, o, 1, { status: 'negative', result: { alcohol: { screening: 0 } } });
    expect(res.body.clearinghouse!.items.map((i: { kind: string; reporter: string }) => [i.kind, i.reporter])).toEqual([['returnToDutyNegative', 'employer']]);
  });
});

describe('PUT /api/v2/orders/{id}/clearinghouse-reports/{kind}', () => {
  let p: Program;
  beforeAll(async () => {
    p = await program();
  });
  const report = (orderId: string, kind: string, body: unknown = {}) => call('PUT', `/api/v2/orders/${orderId}/clearinghouse-reports/${kind}`, { token: p.bearer, body });

  it('200: records the report at the tenant\'s now and resolves the action; again: unchanged', async () => {
    const o = await order(p);
    await event(p, o, 1, { status: 'negative' });
    await event(p, o, 0, { status: 'incomplete_refusalToTest' });
    await moveTo(p, new Date(Date.now() + 2 * DAY).toISOString());
    const res = await report(o.id, 'refusal');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [item] = res.body.clearinghouse!.items;
    expect(item).toMatchObject({ kind: 'refusal', reporter: 'employer', reportedBy: { type: 'token', name: 'program' } });
    expect(Date.parse(item.reportedAt!)).toBeGreaterThan(Date.now() + DAY); // the tenant's clock, two days ahead
    // (The clock's move also runs the action sweep: the refusal, unacknowledged a day, has its own action.)
    expect((await actionsOf(o.id)).filter((x) => x.type === 'clearinghouseReportDue')).toMatchObject([{ status: 'resolved', resolution: 'automatic' }]);
    const audit = rowsOf<{ data: { kind: string } }>(await db().execute(sql`select data from audit_events where order_id = ${o.id} and action = 'order.clearinghouse.reported'`));
    expect(audit.map((a) => a.data.kind)).toEqual(['refusal']);
    const again = await report(o.id, 'refusal', { reportedAt: new Date(Date.now() - DAY).toISOString() });
    expect(again.body.clearinghouse!.items[0].reportedAt).toBe(item.reportedAt);
  });

  it('reportedAt as given; 400 in the future, 400 for an unknown kind, 404 for an item the order lacks, 422 for the MRO\'s', async () => {
    const o = await order(p);
    await event(p, o, 0, { status: 'nonNegative', result: { positiveFor: ['cocaine'] } });
    await event(p, o, 1, { status: 'nonNegative', result: { alcohol: { screening: 0.06, confirmation: 0.052 } } });
    expectError(await report(o.id, 'alcohol04', { reportedAt: new Date(Date.now() + 30 * DAY).toISOString() }), 400, 'invalidValue', '/reportedAt');
    expectError(await report(o.id, 'drunk'), 400, 'invalidValue', '/kind');
    expectError(await report(o.id, 'refusal'), 404, 'notFound');
    expectError(await report(o.id, 'verifiedPositive'), 422, 'invalidState');
    const at = '2026-01-02T10:00:00.000Z';
    expect((await report(o.id, 'alcohol04', { reportedAt: at })).body.clearinghouse!.items[1].reportedAt).toBe(at);
    expect((await actionsOf(o.id))[0].status).toBe('resolved');
  });
});

describe('POST /api/v2/employees/{id}/clearinghouse-queries', () => {
  let p: Program;
  beforeAll(async () => {
    p = await program();
  });
  const query = (id: string, body: unknown) => call('POST', `/api/v2/employees/${id}/clearinghouse-queries`, { token: p.bearer, body });

  it('records queries: the last of each type, the consent, and the status of the newest', async () => {
    const d = await driver(p);
    const first = await query(d.id, { type: 'full', queriedOn: '2025-03-01', result: 'noInformation' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.clearinghouse).toEqual({ lastLimitedQueryOn: null, lastFullQueryOn: '2025-03-01', limitedConsentUntil: null, status: 'clear' });
    const limited = await query(d.id, { type: 'limited', queriedOn: '2026-02-20', result: 'informationFound', limitedConsentUntil: '2029-02-28' });
    expect(limited.body.clearinghouse).toEqual({ lastLimitedQueryOn: '2026-02-20', lastFullQueryOn: '2025-03-01', limitedConsentUntil: '2029-02-28', status: 'unknown' });
    const full = await query(d.id, { type: 'full', queriedOn: '2026-02-21', result: 'prohibited' });
    expect(full.body.clearinghouse).toMatchObject({ lastFullQueryOn: '2026-02-21', status: 'prohibited' });
    // An older query is history: it changes neither the last days nor the status.
    const older = await query(d.id, { type: 'limited', queriedOn: '2025-06-01', result: 'noInformation' });
    expect(older.body.clearinghouse).toEqual({ lastLimitedQueryOn: '2026-02-20', lastFullQueryOn: '2026-02-21', limitedConsentUntil: '2029-02-28', status: 'prohibited' });
    const rows = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from clearinghouse_queries where employee_id = ${d.id}`));
    expect(rows[0].n).toBe(4);
  });

  it('400 for a day after today on the tenant\'s clock; 422 for an employee who is not an FMCSA driver with a CDL; 404 unknown', async () => {
    const d = await driver(p);
    expectError(await query(d.id, { type: 'limited', queriedOn: new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10), result: 'noInformation' }), 400, 'invalidValue', '/queriedOn');
    expectError(await query(d.id, { type: 'limited', queriedOn: '2026-01-10', result: 'maybe' }), 400, 'invalidValue', '/result');
    const office = await driver(p, { dot: null, cdl: null });
    expectError(await query(office.id, { type: 'limited', queriedOn: '2026-01-10', result: 'noInformation' }), 422, 'invalidState');
    expectError(await query('00000000-0000-4000-8000-000000000000', { type: 'limited', queriedOn: '2026-01-10', result: 'noInformation' }), 404, 'notFound');
  });
});

describe('GET /api/v2/reports/clearinghouse-queries', () => {
  it('the tab-delimited bulk file of the active FMCSA drivers whose annual query falls due within `due` days', async () => {
    const p = await program();
    const today = new Date(Date.now()).toISOString().slice(0, 10);
    const monthsAgo = (m: number, days = 0) => {
      const d = new Date(`${today}T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() - m);
      return new Date(d.getTime() - days * DAY).toISOString().slice(0, 10);
    };
    const never = await driver(p, { lastName: 'Alvarez' });
    const soon = await driver(p, { lastName: 'Baker' });
    const recent = await driver(p, { lastName: 'Chen' });
    const inactive = await driver(p, { lastName: 'Diaz' });
    await driver(p, { lastName: 'Evans', cdl: null });
    await driver(p, { lastName: 'Ford', dot: null });
    const q = (id: string, queriedOn: string) => call('POST', `/api/v2/employees/${id}/clearinghouse-queries`, { token: p.bearer, body: { type: 'limited', queriedOn, result: 'noInformation' } });
    await q(soon.id, monthsAgo(11, 10)); // due in about 20 days
    await q(recent.id, monthsAgo(1));
    await call('PATCH', `/api/v2/employees/${inactive.id}`, { token: p.bearer, body: { status: 'inactive' } });
    expect(never.id).toBeTruthy();

    const res = await call('GET', '/api/v2/reports/clearinghouse-queries', { token: p.bearer, query: { due: '30' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/tab-separated-values');
    const lines = String(res.body).split('\r\n');
    expect(lines[0]).toBe('Last Name\tFirst Name\tDate of Birth\tCDL Number\tCDL State\tQuery Type');
    expect(lines.slice(1).filter(Boolean).map((l) => l.split('\t')[0])).toEqual(['Alvarez', 'Baker']);
    expect(lines[1].split('\t')).toEqual(['Alvarez', 'Dana', '03/09/1984', expect.stringMatching(/^TX\d{7}$/), 'TX', 'Limited']);

    const shorter = await call('GET', '/api/v2/reports/clearinghouse-queries', { token: p.bearer, query: { due: '5' } });
    expect(String(shorter.body).split('\r\n').slice(1).filter(Boolean).map((l) => l.split('\t')[0])).toEqual(['Alvarez']);
    // The file carries CDL numbers in full: without order.participant.read, 403.
    const reader = (await createToken(db(), { tenantId: p.tenantId, name: 'reader', scopes: ['report.read'], companyIds: 'all' })).token;
    expectError(await call('GET', '/api/v2/reports/clearinghouse-queries', { token: reader }), 403, 'insufficientScope');
  });
});

describe('a prohibited driver\'s order', () => {
  it('an order other than return-to-duty raises the critical prohibitedDriverOrder action; return-to-duty does not', async () => {
    const p = await program();
    const d = await driver(p);
    await call('POST', `/api/v2/employees/${d.id}/clearinghouse-queries`, { token: p.bearer, body: { type: 'full', queriedOn: '2026-01-05', result: 'prohibited' } });
    const random = await order(p, { employee: { id: d.id }, participant: undefined });
    expect(await actionsOf(random.id)).toMatchObject([{ type: 'prohibitedDriverOrder', severity: 'critical', status: 'open', citation: '49 CFR 382.501' }]);
    const rtd = await order(p, { employee: { id: d.id }, participant: undefined, testReason: 'returnToDuty' });
    expect(await actionsOf(rtd.id)).toEqual([]);
    const clear = await driver(p);
    expect(await actionsOf((await order(p, { employee: { id: clear.id }, participant: undefined })).id)).toEqual([]);
  });

  it('also when the order comes from a random selection (not only POST /api/v2/orders)', async () => {
    const p = await program();
    const d = await driver(p, { location: { id: p.locationId } });
    await call('POST', `/api/v2/employees/${d.id}/clearinghouse-queries`, { token: p.bearer, body: { type: 'full', queriedOn: '2026-01-05', result: 'prohibited' } });
    const pool = await call('POST', '/api/v2/random-pools', {
      token: p.bearer,
      body: { name: 'Drivers', kind: 'dot', agencies: [{ id: DEMO.agencies.FMCSA }], companies: [{ id: p.companyId }], drugRate: 1, alcoholRate: 0.1, frequency: 'quarterly', packages: { drug: { id: p.packageId } } },
    });
    expect(pool.status, JSON.stringify(pool.body)).toBe(201);
    const draw = await call('POST', `/api/v2/random-pools/${pool.body.id}/draws`, { token: p.bearer, body: { rosterConfirmed: true } });
    expect(draw.status, JSON.stringify(draw.body)).toBe(201);
    const [selection] = (await get(`/api/v2/random-draws/${draw.body.id}/selections`, { token: p.bearer })).body.data.filter((s: { kind: string }) => s.kind === 'drug');
    const ordered = await call('POST', `/api/v2/random-selections/${selection.id}/order`, { token: p.bearer, body: { deliveryMethods: [{ type: 'none' }], requester: { email: 'der@lonestar.test' } } });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    expect(await actionsOf(ordered.body.order!.id)).toMatchObject([{ type: 'prohibitedDriverOrder', severity: 'critical', status: 'open' }]);
  });
});

describe('POST /api/v2/orders/{id}/recollection', () => {
  it('a result directing an observed recollection raises its action; one click orders it, observed, linked, and resolves the action', async () => {
    const p = await program();
    const d = await driver(p);
    const first = await order(p, { employee: { id: d.id }, participant: undefined });
    await event(p, first, 1, { status: 'negative' });
    const res = await event(p, first, 0, { status: 'negative_negativeDilute', result: { recollection: 'observed' } });
    expect(resultOf(res.body, 'drug')).toMatchObject({ dilute: true, recollection: 'observed' });
    expect(await actionsOf(first.id)).toMatchObject([{ type: 'recollectionDirected', severity: 'critical', status: 'open', citation: '49 CFR 40.67' }]);

    const created = await call('POST', `/api/v2/orders/${first.id}/recollection`, { token: p.bearer, body: {} });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/v2/orders/${created.body.id}`);
    const original = (await get(`/api/v2/orders/${first.id}`, { token: p.bearer })).body;
    expect(created.body).toMatchObject({
      status: 'ordered',
      testReason: 'random',
      employee: { id: d.id },
      packages: original.packages,
      location: { id: p.locationId },
      settings: { observedCollection: true },
      participant: { firstName: original.participant.firstName, lastName: original.participant.lastName },
    });
    expect(await actionsOf(first.id)).toMatchObject([{ type: 'recollectionDirected', status: 'resolved', resolution: 'automatic' }]);
    const links = rowsOf<{ order_id: string; action: string; data: Record<string, string> }>(
      await db().execute(sql`select order_id, action, data from audit_events where action like 'order.recollection%' and order_id in (${first.id}, ${created.body.id}) order by action`),
    );
    expect(links.map((l) => [l.order_id, l.action])).toEqual([[created.body.id, 'order.recollection.of'], [first.id, 'order.recollection.ordered']]);
    expect(links[0].data.originalOrderId).toBe(first.id);
    expect(links[1].data.recollectionOrderId).toBe(created.body.id);

    // Again: the recollection ordered first, with matched.
    const again = await call('POST', `/api/v2/orders/${first.id}/recollection`, { token: p.bearer, body: {} });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(created.body.id);
  });

  it('422 invalidState when no result directs one', async () => {
    const p = await program();
    const o = await order(p);
    await event(p, o, 0, { status: 'negative', result: {} });
    expectError(await call('POST', `/api/v2/orders/${o.id}/recollection`, { token: p.bearer, body: {} }), 422, 'invalidState');
  });
});
