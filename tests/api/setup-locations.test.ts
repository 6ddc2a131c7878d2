/** POST /api/v2/locations and PATCH /api/v2/locations/{id} (DESIGN.md 6.4). */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '@/lib/db/schema';
import { newId } from '@/lib/ids';
import { DEMO } from '@/lib/seed';
import { call, db, expectError, get, token, withTestDatabase } from './harness';
import { createOrder, orderBody } from './orders-fixtures';
import { describeAuthentication } from './shared';

withTestDatabase();

const acme = DEMO.acme;
const address = { line1: '500 W 2nd St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' };
const unique = (name: string) => `${name} ${newId().slice(-6)}`;
const body = (extra: Record<string, unknown> = {}) => ({ company: { id: acme.companies.primary }, name: unique('North Yard'), address, ...extra });
const post = async (b: unknown, t?: string) => call('POST', '/api/v2/locations', { token: t ?? (await token()), body: b });
const patch = async (id: string, b: unknown, t?: string) => call('PATCH', `/api/v2/locations/${id}`, { token: t ?? (await token()), body: b });

async function audits(id: string) {
  return db().select().from(auditEvents).where(and(eq(auditEvents.subjectType, 'location'), eq(auditEvents.subjectId, id))).orderBy(asc(auditEvents.createdAt), asc(auditEvents.id));
}

describe('POST /api/v2/locations', () => {
  describeAuthentication('POST', () => '/api/v2/locations', 'location.write', body());

  it('201 with Location header, the Location with defaults, an audit entry; listed and orderable at once', async () => {
    const t = await token();
    const input = body({ phone: '+15125550100' });
    const res = await post(input, t);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get('location')).toBe(`/api/v2/locations/${res.body.id}`);
    expect(res.body).toMatchObject({
      object: 'location',
      name: input.name,
      phone: '+15125550100',
      address: { object: 'address', ...address, line2: null },
      company: { id: acme.companies.primary, object: 'company' },
      isActive: true,
      scheduleStrategies: ['participantChoice', 'nearestClinic', 'clinic'],
      feeCap: null,
      orderMatching: null,
    });
    expect((await audits(res.body.id)).map((e) => [e.action, e.data])).toEqual([['location.created', { name: input.name, companyId: acme.companies.primary }]]);
    const listed = await get('/api/v2/locations', { token: t, query: { name: input.name } });
    expect(listed.body.data.map((l: { id: string }) => l.id)).toEqual([res.body.id]);
    const order = await createOrder(orderBody({ location: { id: res.body.id } }), t);
    expect(order.location?.id).toBe(res.body.id);
  });

  it('a state code typed in lower case is stored in upper case', async () => {
    const res = await post(body({ address: { ...address, state: 'tx' } }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.address.state).toBe('TX');
  });

  it('201 stores schedule strategies, a fee cap in dollars and an order-matching override', async () => {
    const res = await post(body({ scheduleStrategies: ['clinic'], feeCap: 85.5, orderMatching: { enabled: false } }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ scheduleStrategies: ['clinic'], feeCap: 85.5, orderMatching: { enabled: false, windowDays: 30 } });
  });

  it('400 invalidValue at /address/postalCode for an unknown US ZIP code, and nothing is created', async () => {
    const input = body({ address: { ...address, postalCode: '00001' } });
    const entry = expectError(await post(input), 400, 'invalidValue', '/address/postalCode');
    expect(entry.detail).toContain('00001');
    expect((await get('/api/v2/locations', { token: await token(), query: { name: input.name } })).body.total).toBe(0);
  });

  it('400 with pointers for missing and malformed members', async () => {
    expectError(await post({ company: { id: acme.companies.primary }, name: 'X' }), 400, 'required', '/address');
    expectError(await post({ name: 'X', address }), 400, 'required', '/company');
    expectError(await post(body({ address: { ...address, city: undefined } })), 400, 'required', '/address/city');
    expectError(await post(body({ scheduleStrategies: [] })), 400, 'tooSmall', '/scheduleStrategies');
    expectError(await post(body({ scheduleStrategies: ['walkIn'] })), 400, 'invalidValue', '/scheduleStrategies/0');
    expectError(await post(body({ scheduleStrategies: ['clinic', 'clinic'] })), 400, 'invalidValue', '/scheduleStrategies');
    expectError(await post(body({ feeCap: -1 })), 400, 'tooSmall', '/feeCap');
    expectError(await post(body({ feeCap: 10.005 })), 400, 'notMultipleOf', '/feeCap');
  });

  it('404 notFound at /company/id for another tenant\'s, an unlinked, a deleted and an unknown company', async () => {
    const unknown = await post(body({ company: { id: 'nope' } }));
    expectError(unknown, 404, 'notFound', '/company/id');
    expect((await post(body({ company: { id: DEMO.northwind.companies.primary } }))).body).toEqual(unknown.body);
    expect((await post(body({ company: { id: acme.companies.deleted } }))).body).toEqual(unknown.body);
    const limited = await token({ companies: [acme.companies.secondary] });
    expect((await post(body(), limited)).body).toEqual(unknown.body);
    // ...while the limited admin creates under its own company.
    expect((await post(body({ company: { id: acme.companies.secondary } }), limited)).status).toBe(201);
  });
});

