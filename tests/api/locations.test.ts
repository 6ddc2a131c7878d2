import { describe, expect, it } from 'vitest';
import { DEMO } from '@/lib/seed';
import { expectError, get, token, withTestDatabase } from './harness';
import { describeAuthentication, describePagination } from './shared';

withTestDatabase();

const locationFields = ['address', 'company', 'createdAt', 'feeCap', 'id', 'isActive', 'name', 'object', 'orderMatching', 'phone', 'scheduleStrategies', 'url'];
type Loc = { id: string; name: string; company: { id: string }; address: { city: string | null; state: string | null } };

async function all(t: string, query: Record<string, string> = {}): Promise<{ data: Loc[]; total: number }> {
  const data: Loc[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const res = await get('/api/v2/locations', { token: t, query: { ...query, limit: '20', page: String(page) } });
    expect(res.status).toBe(200);
    data.push(...res.body.data);
    total = res.body.total;
    if (page * 20 >= total) break;
  }
  return { data, total };
}

describe('GET /api/v2/locations', () => {
  describeAuthentication('GET', () => '/api/v2/locations', 'location.list');
  describePagination('/api/v2/locations', 'location.list');

  it('200 lists active locations of active linked companies, ordered by name, every field of spec 2.8', async () => {
    const { data, total } = await all(await token({ scopes: ['location.list'] }));
    expect(data.length).toBe(total);
    const ids = data.map((l) => l.id);
    expect(ids).toContain(DEMO.acme.locations.primary);
    expect(ids).not.toContain(DEMO.acme.locations.inactive);
    expect(ids).not.toContain(DEMO.northwind.locations.primary);
    const companies = new Set(data.map((l) => l.company.id));
    expect(companies.has(DEMO.acme.companies.inactive)).toBe(false);
    expect(companies.has(DEMO.acme.companies.deleted)).toBe(false);
    const names = data.map((l) => l.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const l of data) {
      expect(Object.keys(l).sort()).toEqual(locationFields);
      expect(l).toMatchObject({ object: 'location', url: `/api/v2/locations/${l.id}`, address: { object: 'address' } });
      expect(Object.keys(l.company).sort()).toEqual(['id', 'name', 'object', 'url']);
    }
  });

  it('filters by companyId; an inactive, deleted, unlinked or unknown company gives an empty page', async () => {
    const t = await token({ scopes: ['location.list'] });
    const { data } = await all(t, { companyId: DEMO.acme.companies.primary });
    expect(data.length).toBeGreaterThan(0);
    for (const l of data) expect(l.company.id).toBe(DEMO.acme.companies.primary);
    for (const companyId of [DEMO.acme.companies.inactive, DEMO.acme.companies.deleted, DEMO.northwind.companies.primary, 'nope']) {
      const res = await get('/api/v2/locations', { token: t, query: { companyId } });
      expect(res.body).toEqual({ data: [], total: 0, page: 1, limit: 10 });
    }
    const linkedToSecondary = await token({ scopes: ['location.list'], companies: [DEMO.acme.companies.secondary] });
    const res = await get('/api/v2/locations', { token: linkedToSecondary, query: { companyId: DEMO.acme.companies.primary } });
    expect(res.body.total).toBe(0);
  });

  it('filters by city (partial, case-insensitive) and state (exact, case-insensitive)', async () => {
    const t = await token({ scopes: ['location.list'] });
    const { data } = await all(t);
    const sample = data[0];
    const city = sample.address.city!;
    const byCity = await all(t, { city: city.slice(0, 3).toUpperCase() });
    expect(byCity.data.map((l) => l.id)).toContain(sample.id);
    for (const l of byCity.data) expect(l.address.city!.toLowerCase()).toContain(city.slice(0, 3).toLowerCase());
    const state = sample.address.state!;
    const byState = await all(t, { state: state.toLowerCase() });
    expect(byState.data.map((l) => l.id)).toContain(sample.id);
    for (const l of byState.data) expect(l.address.state).toBe(state);
    const partialState = await get('/api/v2/locations', { token: t, query: { state: state.slice(0, 1) } });
    expect(partialState.body.data.every((l: Loc) => l.address.state!.length === 1)).toBe(true);
  });

  it('treats LIKE wildcards in filters literally', async () => {
    const t = await token({ scopes: ['location.list'] });
    expect((await get('/api/v2/locations', { token: t, query: { name: '%' } })).body.total).toBe(0);
    expect((await get('/api/v2/locations', { token: t, query: { city: '_' } })).body.total).toBe(0);
  });

  it('400 for filters outside 1..255 characters', async () => {
    const t = await token({ scopes: ['location.list'] });
    expectError(await get('/api/v2/locations', { token: t, query: { city: '' } }), 400, 'tooSmall', '/city');
    expectError(await get('/api/v2/locations', { token: t, query: { state: 'x'.repeat(256) } }), 400, 'tooBig', '/state');
  });

  it('a token linked to one company never sees another company\'s locations', async () => {
    const t = await token({ scopes: ['location.list'], companies: [DEMO.acme.companies.secondary] });
    const { data } = await all(t);
    expect(data.length).toBeGreaterThan(0);
    for (const l of data) expect(l.company.id).toBe(DEMO.acme.companies.secondary);
  });
});

describe('GET /api/v2/locations/{id}', () => {
  describeAuthentication('GET', () => `/api/v2/locations/${DEMO.acme.locations.primary}`, 'location.read');

  it('200 returns the location', async () => {
    const res = await get(`/api/v2/locations/${DEMO.acme.locations.primary}`, { token: await token({ scopes: ['location.read'] }) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: DEMO.acme.locations.primary, object: 'location', company: { id: DEMO.acme.companies.primary, object: 'company' } });
    expect(Object.keys(res.body).sort()).toEqual(locationFields);
  });

  it('404 for unknown, foreign-tenant and unlinked-company locations, indistinguishably', async () => {
    const t = await token({ scopes: ['location.read'], companies: [DEMO.acme.companies.primary] });
    const unknown = await get('/api/v2/locations/unknown-id', { token: t });
    expectError(unknown, 404, 'notFound');
    for (const id of [DEMO.northwind.locations.primary, DEMO.acme.locations.secondary]) {
      const res = await get(`/api/v2/locations/${id}`, { token: t });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(unknown.body);
    }
  });
});
