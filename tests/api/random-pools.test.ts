/** Random rates and pools (DESIGN.md 7.2): GET /api/v2/random-rates, the pools' CRUD, their computed members and progress. */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '@/lib/db/schema';
import { DEMO } from '@/lib/seed';
import { call, db, expectError, get, token, withTestDatabase } from './harness';
import { addEmployees, newEmployer, poolBody, type Employer } from './random-fixtures';
import { describeAuthentication } from './shared';

withTestDatabase();

const post = async (body: unknown, t?: string) => call('POST', '/api/v2/random-pools', { token: t ?? (await token()), body });
const patch = async (id: string, body: unknown, t?: string) => call('PATCH', `/api/v2/random-pools/${id}`, { token: t ?? (await token()), body });

let employer: Employer | undefined;
async function anEmployer(): Promise<Employer> {
  employer ??= await newEmployer(await token());
  return employer;
}

describe('GET /api/v2/random-rates', () => {
  describeAuthentication('GET', () => '/api/v2/random-rates', 'random.read');

  it('2026: every agency of the catalog (FRA per category) with its rates and its source', async () => {
    const res = await get('/api/v2/random-rates', { token: await token({ scopes: ['random.read'] }), query: { year: '2026', limit: '20' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total).toBe(8);
    const rates = Object.fromEntries(res.body.data.map((r) => [`${r.agency.code}${r.category ? `/${r.category}` : ''}`, [r.drug, r.alcohol]]));
    expect(rates).toEqual({
      FAA: [0.25, 0.1], FMCSA: [0.5, 0.1], 'FRA/covered': [0.25, 0.1], 'FRA/maintenanceOfWay': [0.25, 0.1], 'FRA/mechanical': [0.5, 0.1],
      FTA: [0.5, 0.1], PHMSA: [0.5, null], USCG: [0.5, null],
    });
    for (const r of res.body.data) {
      expect(r).toMatchObject({ object: 'randomRate', year: 2026, agency: { object: 'agency', url: `/api/v2/agencies/${r.agency.id}` } });
      expect(r.source).toMatch(/Federal Register/);
    }
  });

  it('2025 is seeded too (FRA mechanical alcohol was 25%); the default year is the tenant\'s current one; a year without rates is empty', async () => {
    const t = await token({ scopes: ['random.read'] });
    const y2025 = await get('/api/v2/random-rates', { token: t, query: { year: '2025', limit: '20' } });
    expect(y2025.body.data.find((r) => r.category === 'mechanical')).toMatchObject({ drug: 0.5, alcohol: 0.25 });
    const current = await get('/api/v2/random-rates', { token: t });
    expect(current.status).toBe(200);
    expect(current.body.data.every((r) => r.year === new Date().getUTCFullYear())).toBe(true);
    expect((await get('/api/v2/random-rates', { token: t, query: { year: '2001' } })).body).toMatchObject({ data: [], total: 0 });
  });

  it('400 at /year for a year that is not one', async () => {
    expectError(await get('/api/v2/random-rates', { token: await token(), query: { year: 'soon' } }), 400, 'invalidType', '/year');
    expectError(await get('/api/v2/random-rates', { token: await token(), query: { year: '1999' } }), 400, 'tooSmall', '/year');
  });
});

describe('POST /api/v2/random-pools', () => {
  describeAuthentication('POST', () => '/api/v2/random-pools', 'random.write', { name: 'x' });

  it('201 with Location: the pool, its computed members, why there is no exclusion option, and an audit entry', async () => {
    const e = await anEmployer();
    await addEmployees(e.companyId, 3, { agency: 'FMCSA' });
    await addEmployees(e.companyId, 1, { agency: 'FMCSA', status: 'inactive' });
    await addEmployees(e.companyId, 2, { agency: 'FAA' });
    await addEmployees(e.companyId, 1, { agency: null });
    const body = poolBody(e);
    const res = await post(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get('location')).toBe(`/api/v2/random-pools/${res.body.id}`);
    expect(res.body).toMatchObject({
      object: 'randomPool',
      name: body.name,
      kind: 'dot',
      agencies: [{ id: DEMO.agencies.FMCSA, code: 'FMCSA', object: 'agency' }],
      companies: [{ id: e.companyId, object: 'company' }],
      drugRate: 0.5,
      alcoholRate: 0.1,
      frequency: 'quarterly',
      packages: { drug: { id: e.drugPackageId, name: 'DOT urine' }, alcohol: { id: e.alcoholPackageId, name: 'DOT breath alcohol' } },
      isActive: true,
      // The active FMCSA employees: not the inactive one, the FAA ones or the non-DOT one.
      memberCount: 3,
      url: `/api/v2/random-pools/${res.body.id}`,
    });
    expect(res.body.selectionMethod).toMatch(/equal chance|same chance/i);
    expect(res.body.selectionMethod).toMatch(/no option to exclude, weight/);
    const [audit] = await db().select().from(auditEvents).where(and(eq(auditEvents.subjectType, 'randomPool'), eq(auditEvents.subjectId, res.body.id)));
    expect(audit).toMatchObject({ action: 'randomPool.created', actorType: 'token', tenantId: DEMO.tenants.acme.id });
  });

  it('a combined pool tests at the highest rate of its agencies: FAA + FMCSA at 25% is 400 tooSmall at /drugRate', async () => {
    const e = await anEmployer();
    const low = await post(poolBody(e, { agencies: [{ id: DEMO.agencies.FAA }, { id: DEMO.agencies.FMCSA }], drugRate: 0.25 }));
    const entry = expectError(low, 400, 'tooSmall', '/drugRate');
    expect(entry.detail).toMatch(/50%.*FMCSA/);
    expect((await post(poolBody(e, { agencies: [{ id: DEMO.agencies.FAA }], drugRate: 0.25 }))).status).toBe(201);
  });

  it('400 tooSmall at /alcoholRate below the minimum (or null where alcohol randoms are due); PHMSA/USCG pools take no alcohol rate', async () => {
    const e = await anEmployer();
    expectError(await post(poolBody(e, { alcoholRate: 0.05 })), 400, 'tooSmall', '/alcoholRate');
    expectError(await post(poolBody(e, { alcoholRate: null })), 400, 'tooSmall', '/alcoholRate');
    expectError(await post(poolBody(e, { agencies: [{ id: DEMO.agencies.PHMSA }], alcoholRate: 0.1 })), 400, 'invalidValue', '/alcoholRate');
    expect((await post(poolBody(e, { agencies: [{ id: DEMO.agencies.PHMSA }, { id: DEMO.agencies.USCG }], alcoholRate: null, packages: { drug: { id: e.drugPackageId } } }))).status).toBe(201);
  });

  it('kinds: dot needs agencies (400 required at /agencies); nonDot takes none (400 invalidValue); a non-DOT pool\'s members have no DOT coverage', async () => {
    const e = await newEmployer(await token());
    await addEmployees(e.companyId, 2, { agency: null });
    await addEmployees(e.companyId, 1, { agency: 'FMCSA' });
    expectError(await post(poolBody(e, { agencies: [] })), 400, 'required', '/agencies');
    expectError(await post(poolBody(e, { kind: 'nonDot' })), 400, 'invalidValue', '/agencies');
    const nonDot = await post(poolBody(e, { kind: 'nonDot', agencies: [], drugRate: 0.1, alcoholRate: null, packages: { drug: { id: e.nonDotPackageId } } }));
    expect(nonDot.status, JSON.stringify(nonDot.body)).toBe(201);
    expect(nonDot.body).toMatchObject({ kind: 'nonDot', agencies: [], memberCount: 2, drugRate: 0.1 });
  });

  it('companies of the principal (404 at /companies/<i>/id), packages of the pool\'s companies (404 at /packages/drug/id), known agencies', async () => {
    const e = await anEmployer();
    expectError(await post(poolBody(e, { companies: [{ id: e.companyId }, { id: DEMO.northwind.companies.primary }] })), 404, 'notFound', '/companies/1/id');
    const limited = await token({ companies: [DEMO.acme.companies.secondary] });
    expectError(await post(poolBody(e), limited), 404, 'notFound', '/companies/0/id');
    expectError(await post(poolBody(e, { packages: { drug: { id: DEMO.acme.packages.dot } } })), 404, 'notFound', '/packages/drug/id');
    expectError(await post(poolBody(e, { agencies: [{ id: 'nope' }] })), 400, 'invalidValue', '/agencies/0/id');
  });

  it('400 with pointers for shapes: a missing name, a rate above 1, an unknown frequency, an unknown member such as an exclusion list', async () => {
    const e = await anEmployer();
    const { name: _n, ...noName } = poolBody(e);
    expectError(await post(noName), 400, 'required', '/name');
    expectError(await post(poolBody(e, { drugRate: 1.5 })), 400, 'tooBig', '/drugRate');
    expectError(await post(poolBody(e, { frequency: 'weekly' })), 400, 'invalidValue', '/frequency');
    expectError(await post(poolBody(e, { excludedEmployees: [] })), 400, 'unrecognizedKeys', '/excludedEmployees');
  });
});

describe('GET and PATCH /api/v2/random-pools/{id}, GET /api/v2/random-pools', () => {
  it('reads back; PATCH changes the members sent, checks the minimum again, audits; inactive is kept', async () => {
    const e = await anEmployer();
    const made = await post(poolBody(e));
    const id = made.body.id;
    const read = await get(`/api/v2/random-pools/${id}`, { token: await token({ scopes: ['random.read'] }) });
    expect(read.body).toEqual(made.body);
    expectError(await patch(id, { drugRate: 0.4 }), 400, 'tooSmall', '/drugRate');
    const changed = await patch(id, { name: 'Renamed', drugRate: 0.6, frequency: 'monthly', isActive: false });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Renamed', drugRate: 0.6, frequency: 'monthly', isActive: false });
    const audits = await db().select().from(auditEvents).where(and(eq(auditEvents.subjectType, 'randomPool'), eq(auditEvents.subjectId, id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['randomPool.created', 'randomPool.updated']);
  });

  it('a consortium pool is seen only by a principal linked to every one of its companies', async () => {
    const t = await token();
    const a = await anEmployer();
    const b = await newEmployer(t);
    const consortium = await post(poolBody(a, { companies: [{ id: a.companyId }, { id: b.companyId }] }), t);
    expect(consortium.status, JSON.stringify(consortium.body)).toBe(201);
    const onlyA = await token({ companies: [a.companyId] });
    expectError(await get(`/api/v2/random-pools/${consortium.body.id}`, { token: onlyA }), 404, 'notFound');
    expect((await get(`/api/v2/random-pools/${consortium.body.id}`, { token: await token({ companies: [a.companyId, b.companyId] }) })).status).toBe(200);
    const listed = await get('/api/v2/random-pools', { token: onlyA, query: { limit: '20' } });
    expect(listed.body.data.map((p) => p.id)).not.toContain(consortium.body.id);
  });

  it('another tenant meets 404 for the pool and lists none of Acme\'s', async () => {
    const made = await post(poolBody(await anEmployer()));
    const foreign = await token({ tenant: 'northwind' });
    expectError(await get(`/api/v2/random-pools/${made.body.id}`, { token: foreign }), 404, 'notFound');
    expectError(await patch(made.body.id, { name: 'Mine now' }, foreign), 404, 'notFound');
    expect(JSON.stringify((await get('/api/v2/random-pools', { token: foreign })).body)).not.toContain(made.body.id);
  });
});
