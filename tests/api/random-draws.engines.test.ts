/**
 * Draws, their verification, selections, excuses and orders (DESIGN.md 7.2). Each test draws a
 * pool of an employer of its own, so its counts are exact whatever runs beside it.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, events, orders } from '@/lib/db/schema';
import { tenantNow } from '@/lib/domain/clock';
import { rankMembers, verifyDraw } from '@/lib/domain/random/algorithm';
import { howMany } from '@/lib/domain/random/how-many';
import { dayOf, periodAt, periodOfDay, periodsPerYear } from '@/lib/domain/random/periods';
import { DEMO } from '@/lib/seed';
import { call, db, expectError, get, token, withTestDatabase } from './harness';
import { addEmployees, newEmployer, poolBody, type Employer } from './random-fixtures';
import { describeAuthentication } from './shared';

withTestDatabase();

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const today = async () => dayOf(await tenantNow({ db: db(), tenantId: DEMO.tenants.acme.id }));

interface Drawn {
  t: string;
  employer: Employer;
  ids: string[];
  poolId: string;
  draw: any;
}

/** An employer with `n` FMCSA employees, a quarterly pool at `rates`, drawn now. */
async function drawn(n: number, rates: { drugRate: number; alcoholRate: number } = { drugRate: 1, alcoholRate: 1 }): Promise<Drawn> {
  const t = await token();
  const employer = await newEmployer(t);
  const ids = await addEmployees(employer.companyId, n, { locationId: employer.locationId });
  const pool = await call('POST', '/api/v2/random-pools', { token: t, body: poolBody(employer, rates) });
  expect(pool.status, JSON.stringify(pool.body)).toBe(201);
  const draw = await call('POST', `/api/v2/random-pools/${pool.body.id}/draws`, { token: t, body: { rosterConfirmed: true } });
  expect(draw.status, JSON.stringify(draw.body)).toBe(201);
  return { t, employer, ids, poolId: pool.body.id, draw: draw.body };
}

