/** The roster (DESIGN.md 7.1): GET/POST /api/v2/employees, GET/PATCH /api/v2/employees/{id}. */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, employees } from '@/lib/db/schema';
import { newId } from '@/lib/ids';
import { DEMO } from '@/lib/seed';
import { jobCategoryId } from '@/lib/seed/reference';
import { SCOPES } from '@/lib/domain/scopes';
import { call, db, expectError, get, token, withTestDatabase } from './harness';
import { describeAuthentication } from './shared';

withTestDatabase();

const acme = DEMO.acme;
const address = { line1: '2100 Ross Ave', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' };
const noParticipantRead = () => token({ scopes: SCOPES.filter((s) => s !== 'order.participant.read') });

/** A company of its own (so that lists count only this test's rows) with one location. */
async function ownCompany(t: string) {
  const company = await call('POST', '/api/v2/companies', { token: t, body: { name: `Roster ${newId().slice(-6)}`, address } });
  expect(company.status, JSON.stringify(company.body)).toBe(201);
  const location = await call('POST', '/api/v2/locations', { token: t, body: { company: { id: company.body.id }, name: 'Yard', address } });
  expect(location.status, JSON.stringify(location.body)).toBe(201);
  return { companyId: company.body.id as string, locationId: location.body.id as string };
}

const body = (companyId: string, extra: Record<string, unknown> = {}) => ({
  company: { id: companyId },
  externalId: `E-${newId().slice(-8)}`,
  firstName: 'Dana',
  lastName: 'Whitfield',
  ...extra,
});

const post = async (b: unknown, t?: string) => call('POST', '/api/v2/employees', { token: t ?? (await token()), body: b });
const patch = async (id: string, b: unknown, t?: string) => call('PATCH', `/api/v2/employees/${id}`, { token: t ?? (await token()), body: b });

async function audits(id: string) {
  return db().select().from(auditEvents).where(and(eq(auditEvents.subjectType, 'employee'), eq(auditEvents.subjectId, id))).orderBy(asc(auditEvents.createdAt), asc(auditEvents.id));
}

const today = () => new Date().toISOString().slice(0, 10);

describe('POST /api/v2/employees', () => {
  describeAuthentication('POST', () => '/api/v2/employees', 'employee.write', body(acme.companies.primary));

  it('201 with Location and the Employee; the CDL sealed at rest and masked without order.participant.read; an audit entry without the number', async () => {
    const t = await token();
    const { companyId, locationId } = await ownCompany(t);
    const res = await post(
      body(companyId, {
        externalId: 'D-100',
        location: { id: locationId },
        middleName: 'R',
        birthDate: '1984-02-29',
        email: 'dana@example.com',
        phone: '+12145550142',
        cdl: { number: 'tx1234567', state: 'tx' },
        dot: { agency: { id: DEMO.agencies.FMCSA } },
      }),
      t,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id;
    expect(res.headers.get('location')).toBe(`/api/v2/employees/${id}`);
    expect(res.body).toEqual({
      id,
      object: 'employee',
      url: `/api/v2/employees/${id}`,
      externalId: 'D-100',
      company: { id: companyId, name: expect.any(String), object: 'company', url: `/api/v2/companies/${companyId}` },
      location: { id: locationId, name: 'Yard', object: 'location', url: `/api/v2/locations/${locationId}` },
      firstName: 'Dana',
      middleName: 'R',
      lastName: 'Whitfield',
      birthDate: '1984-02-29',
      email: 'dana@example.com',
      phone: '+12145550142',
      cdl: { number: 'TX1234567', state: 'TX' },
      dot: { agency: { id: DEMO.agencies.FMCSA, code: 'FMCSA', object: 'agency', url: `/api/v2/agencies/${DEMO.agencies.FMCSA}` }, jobCategory: null },
      status: 'active',
      activeFrom: today(),
      activeTo: null,
      clearinghouse: { lastLimitedQueryOn: null, lastFullQueryOn: null, limitedConsentUntil: null, status: 'unknown' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [row] = await db().select().from(employees).where(eq(employees.id, id));
    expect(row.cdlNumberEncrypted).not.toContain('1234567');
    expect(row.cdlLast4).toBe('4567');
    const masked = await get(`/api/v2/employees/${id}`, { token: await noParticipantRead() });
    expect(masked.body.cdl).toEqual({ number: '•••• 4567', state: 'TX' });
    const [entry, ...more] = await audits(id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: 'employee.created', actorType: 'token', tenantId: DEMO.tenants.acme.id, data: { companyId, externalId: 'D-100' } });
    expect(JSON.stringify(entry.data)).not.toContain('1234567');
  });

  it('a non-DOT employee has dot null and cdl null; activeFrom as given; a job category of the agency', async () => {
    const t = await token();
    const { companyId } = await ownCompany(t);
    const plain = await post(body(companyId, { activeFrom: '2026-01-05' }), t);
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    expect(plain.body).toMatchObject({ dot: null, cdl: null, location: null, activeFrom: '2026-01-05', middleName: null, birthDate: null });
    const pilot = await post(body(companyId, { dot: { agency: { id: DEMO.agencies.FAA }, jobCategory: { id: jobCategoryId('FAA', 'flightCrewMember') } } }), t);
    expect(pilot.status, JSON.stringify(pilot.body)).toBe(201);
    expect(pilot.body.dot?.jobCategory).toMatchObject({ id: jobCategoryId('FAA', 'flightCrewMember'), object: 'jobCategory', name: 'Flight Crew Member' });
  });

  it('409 conflict at /externalId for an externalId the company has; the same externalId in another company is fine', async () => {
    const t = await token();
    const [a, b] = [await ownCompany(t), await ownCompany(t)];
    expect((await post(body(a.companyId, { externalId: 'DUP-1' }), t)).status).toBe(201);
    expectError(await post(body(a.companyId, { externalId: 'DUP-1', firstName: 'Other' }), t), 409, 'conflict', '/externalId');
    expect((await post(body(b.companyId, { externalId: 'DUP-1' }), t)).status).toBe(201);
  });

  it('400 invalidValue at /location/id for another company\'s location, at /dot/agency/id and /dot/jobCategory/id for coverage that does not exist', async () => {
    const t = await token();
    const { companyId } = await ownCompany(t);
    expectError(await post(body(companyId, { location: { id: acme.locations.primary } }), t), 400, 'invalidValue', '/location/id');
    expectError(await post(body(companyId, { dot: { agency: { id: 'nope' } } }), t), 400, 'invalidValue', '/dot/agency/id');
    expectError(
      await post(body(companyId, { dot: { agency: { id: DEMO.agencies.FMCSA }, jobCategory: { id: jobCategoryId('FAA', 'flightCrewMember') } } }), t),
      400,
      'invalidValue',
      '/dot/jobCategory/id',
    );
    const listed = await get('/api/v2/employees', { token: t, query: { companyId } });
    expect(listed.body.total).toBe(0);
  });

  it('400 with pointers for missing and malformed members', async () => {
    const t = await token();
    expectError(await post({ company: { id: acme.companies.primary }, firstName: 'A', lastName: 'B' }, t), 400, 'required', '/externalId');
    expectError(await post(body(acme.companies.primary, { firstName: '  ' }), t), 400, 'tooSmall', '/firstName');
    expectError(await post(body(acme.companies.primary, { birthDate: '2099-01-01' }), t), 400, 'invalidValue', '/birthDate');
    expectError(await post(body(acme.companies.primary, { phone: '+15551234567' }), t), 400, 'invalidValue', '/phone');
    expectError(await post(body(acme.companies.primary, { cdl: { number: 'X', state: 'TX' } }), t), 400, 'invalidFormat', '/cdl/number');
    expectError(await post(body(acme.companies.primary, { cdl: { number: 'D1234567', state: 'Texas' } }), t), 400, 'invalidFormat', '/cdl/state');
    expectError(await post(body(acme.companies.primary, { activeFrom: '2026-02-30' }), t), 400, 'invalidFormat', '/activeFrom');
    expectError(await post(body(acme.companies.primary, { ssn: '123' }), t), 400, 'unrecognizedKeys', '/ssn');
  });

  it('404 notFound at /company/id for a company the principal is not linked to, or of another tenant', async () => {
    const limited = await token({ companies: [acme.companies.secondary] });
    expectError(await post(body(acme.companies.primary), limited), 404, 'notFound', '/company/id');
    expectError(await post(body(acme.companies.primary), await token({ tenant: 'northwind' })), 404, 'notFound', '/company/id');
    expect((await post(body(acme.companies.secondary), limited)).status).toBe(201);
  });
});

describe('GET /api/v2/employees', () => {
  describeAuthentication('GET', () => '/api/v2/employees', 'employee.list');

  it('the page envelope ordered by last name, first name, id; filters search (name, "Last, First", externalId), locationId, agencyId, status', async () => {
    const t = await token();
    const { companyId, locationId } = await ownCompany(t);
    const make = async (extra: Record<string, unknown>) => {
      const res = await post(body(companyId, extra), t);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as string;
    };
    const zoe = await make({ externalId: 'Z-9', firstName: 'Zoe', lastName: 'adams', location: { id: locationId }, dot: { agency: { id: DEMO.agencies.FMCSA } } });
    const bob = await make({ externalId: 'B-1', firstName: 'Bob', lastName: 'Adams' });
    const carl = await make({ externalId: 'C-7', firstName: 'Carl', middleName: 'Quincy', lastName: 'Baker', dot: { agency: { id: DEMO.agencies.FTA } } });
    expect((await patch(carl, { status: 'inactive' }, t)).status).toBe(200);
    const ids = async (query: Record<string, string>) => {
      const res = await get('/api/v2/employees', { token: t, query: { companyId, ...query } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.map((e: { id: string }) => e.id);
    };
    const all = await get('/api/v2/employees', { token: t, query: { companyId, limit: '2' } });
    expect(all.body).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(all.body.data.map((e: { id: string }) => e.id)).toEqual([bob, zoe]);
    expect(await ids({ search: 'adams' })).toEqual([bob, zoe]);
    expect(await ids({ search: 'Adams, Zo' })).toEqual([zoe]);
    expect(await ids({ search: 'quincy baker' })).toEqual([carl]);
    expect(await ids({ search: 'C-7' })).toEqual([carl]);
    expect(await ids({ locationId })).toEqual([zoe]);
    expect(await ids({ agencyId: DEMO.agencies.FMCSA })).toEqual([zoe]);
    expect(await ids({ status: 'inactive' })).toEqual([carl]);
    expect(await ids({ status: 'active' })).toEqual([bob, zoe]);
  });

  it('400 for a limit over 20, an unknown status and an unknown parameter', async () => {
    const t = await token();
    expectError(await get('/api/v2/employees', { token: t, query: { limit: '21' } }), 400, 'tooBig', '/limit');
    expectError(await get('/api/v2/employees', { token: t, query: { status: 'retired' } }), 400, 'invalidValue', '/status');
  });

  it('a principal limited to some companies lists only their employees', async () => {
    const t = await token();
    const mine = await post(body(acme.companies.secondary, { lastName: `Iso${newId().slice(-6)}` }), t);
    const theirs = await post(body(acme.companies.primary, { lastName: mine.body.lastName }), t);
    const limited = await token({ companies: [acme.companies.secondary] });
    const res = await get('/api/v2/employees', { token: limited, query: { search: mine.body.lastName } });
    expect(res.body.data.map((e: { id: string }) => e.id)).toEqual([mine.body.id]);
    expect((await get('/api/v2/employees', { token: limited, query: { companyId: acme.companies.primary } })).body.total).toBe(0);
    expect(theirs.status).toBe(201);
  });
});

describe('GET /api/v2/employees/{id}', () => {
  describeAuthentication('GET', () => `/api/v2/employees/${acme.companies.primary}`, 'employee.read');

  it('the CDL in full with order.participant.read, masked without; 404 for another company\'s principal and another tenant', async () => {
    const t = await token();
    const made = await post(body(acme.companies.primary, { cdl: { number: 'A9876543', state: 'OK' } }), t);
    const id = made.body.id;
    expect((await get(`/api/v2/employees/${id}`, { token: t })).body.cdl).toEqual({ number: 'A9876543', state: 'OK' });
    expect((await get(`/api/v2/employees/${id}`, { token: await noParticipantRead() })).body.cdl).toEqual({ number: '•••• 6543', state: 'OK' });
    const listed = await get('/api/v2/employees', { token: await noParticipantRead(), query: { search: made.body.externalId } });
    expect(listed.body.data[0].cdl).toEqual({ number: '•••• 6543', state: 'OK' });
    expectError(await get(`/api/v2/employees/${id}`, { token: await token({ companies: [acme.companies.secondary] }) }), 404, 'notFound');
    expectError(await get(`/api/v2/employees/${id}`, { token: await token({ tenant: 'northwind' }) }), 404, 'notFound');
  });
});

describe('PATCH /api/v2/employees/{id}', () => {
  describeAuthentication('PATCH', () => `/api/v2/employees/${acme.companies.primary}`, 'employee.write', { firstName: 'X' });

  it('the members sent change; status inactive sets activeTo (today or given), active clears it; each change audited', async () => {
    const t = await token();
    const { companyId, locationId } = await ownCompany(t);
    const made = await post(body(companyId, { activeFrom: '2025-03-01', cdl: { number: 'B1111222', state: 'TX' } }), t);
    const id = made.body.id;
    const renamed = await patch(id, { lastName: 'Whitfield-Ng', location: { id: locationId }, dot: { agency: { id: DEMO.agencies.FMCSA } } }, t);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ lastName: 'Whitfield-Ng', firstName: 'Dana', location: { id: locationId }, dot: { agency: { code: 'FMCSA' } }, cdl: { number: 'B1111222' } });
    const off = await patch(id, { status: 'inactive' }, t);
    expect(off.body).toMatchObject({ status: 'inactive', activeTo: today() });
    const dated = await patch(id, { activeTo: '2026-06-30' }, t);
    expect(dated.body).toMatchObject({ status: 'inactive', activeTo: '2026-06-30' });
    const on = await patch(id, { status: 'active' }, t);
    expect(on.body).toMatchObject({ status: 'active', activeTo: null });
    const unchanged = await patch(id, { status: 'active', cdl: { number: 'B1111222', state: 'TX' } }, t);
    expect(unchanged.status).toBe(200);
    const newCdl = await patch(id, { cdl: { number: 'B9999000', state: 'TX' } }, t);
    expect(newCdl.body.cdl?.number).toBe('B9999000');
    const trail = await audits(id);
    expect(trail.map((a) => a.action)).toEqual(['employee.created', 'employee.updated', 'employee.deactivated', 'employee.updated', 'employee.reactivated', 'employee.updated']);
    expect(trail[1].data).toEqual({ changed: ['locationId', 'lastName', 'agencyId'] });
    expect(trail[5].data).toEqual({ changed: ['cdl'] });
    expect(JSON.stringify(trail.map((a) => a.data))).not.toContain('9999000');
  });

  it('400 invalidValue at /activeTo for an active employee or before activeFrom; 409 for a taken externalId; 404 for another company', async () => {
    const t = await token();
    const { companyId } = await ownCompany(t);
    const a = await post(body(companyId, { externalId: 'P-1', activeFrom: '2026-01-01' }), t);
    await post(body(companyId, { externalId: 'P-2' }), t);
    expectError(await patch(a.body.id, { activeTo: '2026-02-01' }, t), 400, 'invalidValue', '/activeTo');
    expectError(await patch(a.body.id, { status: 'inactive', activeTo: '2025-12-31' }, t), 400, 'invalidValue', '/activeTo');
    expectError(await patch(a.body.id, { externalId: 'P-2' }, t), 409, 'conflict', '/externalId');
    expectError(await patch(a.body.id, { company: { id: acme.companies.primary } }, t), 400, 'unrecognizedKeys', '/company');
    const theirs = await post(body(acme.companies.primary), t);
    expectError(await patch(theirs.body.id, { firstName: 'X' }, await token({ companies: [acme.companies.secondary] })), 404, 'notFound');
    expect((await get(`/api/v2/employees/${a.body.id}`, { token: t })).body).toMatchObject({ status: 'active', externalId: 'P-1' });
  });
});