describe('PATCH /api/v2/locations/{id}', () => {
  describeAuthentication('PATCH', () => `/api/v2/locations/${acme.locations.secondary}`, 'location.write', {});

  it('200 changes the members sent, keeps the others; audit entry; a rename shows in its orders', async () => {
    const t = await token();
    const created = (await post(body({ feeCap: 100 }), t)).body;
    const order = await createOrder(orderBody({ location: { id: created.id } }), t);
    const name = unique('South Yard');
    const res = await patch(created.id, { name, feeCap: null, scheduleStrategies: ['participantChoice'] }, t);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name, feeCap: null, scheduleStrategies: ['participantChoice'], address: created.address, company: created.company });
    const entries = await audits(created.id);
    expect(entries.map((e) => e.action)).toEqual(['location.created', 'location.updated']);
    expect(entries[1].data).toMatchObject({ changed: ['name', 'scheduleStrategies', 'feeCapCents'], name });
    expect((await get(`/api/v2/orders/${order.id}`, { token: t })).body.location?.name).toBe(name);
  });

  it('isActive false deactivates: not listed (but with isActive=false), readable, no new orders; orders placed are untouched', async () => {
    const t = await token();
    const created = (await post(body(), t)).body;
    const order = await createOrder(orderBody({ location: { id: created.id } }), t);
    expect((await patch(created.id, { isActive: false }, t)).body.isActive).toBe(false);
    expect((await get('/api/v2/locations', { token: t, query: { name: created.name } })).body.total).toBe(0);
    expect((await get('/api/v2/locations', { token: t, query: { name: created.name, isActive: 'false' } })).body.total).toBe(1);
    expect((await get(`/api/v2/locations/${created.id}`, { token: t })).body.isActive).toBe(false);
    expectError(await call('POST', '/api/v2/orders', { token: t, body: orderBody({ location: { id: created.id } }) }), 404, 'notFound', '/location/id');
    expect((await get(`/api/v2/orders/${order.id}`, { token: t })).status).toBe(200);
    expect((await patch(created.id, { isActive: true }, t)).body.isActive).toBe(true);
    expect((await audits(created.id)).map((e) => e.action)).toEqual(['location.created', 'location.deactivated', 'location.reactivated']);
  });

  it('400 with pointers: unknown ZIP, address null, company not changeable', async () => {
    const id = acme.locations.secondary;
    expectError(await patch(id, { address: { ...address, postalCode: '12' } }), 400, 'invalidValue', '/address/postalCode');
    expectError(await patch(id, { address: null }), 400, 'invalidType', '/address');
    expectError(await patch(id, { company: { id: acme.companies.primary } }), 400, 'unrecognizedKeys', '/company');
  });

  it('404 for another tenant\'s, an unlinked and an unknown location, indistinguishably', async () => {
    const unknown = await patch('nope', { name: 'X' });
    expectError(unknown, 404, 'notFound');
    expect((await patch(DEMO.northwind.locations.primary, { name: 'X' })).body).toEqual(unknown.body);
    expect((await patch(acme.locations.primary, { name: 'X' }, await token({ companies: [acme.companies.secondary] }))).body).toEqual(unknown.body);
  });
});