async function selectionsOf(d: Drawn) {
  const res = await get(`/api/v2/random-draws/${d.draw.id}/selections`, { token: d.t, query: { limit: '20' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('POST /api/v2/random-pools/{id}/draws', () => {
  describeAuthentication('POST', () => '/api/v2/random-pools/00000000-0000-4000-8000-000000000000/draws', 'random.write', { rosterConfirmed: true });

  it('201: the draw with its commitment, pool hash, counts from the mean pool size, the seed withheld; selections with notifyOn within the period; audited', async () => {
    const d = await drawn(10, { drugRate: 0.5, alcoholRate: 0.1 });
    const day = await today();
    const period = periodOfDay(day, 'quarterly');
    const drug = howMany(0.5, [10], 0, periodsPerYear('quarterly') - period.index);
    const alcohol = howMany(0.1, [10], 0, periodsPerYear('quarterly') - period.index);
    expect(d.draw).toMatchObject({
      object: 'randomDraw',
      pool: { id: d.poolId, object: 'randomPool' },
      period: period.key,
      periodStart: period.start,
      periodEnd: period.end,
      drawnBy: { type: 'token' },
      poolSize: 10,
      eligible: { drug: 10, alcohol: 10 },
      meanPoolSize: 10,
      rates: { drug: 0.5, alcohol: 0.1 },
      required: { drug: drug.required, alcohol: alcohol.required },
      selected: { drug: drug.select, alcohol: alcohol.select },
      seed: null,
      seedRevealedAt: null,
      algorithm: 'sha256-rank-v1',
      certificateUrl: `/api/v2/random-draws/${d.draw.id}/certificate`,
      snapshotUrl: `/api/v2/random-draws/${d.draw.id}/snapshot`,
      url: `/api/v2/random-draws/${d.draw.id}`,
    });
    expect(d.draw.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(d.draw.poolHash).toBe(sha256([...d.ids].sort().join('\n')));
    const selections = await selectionsOf(d);
    expect(selections).toHaveLength(drug.select + alcohol.select);
    for (const s of selections) {
      expect(s).toMatchObject({ object: 'randomSelection', status: 'selected', order: null, excuse: null, replaces: null, replacedBy: null, company: { id: d.employer.companyId } });
      expect(d.ids).toContain(s.employee.id);
      expect(s.notifyOn >= day && s.notifyOn <= period.end).toBe(true);
    }
    expect(selections.filter((s) => s.kind === 'drug').map((s) => s.rank)).toEqual(Array.from({ length: drug.select }, (_, i) => i + 1));
    const [audit] = await db().select().from(auditEvents).where(and(eq(auditEvents.subjectType, 'randomDraw'), eq(auditEvents.subjectId, d.draw.id)));
    expect(audit).toMatchObject({ action: 'randomDraw.created', data: { period: period.key, poolSize: 10, commitment: d.draw.commitment } });
    expect((await get(`/api/v2/random-draws/${d.draw.id}`, { token: d.t })).body).toEqual(d.draw);
    const list = await get(`/api/v2/random-pools/${d.poolId}/draws`, { token: d.t });
    expect(list.body).toMatchObject({ total: 1, data: [{ id: d.draw.id }] });
  });

  it('400 required at /rosterConfirmed without the confirmation, and nothing is drawn', async () => {
    const t = await token();
    const e = await newEmployer(t);
    await addEmployees(e.companyId, 2);
    const pool = await call('POST', '/api/v2/random-pools', { token: t, body: poolBody(e) });
    const path = `/api/v2/random-pools/${pool.body.id}/draws`;
    expectError(await call('POST', path, { token: t, body: {} }), 400, 'required', '/rosterConfirmed');
    expectError(await call('POST', path, { token: t, body: { rosterConfirmed: false } }), 400, 'required', '/rosterConfirmed');
    expect((await get(`/api/v2/random-pools/${pool.body.id}/draws`, { token: t })).body.total).toBe(0);
  });

  it('409 conflict for a second draw of a period; 422 invalidState for a period not yet begun or already over; 400 at /period for another frequency\'s key', async () => {
    const d = await drawn(3);
    const path = `/api/v2/random-pools/${d.poolId}/draws`;
    expectError(await call('POST', path, { token: d.t, body: { rosterConfirmed: true } }), 409, 'conflict');
    expectError(await call('POST', path, { token: d.t, body: { rosterConfirmed: true, period: d.draw.period } }), 409, 'conflict');
    const current = periodOfDay(await today(), 'quarterly');
    const next = current.index === 3 ? periodAt(current.year + 1, 0, 'quarterly') : periodAt(current.year, current.index + 1, 'quarterly');
    const previous = current.index === 0 ? periodAt(current.year - 1, 3, 'quarterly') : periodAt(current.year, current.index - 1, 'quarterly');
    expect(expectError(await call('POST', path, { token: d.t, body: { rosterConfirmed: true, period: next.key } }), 422, 'invalidState', '/period').detail).toMatch(/not yet begun/);
    expect(expectError(await call('POST', path, { token: d.t, body: { rosterConfirmed: true, period: previous.key } }), 422, 'invalidState', '/period').detail).toMatch(/already ended/);
    expectError(await call('POST', path, { token: d.t, body: { rosterConfirmed: true, period: '2026-07' } }), 400, 'invalidValue', '/period');
  });

  it('an inactive pool is not drawn (422); another tenant meets 404', async () => {
    const t = await token();
    const e = await newEmployer(t);
    const pool = await call('POST', '/api/v2/random-pools', { token: t, body: poolBody(e, { isActive: false }) });
    expectError(await call('POST', `/api/v2/random-pools/${pool.body.id}/draws`, { token: t, body: { rosterConfirmed: true } }), 422, 'invalidState');
    expectError(await call('POST', `/api/v2/random-pools/${pool.body.id}/draws`, { token: await token({ tenant: 'northwind' }), body: { rosterConfirmed: true } }), 404, 'notFound');
  });
});

describe('reveal and verification', () => {
  it('the seed is withheld until revealed (audited); the verification answer recomputes the draw: commitment, pool hash, and the selected as the first of the ranking', async () => {
    const d = await drawn(12, { drugRate: 0.5, alcoholRate: 0.1 });
    const before = await get(`/api/v2/random-draws/${d.draw.id}/verification`, { token: d.t });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ object: 'randomDrawVerification', drawId: d.draw.id, algorithm: 'sha256-rank-v1', seed: null, commitment: d.draw.commitment, poolHash: d.draw.poolHash });
    expect(verifyDraw(before.body).ok).toBe(false);

    const revealed = await call('POST', `/api/v2/random-draws/${d.draw.id}/reveal`, { token: d.t });
    expect(revealed.status, JSON.stringify(revealed.body)).toBe(200);
    expect(revealed.body.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256(Buffer.from(revealed.body.seed!, 'hex'))).toBe(d.draw.commitment);
    const again = await call('POST', `/api/v2/random-draws/${d.draw.id}/reveal`, { token: d.t });
    expect(again.body.seedRevealedAt).toBe(revealed.body.seedRevealedAt);
    const audits = await db().select().from(auditEvents).where(and(eq(auditEvents.subjectType, 'randomDraw'), eq(auditEvents.subjectId, d.draw.id)));
    expect(audits.filter((a) => a.action === 'randomDraw.revealed')).toHaveLength(1);

    const v = (await get(`/api/v2/random-draws/${d.draw.id}/verification`, { token: d.t })).body;
    expect(v.snapshotIds).toEqual([...d.ids].sort());
    expect(verifyDraw(v)).toMatchObject({ ok: true });
    // Recomputed here by hand, as an auditor would: sha256 of `seed|drawId|kind|id`, ascending.
    for (const kind of ['drug', 'alcohol'] as const) {
      const ranked = [...v.eligible[kind]].sort((a: string, b: string) => {
        const [x, y] = [sha256(`${v.seed}|${d.draw.id}|${kind}|${a}`), sha256(`${v.seed}|${d.draw.id}|${kind}|${b}`)];
        return x < y ? -1 : x > y ? 1 : 0;
      });
      expect(ranked.slice(0, v.selected[kind].length)).toEqual(v.selected[kind]);
      expect(v.selected[kind]).toHaveLength(d.draw.selected[kind]);
    }
    const selections = await selectionsOf(d);
    expect(selections.filter((s) => s.kind === 'drug').map((s) => s.employee.id)).toEqual(v.selected.drug);
  });

  it('a verification answer altered in its selection fails', async () => {
    const d = await drawn(6);
    await call('POST', `/api/v2/random-draws/${d.draw.id}/reveal`, { token: d.t });
    const v = (await get(`/api/v2/random-draws/${d.draw.id}/verification`, { token: d.t })).body;
    const swapped = { ...v, selected: { ...v.selected, drug: [...v.selected.drug.slice(1), v.eligible.drug.find((id: string) => !v.selected.drug.includes(id))!] } };
    expect(verifyDraw(swapped).ok).toBe(false);
  });
});

describe('POST /api/v2/random-selections/{id}/excuse', () => {
  it('400 invalidValue at /reason for operational reasons, saying DOT does not allow them; notOnDutyForAlcohol only for alcohol', async () => {
    const d = await drawn(6);
    const [s] = (await selectionsOf(d)).filter((x) => x.kind === 'drug');
    const path = `/api/v2/random-selections/${s.id}/excuse`;
    for (const reason of ['operational', 'busy']) expect(expectError(await call('POST', path, { token: d.t, body: { reason } }), 400, 'invalidValue', '/reason').detail).toMatch(/DOT does not allow/);
    expectError(await call('POST', path, { token: d.t, body: { reason: 'notOnDutyForAlcohol' } }), 400, 'invalidValue', '/reason');
    expectError(await call('POST', path, { token: d.t, body: {} }), 400, 'required', '/reason');
    expect((await get(`/api/v2/random-draws/${d.draw.id}/selections`, { token: d.t })).body.data.find((x) => x.id === s.id)!.status).toBe('selected');
  });

  it('200: the selection is excused and the next alternate in rank order replaces it; excusing it again is 422', async () => {
    // 50% of 8: at most 4 selected, so alternates remain whatever the quarter.
    const d = await drawn(8, { drugRate: 0.5, alcoholRate: 0.1 });
    await call('POST', `/api/v2/random-draws/${d.draw.id}/reveal`, { token: d.t });
    const v = (await get(`/api/v2/random-draws/${d.draw.id}/verification`, { token: d.t })).body;
    const ranking = rankMembers(v.seed!, d.draw.id, 'drug', v.eligible.drug);
    const drug = (await selectionsOf(d)).filter((x) => x.kind === 'drug');
    const res = await call('POST', `/api/v2/random-selections/${drug[0].id}/excuse`, { token: d.t, body: { reason: 'medicalLeave', note: 'Surgery, out until next year' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: drug[0].id, status: 'excused', excuse: { reason: 'medicalLeave', note: 'Surgery, out until next year' } });
    expect(res.body.replacedBy).not.toBeNull();
    const after = (await selectionsOf(d)).filter((x) => x.kind === 'drug');
    const replacement = after.find((x) => x.id === res.body.replacedBy!.id);
    expect(replacement).toMatchObject({ status: 'selected', rank: drug.length + 1, employee: { id: ranking[drug.length] }, replaces: { id: drug[0].id } });
    expectError(await call('POST', `/api/v2/random-selections/${drug[0].id}/excuse`, { token: d.t, body: { reason: 'layoff' } }), 422, 'invalidState');
    const audits = await db().select().from(auditEvents).where(and(eq(auditEvents.subjectType, 'randomSelection'), eq(auditEvents.subjectId, drug[0].id)));
    expect(audits.map((a) => a.action)).toEqual(['randomSelection.excused']);
  });

  it('a consortium pool replaces from the same company', async () => {
    const t = await token();
    const a = await newEmployer(t);
    const b = await newEmployer(t);
    await addEmployees(a.companyId, 6, { locationId: a.locationId });
    await addEmployees(b.companyId, 6, { locationId: b.locationId });
    const pool = await call('POST', '/api/v2/random-pools', { token: t, body: poolBody(a, { drugRate: 0.5, companies: [{ id: a.companyId }, { id: b.companyId }] }) });
    expect(pool.status, JSON.stringify(pool.body)).toBe(201);
    const draw = (await call('POST', `/api/v2/random-pools/${pool.body.id}/draws`, { token: t, body: { rosterConfirmed: true } })).body;
    await call('POST', `/api/v2/random-draws/${draw.id}/reveal`, { token: t });
    const v = (await get(`/api/v2/random-draws/${draw.id}/verification`, { token: t })).body;
    const csv = ((await call('GET', `/api/v2/random-draws/${draw.id}/snapshot`, { token: t })).body as unknown as Buffer).toString('utf8');
    const companyOf = new Map(csv.trim().split('\r\n').slice(1).map((line) => line.split(',')).map((cols) => [cols[0], cols[3]]));
    const selections = (await get(`/api/v2/random-draws/${draw.id}/selections`, { token: t, query: { limit: '20' } })).body.data.filter((x) => x.kind === 'drug');
    const excused = selections[0];
    const ranking = rankMembers(v.seed!, draw.id, 'drug', v.eligible.drug);
    const taken = new Set(selections.map((s) => s.employee.id));
    const expected = ranking.find((id) => !taken.has(id) && companyOf.get(id) === excused.company.id);
    const res = await call('POST', `/api/v2/random-selections/${excused.id}/excuse`, { token: t, body: { reason: 'terminated' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const replacement = (await get(`/api/v2/random-draws/${draw.id}/selections`, { token: t, query: { limit: '20' } })).body.data.find((x) => x.id === res.body.replacedBy!.id);
    expect(replacement!.employee.id).toBe(expected);
    expect(replacement!.company.id).toBe(excused.company.id);
  });
});

describe('POST /api/v2/random-selections/{id}/order', () => {
  it('200: an order with testReason random, the pool\'s package and the employee\'s person; the selection is ordered; a second order is 422; completed once the order is final', async () => {
    const d = await drawn(4);
    const [s] = (await selectionsOf(d)).filter((x) => x.kind === 'drug');
    const path = `/api/v2/random-selections/${s.id}/order`;
    const res = await call('POST', path, { token: d.t, body: { deliveryMethods: [{ type: 'email' }], requester: { email: 'manager@acme.test', name: 'Morgan Lee' } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: s.id, status: 'ordered', order: { object: 'order', status: 'ordered' } });
    const order = (await get(`/api/v2/orders/${res.body.order.id}`, { token: d.t })).body;
    expect(order).toMatchObject({ testReason: 'random', company: { id: d.employer.companyId }, location: { id: d.employer.locationId }, employee: { id: s.employee.id } });
    expect(order.packages.map((p) => p.id)).toEqual([d.employer.drugPackageId]);
    expect(order.participant.lastName).toBe(s.employee.name.split(' ').at(-1));
    const [row] = await db().select({ employeeId: orders.employeeId }).from(orders).where(eq(orders.id, res.body.order.id));
    expect(row.employeeId).toBe(s.employee.id);
    expectError(await call('POST', path, { token: d.t, body: { deliveryMethods: [{ type: 'none' }], requester: { email: 'manager@acme.test' } } }), 422, 'invalidState');
    expectError(await call('POST', `/api/v2/random-selections/${s.id}/excuse`, { token: d.t, body: { reason: 'layoff' } }), 422, 'invalidState');

    // The order's result makes the selection completed (computed from the order).
    for (const service of order.services)
      expect((await call('POST', `/api/v2/orders/${order.id}/services/${service.id}/events`, { token: d.t, body: { status: 'negative' } })).status).toBeLessThan(300);
    const after = (await selectionsOf(d)).find((x) => x.id === s.id);
    expect(after!.status).toBe('completed');
    const progress = await get(`/api/v2/random-pools/${d.poolId}/progress`, { token: d.t });
    expect(progress.status, JSON.stringify(progress.body)).toBe(200);
    expect(progress.body.completed.drug).toBe(1);
  });

  it('400 at /location when the employee has none and none is given; another tenant meets 404', async () => {
    const t = await token();
    const e = await newEmployer(t);
    await addEmployees(e.companyId, 2, { locationId: null });
    const pool = await call('POST', '/api/v2/random-pools', { token: t, body: poolBody(e, { drugRate: 1 }) });
    const draw = (await call('POST', `/api/v2/random-pools/${pool.body.id}/draws`, { token: t, body: { rosterConfirmed: true } })).body;
    const [s] = (await get(`/api/v2/random-draws/${draw.id}/selections`, { token: t })).body.data;
    const body = { deliveryMethods: [{ type: 'none' }], requester: { email: 'manager@acme.test' } };
    expectError(await call('POST', `/api/v2/random-selections/${s.id}/order`, { token: t, body }), 400, 'required', '/location');
    expectError(await call('POST', `/api/v2/random-selections/${s.id}/order`, { token: await token({ tenant: 'northwind' }), body }), 404, 'notFound');
    // The participant is the employee's: the sms delivery method needs a phone the roster does not have for them.
    const sms = await call('POST', `/api/v2/random-selections/${s.id}/order`, { token: t, body: { ...body, deliveryMethods: [{ type: 'sms' }], location: { id: e.locationId } } });
    expect(expectError(sms, 400, 'required', '/deliveryMethods/0/type').detail).toMatch(/phone.*roster/);
    const ordered = await call('POST', `/api/v2/random-selections/${s.id}/order`, { token: t, body: { ...body, location: { id: e.locationId } } });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
  });
});

describe('GET /api/v2/random-pools/{id}/progress', () => {
  it('per period the pool size and the draw\'s counts; for the year the mean, the required count, completed, and on track', async () => {
    const d = await drawn(10, { drugRate: 0.5, alcoholRate: 0.1 });
    const res = await get(`/api/v2/random-pools/${d.poolId}/progress`, { token: await token({ scopes: ['random.read'] }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const period = res.body.periods.find((p) => p.period === d.draw.period);
    expect(res.body.periods).toHaveLength(4);
    expect(period).toMatchObject({ poolSize: 10, draw: { id: d.draw.id }, selected: d.draw.selected, completed: { drug: 0, alcohol: 0 }, excused: { drug: 0, alcohol: 0 }, lost: { drug: 0, alcohol: 0 } });
    expect(res.body).toMatchObject({ object: 'randomPoolProgress', meanPoolSize: 10, required: { drug: 5, alcohol: 1 }, completed: { drug: 0, alcohol: 0 } });
    expectError(await get(`/api/v2/random-pools/${d.poolId}/progress`, { token: d.t, query: { year: 'last' } }), 400, 'invalidType', '/year');
  });
});

describe('paper: the certificate, the eligible list, an employee\'s history', () => {
  it('the certificate is a PDF; the eligible list a CSV of every member; the history lists the draw with the employee\'s selections', async () => {
    const d = await drawn(5);
    const pdf = await call('GET', `/api/v2/random-draws/${d.draw.id}/certificate`, { token: d.t });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((pdf.body as unknown as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const csv = await call('GET', `/api/v2/random-draws/${d.draw.id}/snapshot`, { token: d.t });
    expect(csv.headers.get('content-type')).toBe('text/csv');
    const lines = (csv.body as unknown as Buffer).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('employeeId,externalId,name,companyId,company,locationId,location,agency,jobCategory,alcoholEligible');
    expect(lines.slice(1).map((l) => l.split(',')[0]).sort()).toEqual([...d.ids].sort());

    const selected = (await selectionsOf(d))[0];
    const history = await get(`/api/v2/employees/${selected.employee.id}/random-history`, { token: d.t });
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.total).toBe(1);
    expect(history.body.data[0]).toMatchObject({
      object: 'randomHistoryEntry',
      draw: { id: d.draw.id, period: d.draw.period },
      pool: { id: d.poolId },
      eligible: { drug: true, alcohol: true },
      poolSize: 5,
    });
    expect(history.body.data[0].selections.map((s) => s.id)).toContain(selected.id);
    expectError(await get(`/api/v2/employees/${selected.employee.id}/random-history`, { token: await token({ tenant: 'northwind' }) }), 404, 'notFound');
    expectError(await get(`/api/v2/random-draws/${d.draw.id}/certificate`, { token: await token({ companies: [DEMO.acme.companies.secondary] }) }), 404, 'notFound');
  });
});

describe('events', () => {
  it('randomDraw.created and randomSelection.updated are recorded in the change\'s transaction', async () => {
    const d = await drawn(3);
    const created = await db().select().from(events).where(and(eq(events.tenantId, DEMO.tenants.acme.id), eq(events.type, 'randomDraw.created')));
    expect(created.some((e) => (e.payload as { data: { randomDraw: { id: string } } }).data.randomDraw.id === d.draw.id)).toBe(true);
    const [s] = await selectionsOf(d);
    await call('POST', `/api/v2/random-selections/${s.id}/excuse`, { token: d.t, body: { reason: 'layoff' } });
    const updated = await db().select().from(events).where(and(eq(events.tenantId, DEMO.tenants.acme.id), eq(events.type, 'randomSelection.updated')));
    expect(updated.some((e) => (e.payload as { data: { randomSelection: { id: string; status: string } } }).data.randomSelection.id === s.id)).toBe(true);
  });
});
