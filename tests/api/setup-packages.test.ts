/** POST /api/v2/packages and PATCH /api/v2/packages/{id}; ordering an inactive package (DESIGN.md 6.4). */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '@/lib/db/schema';
import { DomainError } from '@/lib/domain/errors';
import { clinicsOfferingNear } from '@/lib/domain/packages/clinics-near';
import { newId } from '@/lib/ids';
import { DEMO } from '@/lib/seed';
import { createTestUser } from './admins';
import { call, db, expectError, get, token, withTestDatabase } from './harness';
import { createOrder, orderBody } from './orders-fixtures';
import { describeAuthentication } from './shared';

withTestDatabase();

const acme = DEMO.acme;
const services = acme.services;
const unique = (name: string) => `${name} ${newId().slice(-6)}`;
const body = (extra: Record<string, unknown> = {}) => ({
  name: unique('Pre-employment'),
  company: { id: acme.companies.primary },
  services: [{ id: services.nonDotUrine }, { id: services.hair5 }],
  ...extra,
});
const post = async (b: unknown, t?: string) => call('POST', '/api/v2/packages', { token: t ?? (await token()), body: b });
const patch = async (id: string, b: unknown, t?: string) => call('PATCH', `/api/v2/packages/${id}`, { token: t ?? (await token()), body: b });
const ids = (list: Array<{ id: string }>) => list.map((s) => s.id);

async function audits(id: string) {
  return db().select().from(auditEvents).where(and(eq(auditEvents.subjectType, 'package'), eq(auditEvents.subjectId, id))).orderBy(asc(auditEvents.createdAt), asc(auditEvents.id));
}

describe('POST /api/v2/packages', () => {
  describeAuthentication('POST', () => '/api/v2/packages', 'package.write', body());

  it('201 with Location header: a company package, services in order, an audit entry; listed and orderable', async () => {
    const t = await token();
    const input = body();
    const res = await post(input, t);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get('location')).toBe(`/api/v2/packages/${res.body.id}`);
    expect(res.body).toMatchObject({ object: 'package', name: input.name, company: { id: acme.companies.primary }, location: null, isDot: false, isActive: true });
    expect(ids(res.body.services)).toEqual([services.nonDotUrine, services.hair5]);
    const [entry] = await audits(res.body.id);
    expect(entry).toMatchObject({ action: 'package.created', data: { name: input.name, companyId: acme.companies.primary, locationId: null, serviceIds: [services.nonDotUrine, services.hair5] } });
    const listed = await get('/api/v2/packages', { token: t, query: { name: input.name } });
    expect(ids(listed.body.data)).toEqual([res.body.id]);
    const order = await createOrder(orderBody({ package: { id: res.body.id }, testReason: 'preEmployment' }), t);
    expect(order.packages.map((p: { id: string }) => p.id)).toEqual([res.body.id]);
  });

  it('201 a location package: available there only', async () => {
    const t = await token();
    const res = await post(body({ location: { id: acme.locations.participantChoiceOnly }, services: [{ id: services.nonDotUrine }] }), t);
    expect(res.status).toBe(201);
    expect(res.body.location).toMatchObject({ id: acme.locations.participantChoiceOnly, object: 'location' });
    const there = await get('/api/v2/packages', { token: t, query: { locationId: acme.locations.participantChoiceOnly, name: res.body.name } });
    expect(there.body.total).toBe(1);
    const elsewhere = await get('/api/v2/packages', { token: t, query: { locationId: acme.locations.primary, name: res.body.name } });
    expect(elsewhere.body.total).toBe(0);
  });

  it('400 invalidValue at /location/id for a location of another company', async () => {
    const entry = expectError(await post(body({ location: { id: acme.locations.secondary } })), 400, 'invalidValue', '/location/id');
    expect(entry.detail).toMatch(/another company/);
  });

  it('400 invalidValue at /services/<i>/id for a repeated service and for each unknown one (another tenant\'s too)', async () => {
    expectError(await post(body({ services: [{ id: services.nonDotUrine }, { id: services.nonDotUrine }] })), 400, 'invalidValue', '/services/1/id');
    const res = await post(body({ services: [{ id: services.nonDotUrine }, { id: 'nope' }, { id: DEMO.northwind.services.nonDotUrine }] }));
    expectError(res, 400, 'invalidValue', '/services/1/id');
    expect(res.body.errors.map((e) => e.source?.pointer)).toEqual(['/services/1/id', '/services/2/id']);
  });

  it('400 for no services, more than 20, a missing name or company', async () => {
    expectError(await post(body({ services: [] })), 400, 'tooSmall', '/services');
    expectError(await post(body({ services: Array.from({ length: 21 }, (_, i) => ({ id: `s${i}` })) })), 400, 'tooBig', '/services');
    expectError(await post({ company: { id: acme.companies.primary }, services: [{ id: services.nonDotUrine }] }), 400, 'required', '/name');
    expectError(await post({ name: 'X', services: [{ id: services.nonDotUrine }] }), 400, 'required', '/company');
    expectError(await post(body({ services: [{ id: services.nonDotUrine, name: 'x' }] })), 400, 'unrecognizedKeys', '/services/0/name');
  });

  it('404 at /company/id for another tenant\'s, an unlinked and an unknown company; 404 at /location/id for a foreign location', async () => {
    const unknown = await post(body({ company: { id: 'nope' } }));
    expectError(unknown, 404, 'notFound', '/company/id');
    expect((await post(body({ company: { id: DEMO.northwind.companies.primary } }))).body).toEqual(unknown.body);
    expect((await post(body(), await token({ companies: [acme.companies.secondary] }))).body).toEqual(unknown.body);
    expectError(await post(body({ location: { id: DEMO.northwind.locations.primary } })), 404, 'notFound', '/location/id');
  });
});

