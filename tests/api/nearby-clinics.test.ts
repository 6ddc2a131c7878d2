/**
 * GET /api/v2/locations/{id}/nearbyClinics (issue 28): the package editor's check, how many active
 * clinics near a location of the principal's companies offer every chosen service, and the nearest
 * five. `package.write` (admins); a location beyond the principal answers like a missing one.
 */
import { describe, expect, it } from 'vitest';
import { newId } from '@/lib/ids';
import { DEMO } from '@/lib/seed';
import { asUser, createTestUser } from './admins';
import { call, expectError, get, token, withTestDatabase } from './harness';
import { describeAuthentication } from './shared';

withTestDatabase();

const acme = DEMO.acme;
const path = (locationId: string) => `/api/v2/locations/${locationId}/nearbyClinics`;

describe('GET /api/v2/locations/{id}/nearbyClinics', () => {
  describeAuthentication('GET', () => `${path(acme.locations.primary)}?serviceIds=${acme.services.dotUrine}`, 'package.write');

  it('200: the clinics within 25 miles of the location offering every service, nearest first, as the clinic search counts them', async () => {
    const t = await token();
    const serviceIds = [acme.services.dotUrine, acme.services.dotBreathAlcohol];
    const res = await get(path(acme.locations.primary), { token: t, query: { serviceIds: serviceIds.join(',') } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const location = (await get(`/api/v2/locations/${acme.locations.primary}`, { token: t })).body;
    expect(res.body).toMatchObject({ object: 'nearbyClinics', postalCode: location.address.postalCode, radiusMiles: 25 });
    const search = await get('/api/v2/clinics', { token: t, query: { near: location.address.postalCode!, serviceIds: serviceIds.join(','), limit: 5 } });
    expect(res.body.total).toBe(search.body.total);
    expect(res.body.total).toBeGreaterThan(0);
    expect(res.body.clinics.map((c: { id: string }) => c.id)).toEqual(search.body.data.map((c: { id: string }) => c.id));
    const miles = res.body.clinics.map((c: { miles: number }) => c.miles);
    expect(miles).toEqual([...miles].sort((a: number, b: number) => a - b));
    // Repeated ids count once.
    const repeated = await get(path(acme.locations.primary), { token: t, query: { serviceIds: `${serviceIds.join(',')},${serviceIds[0]}` } });
    expect(repeated.body.total).toBe(res.body.total);
  });

  it('a service no clinic offers: none', async () => {
    const res = await get(path(acme.locations.primary), { token: await token(), query: { serviceIds: `${acme.services.dotUrine},${newId()}` } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 0, clinics: [] });
  });

  it('an admin\'s session, as the package editor calls it', async () => {
    const admin = await createTestUser(DEMO.tenants.acme.id, 'admin', [acme.companies.primary]);
    const res = await call('GET', `${path(acme.locations.primary)}?serviceIds=${acme.services.dotUrine}`, await asUser(admin));
    expect(res.status).toBe(200);
    const manager = await createTestUser(DEMO.tenants.acme.id, 'manager', 'all');
    expectError(await call('GET', `${path(acme.locations.primary)}?serviceIds=${acme.services.dotUrine}`, await asUser(manager)), 403, 'insufficientScope');
  });

  it('400 at /serviceIds: none, or more than a package holds', async () => {
    const t = await token();
    expectError(await get(path(acme.locations.primary), { token: t }), 400, 'required', '/serviceIds');
    expectError(await get(path(acme.locations.primary), { token: t, query: { serviceIds: ',' } }), 400, 'tooSmall', '/serviceIds');
    const many = Array.from({ length: 21 }, () => newId()).join(',');
    expectError(await get(path(acme.locations.primary), { token: t, query: { serviceIds: many } }), 400, 'tooBig', '/serviceIds');
  });

  it("404 for a location of another company (a company-limited token), of another tenant, or missing: the same answer", async () => {
    const query = { serviceIds: acme.services.dotUrine };
    const missing = await get(path(newId()), { token: await token(), query });
    expectError(missing, 404, 'notFound');
    const limited = await token({ companies: [acme.companies.secondary] });
    expect((await get(path(acme.locations.primary), { token: limited, query })).body).toEqual(missing.body);
    expect((await get(path(acme.locations.primary), { token: await token({ tenant: 'northwind' }), query })).body).toEqual(missing.body);
    expect((await get(path(DEMO.northwind.locations.primary), { token: await token(), query })).body).toEqual(missing.body);
  });
});
