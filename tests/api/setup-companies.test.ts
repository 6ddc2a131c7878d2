/** POST /api/v2/companies and PATCH /api/v2/companies/{id} (DESIGN.md 6.4). */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '@/lib/db/schema';
import { createCompany } from '@/lib/domain/companies';
import { DomainError } from '@/lib/domain/errors';
import { newId } from '@/lib/ids';
import { DEMO } from '@/lib/seed';
import { createTestUser } from './admins';
import { call, db, expectError, get, token, withTestDatabase } from './harness';
import { createOrder, orderBody } from './orders-fixtures';
import { describeAuthentication } from './shared';

withTestDatabase();

const address = { line1: '2100 Ross Ave', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' };
const unique = (name: string) => `${name} ${newId().slice(-6)}`;
const post = async (body: unknown, t?: string) => call('POST', '/api/v2/companies', { token: t ?? (await token()), body });
const patch = async (id: string, body: unknown, t?: string) => call('PATCH', `/api/v2/companies/${id}`, { token: t ?? (await token()), body });

async function audits(id: string) {
  return db().select().from(auditEvents).where(and(eq(auditEvents.subjectType, 'company'), eq(auditEvents.subjectId, id))).orderBy(asc(auditEvents.createdAt), asc(auditEvents.id));
}

describe('POST /api/v2/companies', () => {
  describeAuthentication('POST', () => '/api/v2/companies', 'company.write', { name: 'Scope check' });

  it('201 with Location, the Company with its defaults, an audit entry, and the new company usable at once', async () => {
    const t = await token();
    const name = unique('Lone Star Haulers');
    const res = await post({ name, phone: '+12145550100', address }, t);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get('location')).toBe(`/api/v2/companies/${res.body.id}`);
    expect(res.body).toMatchObject({
      object: 'company',
      name,
      phone: '+12145550100',
      address: { object: 'address', ...address, line2: null },
      isActive: true,
      backgroundCheckEnabled: false,
      orderMatching: { enabled: true, windowDays: 30 },
      url: `/api/v2/companies/${res.body.id}`,
    });
    const [entry] = await audits(res.body.id);
    expect(entry).toMatchObject({ action: 'company.created', actorType: 'token', tenantId: DEMO.tenants.acme.id, data: { name } });
    // The same tenant-wide token reads it and creates a location under it right away.
    expect((await get(`/api/v2/companies/${res.body.id}`, { token: t })).status).toBe(200);
    const location = await call('POST', '/api/v2/locations', { token: t, body: { company: { id: res.body.id }, name: 'Yard', address } });
    expect(location.status, JSON.stringify(location.body)).toBe(201);
  });

  it('a state code typed in lower case is stored and shown in upper case; a longer region name as given', async () => {
    const res = await post({ name: unique('Lowercase State'), address: { ...address, state: ' tx ' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.address?.state).toBe('TX');
    expect((await get(`/api/v2/companies/${res.body.id}`, { token: await token() })).body.address?.state).toBe('TX');
    const changed = await patch(res.body.id, { address: { ...address, state: 'ok', city: 'Tulsa', postalCode: '74103' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.address?.state).toBe('OK');
  });

  it('201 with only a name; settings given are stored', async () => {
    const res = await post({ name: unique('Minimal'), backgroundCheckEnabled: true, orderMatching: { enabled: false, windowDays: 7 } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ address: null, phone: null, backgroundCheckEnabled: true, orderMatching: { enabled: false, windowDays: 7 } });
  });

  it('400 invalidValue at /address/postalCode for an unknown US ZIP code, and nothing is created', async () => {
    const name = unique('Nowhere Inc');
    expectError(await post({ name, address: { ...address, postalCode: '00000' } }), 400, 'invalidValue', '/address/postalCode');
    expectError(await post({ name, address: { ...address, postalCode: 'ABCDE' } }), 400, 'invalidValue', '/address/postalCode');
    const listed = await get('/api/v2/companies', { token: await token(), query: { name } });
    expect(listed.body.total).toBe(0);
  });

  it('400 with pointers for a missing name, an unknown member, a bad phone and a window out of range', async () => {
    expectError(await post({}), 400, 'required', '/name');
    expectError(await post({ name: '   ' }), 400, 'tooSmall', '/name');
    expectError(await post({ name: 'X', color: 'red' }), 400, 'unrecognizedKeys', '/color');
    expectError(await post({ name: 'X', phone: '214-555-0100' }), 400, 'invalidFormat', '/phone');
    expectError(await post({ name: 'X', orderMatching: { windowDays: 366 } }), 400, 'tooBig', '/orderMatching/windowDays');
    expectError(await post({ name: 'X', address: { ...address, country: 'usa' } }), 400, 'invalidFormat', '/address/country');
  });

  it('403 insufficientScope for a company-limited token, even an admin one', async () => {
    const limited = await token({ companies: [DEMO.acme.companies.primary] });
    const entry = expectError(await post({ name: 'Not allowed' }, limited), 403, 'insufficientScope');
    expect(entry.detail).toMatch(/every company/);
  });

  it('403 for a company-limited dashboard admin; a tenant-wide one creates', async () => {
    const limited = await createTestUser(DEMO.tenants.acme.id, 'admin', [DEMO.acme.companies.primary]);
    await expect(createCompany({ ctx: limited.ctx, input: { name: 'Limited' } })).rejects.toSatisfy(
      (e) => e instanceof DomainError && e.entries[0].code === 'insufficientScope',
    );
    const wide = await createTestUser(DEMO.tenants.acme.id, 'admin', 'all');
    const { company } = await createCompany({ ctx: wide.ctx, input: { name: unique('From the dashboard') } });
    const [entry] = await audits(company.id);
    expect(entry).toMatchObject({ action: 'company.created', actorType: 'user', actorUserId: wide.id });
  });

  it('a company of another tenant stays invisible to it', async () => {
    const res = await post({ name: unique('Northwind only') }, await token({ tenant: 'northwind' }));
    expect(res.status).toBe(201);
    expectError(await get(`/api/v2/companies/${res.body.id}`, { token: await token() }), 404, 'notFound');
  });
});

describe('PATCH /api/v2/companies/{id}', () => {
  describeAuthentication('PATCH', () => `/api/v2/companies/${DEMO.acme.companies.tertiary}`, 'company.write', {});

  it('200 changes the members sent and keeps the others; one audit entry naming the changed members', async () => {
    const created = (await post({ name: unique('Patch me'), phone: '+12145550100', address })).body;
    const name = unique('Patched');
    const res = await patch(created.id, { name, orderMatching: { windowDays: 45 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, name, phone: '+12145550100', address: created.address, orderMatching: { enabled: true, windowDays: 45 } });
    const entries = await audits(created.id);
    expect(entries.map((e) => e.action)).toEqual(['company.created', 'company.updated']);
    expect(entries[1].data).toMatchObject({ changed: ['name', 'orderMatchingWindowDays'], name });
  });

  it('address null clears it; an unchanged body writes no audit entry', async () => {
    const created = (await post({ name: unique('Clear address'), address })).body;
    expect((await patch(created.id, { address: null })).body.address).toBeNull();
    expect((await patch(created.id, { address: null })).status).toBe(200);
    expect((await audits(created.id)).map((e) => e.action)).toEqual(['company.created', 'company.updated']);
  });

  it('isActive false deactivates (listed only with isActive=false, still readable), true reactivates; nothing deleted', async () => {
    const t = await token();
    const created = (await post({ name: unique('Seasonal') }, t)).body;
    const off = await patch(created.id, { isActive: false }, t);
    expect(off.body.isActive).toBe(false);
    const activeList = await get('/api/v2/companies', { token: t, query: { name: created.name } });
    expect(activeList.body.total).toBe(0);
    const inactiveList = await get('/api/v2/companies', { token: t, query: { name: created.name, isActive: 'false' } });
    expect(inactiveList.body.data.map((c: { id: string }) => c.id)).toEqual([created.id]);
    expect((await get(`/api/v2/companies/${created.id}`, { token: t })).body.isActive).toBe(false);
    expect((await patch(created.id, { isActive: true }, t)).body.isActive).toBe(true);
    expect((await audits(created.id)).map((e) => e.action)).toEqual(['company.created', 'company.deactivated', 'company.reactivated']);
  });

  it('a rename shows in the orders of the company', async () => {
    const t = await token();
    const company = (await post({ name: unique('Renamed Co') }, t)).body;
    const location = (await call('POST', '/api/v2/locations', { token: t, body: { company: { id: company.id }, name: 'Depot', address } })).body;
    const pkg = (await call('POST', '/api/v2/packages', { token: t, body: { name: 'Urine', company: { id: company.id }, services: [{ id: DEMO.acme.services.nonDotUrine }] } })).body;
    const order = await createOrder(orderBody({ location: { id: location.id }, package: { id: pkg.id } }), t);
    expect(order.company?.name).toBe(company.name);
    const name = unique('New name');
    await patch(company.id, { name }, t);
    expect((await get(`/api/v2/orders/${order.id}`, { token: t })).body.company?.name).toBe(name);
  });

  it('400 with pointers: unknown ZIP, empty name, unknown member', async () => {
    const id = DEMO.acme.companies.tertiary;
    expectError(await patch(id, { address: { ...address, postalCode: '99999' } }), 400, 'invalidValue', '/address/postalCode');
    expectError(await patch(id, { name: '' }), 400, 'tooSmall', '/name');
    expectError(await patch(id, { isActive: 'no' }), 400, 'invalidType', '/isActive');
    expectError(await patch(id, { company: { id } }), 400, 'unrecognizedKeys', '/company');
  });

  it('404 for another tenant\'s, an unlinked, a deleted and an unknown company, indistinguishably', async () => {
    const unknown = await patch('nope', { name: 'X' });
    expectError(unknown, 404, 'notFound');
    const foreign = await patch(DEMO.northwind.companies.primary, { name: 'X' });
    expect(foreign.body).toEqual(unknown.body);
    const unlinked = await patch(DEMO.acme.companies.primary, { name: 'X' }, await token({ companies: [DEMO.acme.companies.secondary] }));
    expect(unlinked.body).toEqual(unknown.body);
    expect((await patch(DEMO.acme.companies.deleted, { name: 'X' })).body).toEqual(unknown.body);
  });

  it('a company-limited admin changes its own company', async () => {
    const t = await token();
    const created = (await post({ name: unique('Own company') }, t)).body;
    const limited = await token({ companies: [created.id] });
    const res = await patch(created.id, { phone: '+12145550199' }, limited);
    expect(res.status).toBe(200);
    expect(res.body.phone).toBe('+12145550199');
  });
});
