import { describe, expect, it } from 'vitest';
import { DEMO } from '@/lib/seed';
import { expectError, get, token, withTestDatabase } from './harness';
import { describeAuthentication, describePagination } from './shared';

withTestDatabase();

type Pkg = { id: string; name: string; isDot: boolean; company: { id: string } | null; location: { id: string } | null; services: Array<{ id: string; type: string }> };

async function all(t: string, query: Record<string, string> = {}) {
  const data: Pkg[] = [];
  for (let page = 1; ; page++) {
    const res = await get('/api/v2/packages', { token: t, query: { ...query, limit: '20', page: String(page) } });
    expect(res.status).toBe(200);
    data.push(...res.body.data);
    if (page * 20 >= res.body.total) return data;
  }
}

describe('GET /api/v2/packages', () => {
  describeAuthentication('GET', () => '/api/v2/packages', 'package.list');
  describePagination('/api/v2/packages', 'package.list');

  it('200 lists packages of linked companies by name with their services', async () => {
    const data = await all(await token({ scopes: ['package.list'] }));
    const ids = data.map((p) => p.id);
    expect(ids).toContain(DEMO.acme.packages.dot);
    expect(ids).toContain(DEMO.acme.packages.locationLevel);
    expect(ids).not.toContain(DEMO.northwind.packages.nonDot);
    const names = data.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const p of data) {
      expect(Object.keys(p).sort()).toEqual(['company', 'id', 'isActive', 'isDot', 'location', 'name', 'object', 'services', 'url']);
      expect(p.services.length).toBeGreaterThan(0);
      for (const s of p.services) expect(Object.keys(s).sort()).toEqual(['id', 'name', 'object', 'type', 'url']);
    }
    expect(data.find((p) => p.id === DEMO.acme.packages.dot)!.isDot).toBe(true);
    expect(data.find((p) => p.id === DEMO.acme.packages.nonDot)!.isDot).toBe(false);
    expect(data.find((p) => p.id === DEMO.acme.packages.backgroundOnly)!.services.every((s) => s.type === 'backgroundCheckService')).toBe(true);
  });

  it('filters by locationId: the location\'s own packages and its company\'s', async () => {
    const t = await token({ scopes: ['package.list', 'location.read'] });
    const location = (await get(`/api/v2/locations/${DEMO.acme.locations.primary}`, { token: t })).body;
    const data = await all(t, { locationId: DEMO.acme.locations.primary });
    expect(data.length).toBeGreaterThan(0);
    for (const p of data) {
      expect(p.company!.id).toBe(location.company.id);
      if (p.location) expect(p.location.id).toBe(DEMO.acme.locations.primary);
    }
  });

  it('filters by companyId and name', async () => {
    const t = await token({ scopes: ['package.list'] });
    for (const p of await all(t, { companyId: DEMO.acme.companies.secondary })) expect(p.company!.id).toBe(DEMO.acme.companies.secondary);
    for (const p of await all(t, { name: 'dot' })) expect(p.name.toLowerCase()).toContain('dot');
  });

  it('a token linked to one company never sees another company\'s packages', async () => {
    const t = await token({ scopes: ['package.list'], companies: [DEMO.acme.companies.secondary] });
    const data = await all(t);
    for (const p of data) expect(p.company!.id).toBe(DEMO.acme.companies.secondary);
  });
});

describe('GET /api/v2/packages/{id}', () => {
  describeAuthentication('GET', () => `/api/v2/packages/${DEMO.acme.packages.dot}`, 'package.read');

  it('200 returns the package', async () => {
    const res = await get(`/api/v2/packages/${DEMO.acme.packages.dot}`, { token: await token({ scopes: ['package.read'] }) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: DEMO.acme.packages.dot, object: 'package', isDot: true });
  });

  it('404 for unknown and foreign packages alike', async () => {
    const t = await token({ scopes: ['package.read'] });
    const unknown = await get('/api/v2/packages/nope', { token: t });
    expectError(unknown, 404, 'notFound');
    const foreign = await get(`/api/v2/packages/${DEMO.northwind.packages.nonDot}`, { token: t });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
  });
});
