/**
 * The action sweep (DESIGN.md 7.4) on the sandbox clock: each type the sweep raises appears once
 * when its time passes on the tenant's clock (`PUT /api/v2/sandbox/clock` runs the sweep before it
 * answers), never twice open, and is resolved automatically when its cause goes — or in the
 * transaction of the change that fixes it (acknowledging a result). Each describe acts on a tenant of
 * its own (never Acme's or Northwind's clock), since a clock only moves forward.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '@/lib/ids';
import { DEMO } from '@/lib/seed';
import { actionRound } from '@/lib/worker/action-loop';
import { silentLogger } from '@/lib/worker/loop';
import { ownTenant } from './own-tenant';
import { call, db, get, withTestDatabase } from './harness';
import { orderBody } from './orders-fixtures';

withTestDatabase();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Sandbox {
  tenantId: string;
  bearer: string;
  companyId: string;
  locationId: string;
  nonDotPackageId: string;
  dotPackageId: string;
}

/** A tenant of its own, ready to order: catalog, company, location, a non-DOT and a DOT drug & alcohol package. */
async function sandboxTenant(): Promise<Sandbox> {
  const own = await ownTenant('Sweep');
  const { made, serviceId, companyId } = own;
  const nonDotPackageId = await made('/api/v2/packages', { name: 'Urine', company: { id: companyId }, services: [{ id: await serviceId('Non-DOT 10-Panel Urine Drug Screen') }] });
  const dotPackageId = await made('/api/v2/packages', {
    name: 'DOT Drug & Alcohol',
    company: { id: companyId },
    services: [{ id: await serviceId('DOT 5-Panel Urine Drug Screen') }, { id: await serviceId('DOT Breath Alcohol Test') }],
  });
  return { tenantId: own.tenantId, bearer: own.bearer, companyId, locationId: own.locationId, nonDotPackageId, dotPackageId };
}

