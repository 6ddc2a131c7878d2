import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO } from '@/lib/seed';
import { rowsOf } from '@/lib/db/client';
import { db, expectError, get, token, withTestDatabase } from './harness';
import { describeAuthentication } from './shared';

withTestDatabase();

async function someClinic(tenantId: string, where = sql`true`) {
  const rows = rowsOf<{ id: string }>(await db().execute(sql`select id from clinics where tenant_id = ${tenantId} and ${where} order by id limit 1`));
  return rows[0].id;
}

describe('GET /api/v2/clinics/{id}', () => {
  describeAuthentication('GET', () => '/api/v2/clinics/x', 'clinic.read');

  it('200 returns a clinic of the tenant with every field of spec 2.10 and no distance', async () => {
    const id = await someClinic(DEMO.tenants.acme.id, sql`lat is not null and exists (select 1 from clinic_services cs where cs.clinic_id = clinics.id)`);
    const res = await get(`/api/v2/clinics/${id}`, { token: await token({ scopes: ['clinic.read'] }) });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['address', 'capabilities', 'coordinates', 'hours', 'id', 'isActive', 'name', 'object', 'phone', 'services', 'timeZone', 'url']);
    expect(res.body).toMatchObject({ id, object: 'clinic', url: `/api/v2/clinics/${id}` });
    expect(typeof res.body.coordinates!.lat).toBe('number'); // a clinic with lat (someClinic above)
    expect(typeof res.body.coordinates!.long).toBe('number');
    for (const s of res.body.services) expect(Object.keys(s).sort()).toEqual(['id', 'name', 'object', 'type', 'url']);
  });

  it('coordinates are null when no position is on file', async () => {
    const id = await someClinic(DEMO.tenants.acme.id, sql`lat is null`);
    const res = await get(`/api/v2/clinics/${id}`, { token: await token({ scopes: ['clinic.read'] }) });
    expect(res.body.coordinates).toBeNull();
  });

  it('lists only the services the token can order', async () => {
    const id = await someClinic(DEMO.tenants.acme.id, sql`exists (select 1 from clinic_services cs where cs.clinic_id = clinics.id)`);
    const all = await get(`/api/v2/clinics/${id}`, { token: await token({ scopes: ['clinic.read'] }) });
    const narrow = await get(`/api/v2/clinics/${id}`, { token: await token({ scopes: ['clinic.read', 'service.list'], companies: [] }) });
    expect(narrow.status).toBe(200);
    expect(narrow.body.services).toEqual([]);
    expect(all.body.services.length).toBeGreaterThanOrEqual(narrow.body.services.length);
  });

  it('404 for an unknown clinic and for another tenant\'s, indistinguishably', async () => {
    const t = await token({ scopes: ['clinic.read'] });
    const unknown = await get('/api/v2/clinics/nope', { token: t });
    expectError(unknown, 404, 'notFound');
    const foreign = await get(`/api/v2/clinics/${await someClinic(DEMO.tenants.northwind.id)}`, { token: t });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
  });
});
