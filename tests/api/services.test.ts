import { describe, expect, it } from 'vitest';
import { DEMO } from '@/lib/seed';
import { SERVICE_TYPES } from '@/lib/domain/services';
import { createToken } from '@/lib/domain/api-tokens/tokens';
import { addStandardCatalog, STANDARD_CATALOG } from '@/lib/seed/catalog';
import { seedIds } from '@/lib/seed/ids';
import { createTestTenant } from './admins';
import { db, expectError, get, token, withTestDatabase } from './harness';
import { describeAuthentication, describePagination } from './shared';

withTestDatabase();

type Svc = { id: string; name: string; type: string; isDot: boolean; attributes: { category: string | null; type: string | null } | null };

async function all(t: string, query: Record<string, string> = {}) {
  const data: Svc[] = [];
  for (let page = 1; ; page++) {
    const res = await get('/api/v2/services', { token: t, query: { ...query, limit: '20', page: String(page) } });
    expect(res.status).toBe(200);
    data.push(...res.body.data);
    if (page * 20 >= res.body.total) return data;
  }
}

describe('GET /api/v2/services', () => {
  describeAuthentication('GET', () => '/api/v2/services', 'service.list');
  describePagination('/api/v2/services', 'service.list');

  it('200 lists the catalog of the linked companies by name, with every field of spec 2.9', async () => {
    const data = await all(await token({ scopes: ['service.list'] }));
    expect(data.map((s) => s.id)).toContain(DEMO.acme.services.dotUrine);
    const names = data.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const s of data) {
      expect(Object.keys(s).sort()).toEqual(['attributes', 'id', 'isDot', 'name', 'object', 'type', 'url']);
      expect(SERVICE_TYPES).toContain(s.type);
      if (s.attributes !== null) expect(Object.keys(s.attributes).sort()).toEqual(['category', 'type']);
    }
    const dot = data.find((s) => s.id === DEMO.acme.services.dotUrine)!;
    expect(dot).toMatchObject({ isDot: true, type: 'labBasedToxicology', attributes: { type: 'urine' } });
    expect(data.some((s) => s.attributes === null)).toBe(true);
  });

  it('filters by type (exact) and by name (partial, case-insensitive)', async () => {
    const t = await token({ scopes: ['service.list'] });
    const bg = await all(t, { type: 'backgroundCheckService' });
    expect(bg.length).toBeGreaterThan(0);
    for (const s of bg) expect(s.type).toBe('backgroundCheckService');
    const named = await all(t, { name: 'dOt' });
    expect(named.length).toBeGreaterThan(0);
    for (const s of named) expect(s.name.toLowerCase()).toContain('dot');
  });

  it('400 invalidValue for an unknown type', async () => {
    expectError(await get('/api/v2/services', { token: await token({ scopes: ['service.list'] }), query: { type: 'massage' } }), 400, 'invalidValue', '/type');
  });

  it('another tenant sees its own catalog only', async () => {
    const acme = new Set((await all(await token({ scopes: ['service.list'] }))).map((s) => s.id));
    const northwind = await all(await token({ tenant: 'northwind', scopes: ['service.list'] }));
    expect(northwind.length).toBeGreaterThan(0);
    for (const s of northwind) expect(acme.has(s.id)).toBe(false);
  });
});

describe('GET /api/v2/services?catalog=true', () => {
  it('a new tenant\'s API client finds its whole catalog with catalog=true, while spec 4.5\'s list (no packages yet) is empty', async () => {
    const tenant = await createTestTenant();
    await addStandardCatalog(db(), tenant.id);
    const t = (await createToken(db(), { tenantId: tenant.id, name: 'test', scopes: ['service.list', 'package.write'], companyIds: 'all' })).token;
    const inPackages = await get('/api/v2/services', { token: t });
    expect(inPackages.status).toBe(200);
    expect(inPackages.body.total).toBe(0);
    const explicit = await get('/api/v2/services', { token: t, query: { catalog: 'false' } });
    expect(explicit.body.total).toBe(0);
    const catalog = await all(t, { catalog: 'true' });
    expect(catalog.length).toBe(STANDARD_CATALOG.length);
    expect(catalog.map((s) => s.name).sort()).toEqual(STANDARD_CATALOG.map((s) => s.name).sort());
    for (const s of catalog) expect(Object.keys(s).sort()).toEqual(['attributes', 'id', 'isDot', 'name', 'object', 'type', 'url']);
    // Filters and order apply to the catalog as they do to spec 4.5's list.
    const dot = await all(t, { catalog: 'true', name: 'dot' });
    expect(dot.map((s) => s.name)).toEqual(STANDARD_CATALOG.filter((s) => /dot/i.test(s.name)).map((s) => s.name).sort((a, b) => (a < b ? -1 : 1)));
  });

  it('lists services of the catalog that no package holds, and only the tenant\'s own', async () => {
    const t = await token({ scopes: ['service.list', 'package.write'] });
    const inPackages = new Set((await all(t)).map((s) => s.id));
    const catalog = await all(t, { catalog: 'true' });
    const ids = new Set(catalog.map((s) => s.id));
    for (const id of inPackages) expect(ids.has(id)).toBe(true);
    // The MVR check is in Acme's catalog and in none of its packages.
    const mvr = seedIds.service('acme', 'mvr');
    expect(inPackages.has(mvr)).toBe(false);
    expect(ids.has(mvr)).toBe(true);
    const northwind = await all(await token({ tenant: 'northwind', scopes: ['service.list', 'package.write'] }), { catalog: 'true' });
    expect(northwind.length).toBeGreaterThan(0);
    for (const s of northwind) expect(ids.has(s.id)).toBe(false);
  });

  it('403 insufficientScope at /catalog without package.write; catalog=false keeps spec 4.5 for that token', async () => {
    const t = await token({ scopes: ['service.list'] });
    const refused = expectError(await get('/api/v2/services', { token: t, query: { catalog: 'true' } }), 403, 'insufficientScope', '/catalog');
    expect(refused.meta).toEqual({ requiredScope: 'package.write' });
    expect((await get('/api/v2/services', { token: t, query: { catalog: 'false' } })).status).toBe(200);
  });

  it('400 invalidValue at /catalog for a value other than true or false', async () => {
    const t = await token({ scopes: ['service.list', 'package.write'] });
    for (const value of ['yes', '1', 'TRUE', '']) expectError(await get('/api/v2/services', { token: t, query: { catalog: value } }), 400, 'invalidValue', '/catalog');
  });
});

describe('GET /api/v2/services/{id}', () => {
  describeAuthentication('GET', () => `/api/v2/services/${DEMO.acme.services.dotUrine}`, 'service.read');

  it('200 returns a service entry', async () => {
    const res = await get(`/api/v2/services/${DEMO.acme.services.dotUrine}`, { token: await token({ scopes: ['service.read'] }) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: DEMO.acme.services.dotUrine, object: 'service', isDot: true, url: `/api/v2/services/${DEMO.acme.services.dotUrine}` });
  });

  it('404 for any failure, without revealing existence', async () => {
    const t = await token({ scopes: ['service.read'] });
    const unknown = await get('/api/v2/services/nope', { token: t });
    expectError(unknown, 404, 'notFound');
    const nwService = (await get('/api/v2/services', { token: await token({ tenant: 'northwind', scopes: ['service.list'] }) })).body.data[0].id;
    const foreign = await get(`/api/v2/services/${nwService}`, { token: t });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
  });
});