const nowOf = async (s: Sandbox) => Date.parse((await call('GET', '/api/v2/sandbox/clock', { token: s.bearer })).body.now);
async function moveTo(s: Sandbox, at: number) {
  const res = await call('PUT', '/api/v2/sandbox/clock', { token: s.bearer, body: { now: new Date(at).toISOString() } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
const moveBy = async (s: Sandbox, ms: number) => moveTo(s, (await nowOf(s)) + ms);

async function order(s: Sandbox, overrides: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/v2/orders', { token: s.bearer, body: orderBody({ location: { id: s.locationId }, package: { id: s.nonDotPackageId }, ...overrides }) });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
async function event(s: Sandbox, o: { id: string; services: Array<{ id: string }> }, status: string, service = 0) {
  const res = await call('POST', `/api/v2/orders/${o.id}/services/${o.services[service].id}/events`, { token: s.bearer, body: { status } });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
}

/** Every action of a type about a subject, any status (the API lists one status at a time). */
async function actionsOf(s: Sandbox, type: string, subjectId: string) {
  const all = [];
  for (const status of ['open', 'resolved', 'dismissed']) {
    const res = await get('/api/v2/actions', { token: s.bearer, query: { status, type, limit: '20' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    all.push(...res.body.data.filter((a: { subject: { id: string } }) => a.subject.id === subjectId));
  }
  return all;
}
const openOf = async (s: Sandbox, type: string, subjectId: string) => (await actionsOf(s, type, subjectId)).filter((a) => a.status === 'open');

describe('resultUnacknowledged: a non-negative result unacknowledged after 24 hours (49 CFR 40.23)', () => {
  it('raised once 24 hours after the result, resolved in the acknowledgement\'s transaction, never raised again', async () => {
    const s = await sandboxTenant();
    const o = await order(s);
    await event(s, o, 'nonNegative');
    const finalAt = Date.parse((await get(`/api/v2/orders/${o.id}`, { token: s.bearer })).body.statusUpdatedAt);

    await moveTo(s, finalAt + 23 * HOUR);
    expect(await actionsOf(s, 'resultUnacknowledged', o.id)).toEqual([]);

    await moveTo(s, finalAt + 25 * HOUR);
    const [raised, ...others] = await actionsOf(s, 'resultUnacknowledged', o.id);
    expect(others).toEqual([]);
    expect(raised).toMatchObject({
      object: 'action',
      type: 'resultUnacknowledged',
      severity: 'critical',
      status: 'open',
      overdue: true,
      citation: '49 CFR 40.23',
      resolvableByHand: false,
      subject: { object: 'order', id: o.id, url: `/api/v2/orders/${o.id}` },
      company: { id: s.companyId, object: 'company' },
      dueAt: new Date(finalAt + DAY).toISOString(),
      resolvedAt: null,
      resolution: null,
    });
    expect(raised.title).toContain(o.code);

    // Another round of the clock: still one.
    await moveBy(s, HOUR);
    expect(await actionsOf(s, 'resultUnacknowledged', o.id)).toHaveLength(1);

    const ack = await call('PUT', `/api/v2/orders/${o.id}/acknowledgement`, { token: s.bearer });
    expect(ack.status).toBe(200);
    // Resolved by the acknowledgement itself, before any sweep.
    const [resolved] = await actionsOf(s, 'resultUnacknowledged', o.id);
    expect(resolved).toMatchObject({ id: raised.id, status: 'resolved', resolution: 'automatic', overdue: false, resolvedBy: { type: 'token', name: 'sandbox' } });

    await moveBy(s, DAY);
    expect(await actionsOf(s, 'resultUnacknowledged', o.id)).toHaveLength(1);
  });

  it('acknowledging several at once (POST /api/v2/orders/acknowledgements) resolves each one\'s action', async () => {
    const s = await sandboxTenant();
    const [a, b] = [await order(s), await order(s)];
    await event(s, a, 'nonNegative');
    await event(s, b, 'adulterated');
    await moveBy(s, 25 * HOUR);
    expect(await openOf(s, 'resultUnacknowledged', a.id)).toHaveLength(1);
    expect(await openOf(s, 'resultUnacknowledged', b.id)).toHaveLength(1);
    const res = await call('POST', '/api/v2/orders/acknowledgements', { token: s.bearer, body: { orders: [{ id: a.id }, { id: b.id }] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await openOf(s, 'resultUnacknowledged', a.id)).toEqual([]);
    expect(await openOf(s, 'resultUnacknowledged', b.id)).toEqual([]);
  });

  it('a negative result raises nothing; a dismissed action is not raised again while its cause stays', async () => {
    const s = await sandboxTenant();
    const negative = await order(s);
    const positive = await order(s);
    await event(s, negative, 'negative');
    await event(s, positive, 'nonNegative');
    await moveBy(s, 25 * HOUR);
    expect(await actionsOf(s, 'resultUnacknowledged', negative.id)).toEqual([]);
    const [open] = await openOf(s, 'resultUnacknowledged', positive.id);
    const dismissed = await call('PUT', `/api/v2/actions/${open.id}/dismissal`, { token: s.bearer, body: { note: 'Reviewed with the MRO by phone.' } });
    expect(dismissed.status, JSON.stringify(dismissed.body)).toBe(200);
    await moveBy(s, DAY);
    const all = await actionsOf(s, 'resultUnacknowledged', positive.id);
    expect(all.map((a) => a.status)).toEqual(['dismissed']);
  });
});

describe('mroCannotReachDonor: awaiting the MRO\'s contact over 24 hours (49 CFR 40.131)', () => {
  it('raised at 24 hours, resolved automatically once the service moves on', async () => {
    const s = await sandboxTenant();
    const o = await order(s);
    await event(s, o, 'pending_awaitingMROContact');
    await moveBy(s, 23 * HOUR);
    expect(await actionsOf(s, 'mroCannotReachDonor', o.id)).toEqual([]);
    await moveBy(s, 2 * HOUR);
    const [raised] = await openOf(s, 'mroCannotReachDonor', o.id);
    expect(raised).toMatchObject({ severity: 'high', citation: '49 CFR 40.131', resolvableByHand: true, overdue: true });

    await event(s, o, 'pending_inMROReview');
    await moveBy(s, 60_000);
    const [resolved, ...others] = await actionsOf(s, 'mroCannotReachDonor', o.id);
    expect(others).toEqual([]);
    expect(resolved).toMatchObject({ id: raised.id, status: 'resolved', resolution: 'automatic', resolvedBy: { type: 'system', id: null, name: 'actions' } });
  });
});

describe('specimenNotAtLab: collected and not at the laboratory 48 hours later', () => {
  it('raised at 48 hours, resolved when the specimen reaches the laboratory', async () => {
    const s = await sandboxTenant();
    const o = await order(s);
    await event(s, o, 'pending_collectionCompleted');
    await moveBy(s, 47 * HOUR);
    expect(await actionsOf(s, 'specimenNotAtLab', o.id)).toEqual([]);
    await moveBy(s, 2 * HOUR);
    const [raised] = await openOf(s, 'specimenNotAtLab', o.id);
    expect(raised).toMatchObject({ citation: null, resolvableByHand: true });
    await event(s, o, 'pending_atTheLab');
    await moveBy(s, 60_000);
    expect((await actionsOf(s, 'specimenNotAtLab', o.id)).map((a) => [a.status, a.resolution])).toEqual([['resolved', 'automatic']]);
  });
});

describe('postAccidentAlcoholWindow and postAccidentDrugWindow (49 CFR 382.303(d))', () => {
  it('raised with the order, due when each window closes; collecting resolves each; an uncollected window stays overdue', async () => {
    const s = await sandboxTenant();
    const now = await nowOf(s);
    const occurredAt = new Date(now - HOUR).toISOString();
    const o = await order(s, { package: { id: s.dotPackageId }, agency: { id: DEMO.agencies.FMCSA }, testReason: 'postAccident', incident: { occurredAt } });
    const alcoholIndex = o.services.findIndex((x: { attributes: { category: string | null } | null }) => x.attributes?.category === 'alcohol');
    const drugIndex = 1 - alcoholIndex;
    await moveBy(s, 60_000);
    const [alcohol] = await openOf(s, 'postAccidentAlcoholWindow', o.id);
    const [drug] = await openOf(s, 'postAccidentDrugWindow', o.id);
    expect(alcohol).toMatchObject({ severity: 'critical', citation: '49 CFR 382.303(d)(1)', overdue: false, dueAt: new Date(Date.parse(occurredAt) + 8 * HOUR).toISOString() });
    expect(drug).toMatchObject({ severity: 'critical', citation: '49 CFR 382.303(d)(2)', overdue: false, dueAt: new Date(Date.parse(occurredAt) + 32 * HOUR).toISOString() });

    // The drug specimen is collected: its window's action goes; the alcohol one is past its 8 hours and stays, overdue.
    await event(s, o, 'pending_collectionCompleted', drugIndex);
    await moveTo(s, Date.parse(occurredAt) + 9 * HOUR);
    expect((await actionsOf(s, 'postAccidentDrugWindow', o.id)).map((a) => a.status)).toEqual(['resolved']);
    const [late] = await openOf(s, 'postAccidentAlcoholWindow', o.id);
    expect(late).toMatchObject({ id: alcohol.id, overdue: true });

    // The record of why it was not administered (382.303(d)(1)) resolves it by hand.
    const resolved = await call('PUT', `/api/v2/actions/${alcohol.id}/resolution`, { token: s.bearer, body: { note: 'Driver taken to hospital; no breath testing available within 8 hours.' } });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'resolved', resolution: 'manual', note: 'Driver taken to hospital; no breath testing available within 8 hours.' });
    await moveBy(s, HOUR);
    expect((await actionsOf(s, 'postAccidentAlcoholWindow', o.id)).map((a) => a.status)).toEqual(['resolved']);
  });
});

describe('orderExpiredUncollected: a random, follow-up or return-to-duty order expired uncollected (49 CFR 40.191)', () => {
  it('raised by the PUT that expires the order; a pre-employment order expiring raises nothing', async () => {
    const s = await sandboxTenant();
    const now = await nowOf(s);
    const settings = { expiresAt: new Date(now + 2 * DAY).toISOString() };
    const random = await order(s, { testReason: 'random', settings });
    const preEmployment = await order(s, { settings });
    await moveBy(s, 3 * DAY);
    expect((await get(`/api/v2/orders/${random.id}`, { token: s.bearer })).body.status).toBe('expired');
    const [raised] = await openOf(s, 'orderExpiredUncollected', random.id);
    expect(raised).toMatchObject({ severity: 'high', citation: '49 CFR 40.191', dueAt: settings.expiresAt, resolvableByHand: true });
    expect(await actionsOf(s, 'orderExpiredUncollected', preEmployment.id)).toEqual([]);
    // The cause never goes by itself: another day on, it is still the one open action.
    await moveBy(s, DAY);
    expect((await actionsOf(s, 'orderExpiredUncollected', random.id)).map((a) => a.id)).toEqual([raised.id]);
  });
});

/** An employee row as the roster keeps it (lib/domain/employees writes these through its own operations). */
async function employee(s: Sandbox, values: { agency?: string; cdl?: boolean; lastLimitedQueryOn?: string | null; activeFrom?: string }) {
  const id = newId();
  await db().execute(sql`insert into employees (id, tenant_id, company_id, external_id, first_name, last_name, agency_id, cdl_last4, cdl_state, status, active_from, last_limited_query_on)
    values (${id}, ${s.tenantId}, ${s.companyId}, ${`E-${id}`}, 'Dale', 'Driver', ${values.agency ?? DEMO.agencies.FMCSA}, ${values.cdl === false ? null : '4321'},
      ${values.cdl === false ? null : 'TX'}, 'active', ${values.activeFrom ?? '2025-01-06'}, ${values.lastLimitedQueryOn ?? null})`);
  return id;
}
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('limitedQueryDue: a CDL driver\'s annual limited query due within 30 days (49 CFR 382.701(b))', () => {
  it('raised 30 days before the anniversary, resolved when a new query is recorded; never for a driver without a CDL', async () => {
    const s = await sandboxTenant();
    const now = await nowOf(s);
    const lastOn = dayOf(now - 340 * DAY); // due in about 25 days
    const driver = await employee(s, { lastLimitedQueryOn: lastOn });
    const notYet = await employee(s, { lastLimitedQueryOn: dayOf(now - 200 * DAY) });
    const noCdl = await employee(s, { cdl: false, lastLimitedQueryOn: lastOn });
    await moveBy(s, 60_000);
    const [raised] = await openOf(s, 'limitedQueryDue', driver);
    const [y, m, d] = lastOn.split('-');
    expect(raised).toMatchObject({ severity: 'normal', citation: '49 CFR 382.701(b)', resolvableByHand: false, overdue: false, dueAt: `${Number(y) + 1}-${m}-${d}T00:00:00.000Z` });
    expect(raised.subject).toEqual({ object: 'employee', id: driver, url: `/api/v2/employees/${driver}` });
    expect(await actionsOf(s, 'limitedQueryDue', notYet)).toEqual([]);
    expect(await actionsOf(s, 'limitedQueryDue', noCdl)).toEqual([]);

    const byHand = await call('PUT', `/api/v2/actions/${raised.id}/resolution`, { token: s.bearer, body: { note: 'Done.' } });
    expect(byHand.status).toBe(422);
    expect(byHand.body.errors[0].code).toBe('invalidState');

    await db().execute(sql`update employees set last_limited_query_on = ${dayOf(now)} where id = ${driver}`);
    await moveBy(s, 60_000);
    expect((await actionsOf(s, 'limitedQueryDue', driver)).map((a) => [a.status, a.resolution])).toEqual([['resolved', 'automatic']]);
  });
});

describe('misReportDue: from 1 February, due 15 March, per company and agency with covered employees (49 CFR 40.26)', () => {
  it('raised on 1 February for the year before, once', async () => {
    const s = await sandboxTenant();
    const now = new Date(await nowOf(s));
    const year = now.getUTCFullYear();
    await employee(s, { activeFrom: `${year}-01-05` });
    await moveTo(s, Date.UTC(year + 1, 0, 31, 12));
    const subject = `${year}:FMCSA:${s.companyId}`;
    expect(await actionsOf(s, 'misReportDue', subject)).toEqual([]);
    await moveTo(s, Date.UTC(year + 1, 1, 1, 0, 1));
    const [raised] = await openOf(s, 'misReportDue', subject);
    expect(raised).toMatchObject({
      citation: '49 CFR 40.26',
      dueAt: new Date(Date.UTC(year + 1, 2, 15)).toISOString(),
      subject: { object: 'misReport', id: subject, url: `/api/v2/reports/mis?year=${year}&agency=FMCSA&companyId=${s.companyId}` },
      resolvableByHand: true,
    });
    await moveTo(s, Date.UTC(year + 1, 2, 16));
    const again = await actionsOf(s, 'misReportDue', subject);
    expect(again.map((a) => [a.id, a.overdue])).toEqual([[raised.id, true]]);
  });
});

/** A quarterly pool of the sandbox company, as lib/domain/random keeps it. */
async function pool(s: Sandbox) {
  const id = newId();
  await db().execute(sql`insert into random_pools (id, tenant_id, name, kind, agency_ids, company_ids, drug_rate, alcohol_rate, frequency)
    values (${id}, ${s.tenantId}, 'Drivers', 'dot', ARRAY[${DEMO.agencies.FMCSA}]::text[], ARRAY[${s.companyId}]::text[], 0.5, 0.1, 'quarterly')`);
  return id;
}
async function draw(s: Sandbox, poolId: string, period: string, start: string, end: string) {
  const id = newId();
  await db().execute(sql`insert into random_draws (id, tenant_id, pool_id, period, period_start, period_end, drawn_at, drawn_by, pool_size, mean_pool_size, required, selected_counts,
      drug_rate, alcohol_rate, seed_hex, commitment, pool_hash, algorithm, snapshot, ranking)
    values (${id}, ${s.tenantId}, ${poolId}, ${period}, ${start}, ${end}, now(), ${JSON.stringify({ type: 'system', id: null, name: 'test' })}::jsonb, 1, 1,
      ${JSON.stringify({ drug: 1, alcohol: 1 })}::jsonb, ${JSON.stringify({ drug: 1, alcohol: 0 })}::jsonb, 0.5, 0.1, ${'0'.repeat(64)}, ${'1'.repeat(64)}, ${'2'.repeat(64)},
      'sha256-rank-v1', '[]'::jsonb, ${JSON.stringify({ drug: [], alcohol: [] })}::jsonb)`);
  return id;
}
const quarterOf = (at: Date) => {
  const q = Math.floor(at.getUTCMonth() / 3);
  const start = Date.UTC(at.getUTCFullYear(), q * 3, 1);
  const end = Date.UTC(at.getUTCFullYear(), q * 3 + 3, 1) - DAY;
  return { period: `${at.getUTCFullYear()}-Q${q + 1}`, start, startDay: dayOf(start), endDay: dayOf(end), next: end + DAY };
};

describe('random testing (49 CFR 382.305)', () => {
  it('randomDrawNotMade: raised 7 days into the period without a draw, resolved by the draw', async () => {
    const s = await sandboxTenant();
    const poolId = await pool(s);
    const next = quarterOf(new Date(quarterOf(new Date(await nowOf(s))).next));
    await moveTo(s, next.start + 6 * DAY);
    expect(await actionsOf(s, 'randomDrawNotMade', poolId)).toEqual([]);
    await moveTo(s, next.start + 7 * DAY + 60_000);
    const [raised] = await openOf(s, 'randomDrawNotMade', poolId);
    expect(raised).toMatchObject({ severity: 'high', dueAt: new Date(next.start + 7 * DAY).toISOString(), company: { id: s.companyId }, subject: { object: 'randomPool', id: poolId } });
    expect(raised.title).toContain(next.period);
    await draw(s, poolId, next.period, next.startDay, next.endDay);
    await moveBy(s, 60_000);
    expect((await actionsOf(s, 'randomDrawNotMade', poolId)).map((a) => a.status)).toEqual(['resolved']);
  });

  it('randomSelectionToNotify on its notifyOn day, then randomSelectionUntested 7 days before the period ends; ordering and a final result resolve them', async () => {
    const s = await sandboxTenant();
    const poolId = await pool(s);
    const next = quarterOf(new Date(quarterOf(new Date(await nowOf(s))).next));
    const drawId = await draw(s, poolId, next.period, next.startDay, next.endDay);
    const employeeId = await employee(s, {});
    const selectionId = newId();
    const notifyOn = dayOf(next.start + 20 * DAY);
    await db().execute(sql`insert into random_selections (id, tenant_id, draw_id, employee_id, company_id, kind, rank, status, notify_on)
      values (${selectionId}, ${s.tenantId}, ${drawId}, ${employeeId}, ${s.companyId}, 'drug', 1, 'selected', ${notifyOn})`);
    await moveTo(s, next.start + 19 * DAY);
    expect(await actionsOf(s, 'randomSelectionToNotify', selectionId)).toEqual([]);
    await moveTo(s, Date.parse(`${notifyOn}T08:00:00.000Z`));
    const [notify] = await openOf(s, 'randomSelectionToNotify', selectionId);
    expect(notify).toMatchObject({ dueAt: `${notifyOn}T00:00:00.000Z`, subject: { object: 'randomSelection', id: selectionId } });

    // Ordered (notified) eight days before the period ends: its order is still open as the last week begins.
    await moveTo(s, next.next - 8 * DAY);
    expect(await openOf(s, 'randomSelectionToNotify', selectionId)).toHaveLength(1);
    const o = await order(s, { testReason: 'random' });
    await db().execute(sql`update random_selections set status = 'ordered', order_id = ${o.id} where id = ${selectionId}`);
    await moveTo(s, next.next - 7 * DAY + 60_000);
    expect((await actionsOf(s, 'randomSelectionToNotify', selectionId)).map((a) => a.status)).toEqual(['resolved']);
    const [untested] = await openOf(s, 'randomSelectionUntested', selectionId);
    expect(untested).toMatchObject({ dueAt: new Date(next.next).toISOString(), overdue: false });

    await event(s, o, 'negative');
    await moveBy(s, 60_000);
    expect((await actionsOf(s, 'randomSelectionUntested', selectionId)).map((a) => a.status)).toEqual(['resolved']);
  });
});

describe('the worker round (lib/worker/action-loop.ts)', () => {
  it('gives a tenant whose clock runs ahead a round with its own now', async () => {
    const s = await sandboxTenant();
    const o = await order(s);
    await event(s, o, 'pending_awaitingMROContact');
    // Moved by SQL, not the PUT: only the worker's round can raise it.
    await db().execute(sql`update tenants set clock_offset_ms = ${25 * HOUR} where id = ${s.tenantId}`);
    expect(await actionsOf(s, 'mroCannotReachDonor', o.id)).toEqual([]);
    await actionRound(db(), silentLogger);
    expect(await openOf(s, 'mroCannotReachDonor', o.id)).toHaveLength(1);
  });
});