describe('PATCH /api/v2/packages/{id}', () => {
  describeAuthentication('PATCH', () => `/api/v2/packages/${acme.packages.secondaryDot}`, 'package.write', {});

  it('200 renames and replaces the services; the audit entry names both lists; orders placed keep their services', async () => {
    const t = await token();
    const created = (await post(body(), t)).body;
    const order = await createOrder(orderBody({ package: { id: created.id } }), t);
    const name = unique('Renamed package');
    const res = await patch(created.id, { name, services: [{ id: services.instant10 }, { id: services.dotUrine }] }, t);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.name).toBe(name);
    expect(ids(res.body.services)).toEqual([services.instant10, services.dotUrine]);
    expect(res.body.isDot).toBe(true);
    const entries = await audits(created.id);
    expect(entries.map((e) => e.action)).toEqual(['package.created', 'package.updated']);
    expect(entries[1].data).toMatchObject({ changed: ['name', 'services'], serviceIds: [services.instant10, services.dotUrine], serviceIdsBefore: [services.nonDotUrine, services.hair5] });
    const after = (await get(`/api/v2/orders/${order.id}`, { token: t })).body;
    expect(after.packages[0].name).toBe(name);
    expect(after.services.map((s: { name: string }) => s.name)).toEqual(order.services.map((s: { name: string }) => s.name));
  });

  it('400 for a repeated or unknown service and for an empty list', async () => {
    const id = acme.packages.secondaryDot;
    expectError(await patch(id, { services: [{ id: services.dotUrine }, { id: services.dotUrine }] }), 400, 'invalidValue', '/services/1/id');
    expectError(await patch(id, { services: [{ id: 'nope' }] }), 400, 'invalidValue', '/services/0/id');
    expectError(await patch(id, { services: [] }), 400, 'tooSmall', '/services');
    expectError(await patch(id, { location: null }), 400, 'unrecognizedKeys', '/location');
  });

  it('404 for another tenant\'s, an unlinked and an unknown package, indistinguishably', async () => {
    const unknown = await patch('nope', { name: 'X' });
    expectError(unknown, 404, 'notFound');
    expect((await patch(DEMO.northwind.packages.dot, { name: 'X' })).body).toEqual(unknown.body);
    expect((await patch(acme.packages.dot, { name: 'X' }, await token({ companies: [acme.companies.secondary] }))).body).toEqual(unknown.body);
  });
});

describe('an inactive package', () => {
  it('cannot be ordered: 422 packageInactive at /package; listed only with isActive=false; readable; reactivation orders again', async () => {
    const t = await token();
    const created = (await post(body(), t)).body;
    const placed = await createOrder(orderBody({ package: { id: created.id } }), t);
    const off = await patch(created.id, { isActive: false }, t);
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);

    const refused = await call('POST', '/api/v2/orders', { token: t, body: orderBody({ package: { id: created.id } }) });
    const entry = expectError(refused, 422, 'packageInactive', '/package');
    expect(entry.detail).toMatch(/deactivated/);

    expect((await get('/api/v2/packages', { token: t, query: { name: created.name } })).body.total).toBe(0);
    expect(ids((await get('/api/v2/packages', { token: t, query: { name: created.name, isActive: 'false' } })).body.data)).toEqual([created.id]);
    expect((await get(`/api/v2/packages/${created.id}`, { token: t })).body.isActive).toBe(false);
    // The order placed before is untouched.
    const before = (await get(`/api/v2/orders/${placed.id}`, { token: t })).body;
    expect(before.packages.map((p: { id: string }) => p.id)).toEqual([created.id]);
    expect(before.status).toBe(placed.status);

    expect((await patch(created.id, { isActive: true }, t)).body.isActive).toBe(true);
    expect((await call('POST', '/api/v2/orders', { token: t, body: orderBody({ package: { id: created.id } }) })).status).toBe(201);
    expect((await audits(created.id)).map((e) => e.action)).toEqual(['package.created', 'package.deactivated', 'package.reactivated']);
  });
});

describe('clinicsOfferingNear (the package editor\'s clinic check)', () => {
  it('counts the clinics near a location offering every service, nearest first, as the clinic search does', async () => {
    const admin = await createTestUser(DEMO.tenants.acme.id, 'admin', 'all');
    const serviceIds = [services.dotUrine, services.dotBreathAlcohol];
    const result = await clinicsOfferingNear(admin.ctx, { locationId: acme.locations.primary, serviceIds });
    const location = (await get(`/api/v2/locations/${acme.locations.primary}`, { token: await token() })).body;
    expect(result.postalCode).toBe(location.address.postalCode);
    const search = await get('/api/v2/clinics', { token: await token(), query: { near: location.address.postalCode!, serviceIds: serviceIds.join(','), limit: 5 } });
    expect(search.status).toBe(200);
    expect(result.total).toBe(search.body.total);
    expect(result.total).toBeGreaterThan(0);
    expect(result.clinics.map((c) => c.id)).toEqual(search.body.data.map((c: { id: string }) => c.id));
    const miles = result.clinics.map((c) => c.miles);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    for (const m of miles) expect(m).toBeLessThanOrEqual(result.radiusMiles);
  });

  it('a location outside the principal\'s companies is not found', async () => {
    const limited = await createTestUser(DEMO.tenants.acme.id, 'admin', [acme.companies.secondary]);
    await expect(clinicsOfferingNear(limited.ctx, { locationId: acme.locations.primary, serviceIds: [services.dotUrine] })).rejects.toSatisfy(
      (e) => e instanceof DomainError && e.entries[0].code === 'notFound',
    );
  });
});
