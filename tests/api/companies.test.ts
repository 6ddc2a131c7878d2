import { describe, expect, it } from 'vitest';
import { companies } from '@/lib/db/schema';
import { DEMO } from '@/lib/seed';
import { expectError, get, token, withTablesStill, withTestDatabase } from './harness';
import { describeAuthentication, describePagination } from './shared';

withTestDatabase();

// Spec 2.7's fields, and participantLanguage: issue 29's addition (docs/api.md).
const companyFields = ['address', 'backgroundCheckEnabled', 'createdAt', 'id', 'isActive', 'name', 'object', 'orderMatching', 'participantLanguage', 'phone', 'url'];

describe('GET /api/v2/companies', () => {
  describeAuthentication('GET', () => '/api/v2/companies', 'company.list');
  describePagination('/api/v2/companies', 'company.list');

  it('200 lists the active linked companies by name, with every field of spec 2.7', async () => {
    // Every page, while no other test file adds or changes companies (they add them to the shared
    // PostgreSQL tenant, and one added between two pages would shift the second).
    const t = await token({ scopes: ['company.list'] });
    const res = await withTablesStill([companies], async () => {
      const first = await get('/api/v2/companies', { token: t, query: { limit: 20 } });
      expect(first.status).toBe(200);
      const data = [...first.body.data];
      for (let page = 2; data.length < first.body.total; page++) {
        const next = await get('/api/v2/companies', { token: t, query: { limit: 20, page } });
        expect(next.status).toBe(200);
        data.push(...next.body.data);
      }
      return { body: { data, total: first.body.total } };
    });
    const ids = res.body.data.map((c: { id: string }) => c.id);
    expect(ids).toContain(DEMO.acme.companies.primary);
    expect(ids).toContain(DEMO.acme.companies.secondary);
    expect(ids).not.toContain(DEMO.acme.companies.inactive);
    expect(ids).not.toContain(DEMO.acme.companies.deleted);
    expect(ids).not.toContain(DEMO.northwind.companies.primary);
    const names = res.body.data.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const company of res.body.data) {
      expect(Object.keys(company).sort()).toEqual(companyFields);
      expect(company.object).toBe('company');
      expect(company.url).toBe(`/api/v2/companies/${company.id}`);
      expect(company.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    expect(res.body.total).toBe(res.body.data.length);
  });

  it('filters by name, case-insensitively and partially', async () => {
    const t = await token({ scopes: ['company.list', 'company.read'] });
    const primary = (await get(`/api/v2/companies/${DEMO.acme.companies.primary}`, { token: t })).body;
    const fragment = primary.name.slice(1, 5).toUpperCase();
    const res = await get('/api/v2/companies', { token: t, query: { name: fragment } });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { id: string }) => c.id)).toContain(primary.id);
    for (const c of res.body.data) expect(c.name.toLowerCase()).toContain(fragment.toLowerCase());
  });

  it('400 tooSmall for an empty name and tooBig for 256 characters', async () => {
    const t = await token({ scopes: ['company.list'] });
    expectError(await get('/api/v2/companies', { token: t, query: { name: '' } }), 400, 'tooSmall', '/name');
    expectError(await get('/api/v2/companies', { token: t, query: { name: 'x'.repeat(256) } }), 400, 'tooBig', '/name');
  });

  it('a token linked to one company sees only that company', async () => {
    const t = await token({ scopes: ['company.list'], companies: [DEMO.acme.companies.secondary] });
    const res = await get('/api/v2/companies', { token: t });
    expect(res.body.data.map((c: { id: string }) => c.id)).toEqual([DEMO.acme.companies.secondary]);
    expect(res.body.total).toBe(1);
  });

  it('pages: limit 1 walks every company once', async () => {
    const t = await token({ scopes: ['company.list'] });
    // While no other test file adds or changes companies (see above).
    await withTablesStill([companies], async () => {
      const first = await get('/api/v2/companies', { token: t, query: { limit: 1 } });
      const seen: string[] = [];
      for (let p = 1; (p - 1) * 1 < first.body.total; p++) {
        const res = await get('/api/v2/companies', { token: t, query: { limit: 1, page: p } });
        expect(res.body).toMatchObject({ page: p, limit: 1, total: first.body.total });
        seen.push(res.body.data[0].id);
      }
      expect(new Set(seen).size).toBe(first.body.total);
      const beyond = await get('/api/v2/companies', { token: t, query: { page: 10000 } });
      expect(beyond.body).toEqual({ data: [], total: first.body.total, page: 10000, limit: 10 });
    });
  });
});

describe('GET /api/v2/companies/{id}', () => {
  describeAuthentication('GET', () => `/api/v2/companies/${DEMO.acme.companies.primary}`, 'company.read');

  it('200 returns a linked company', async () => {
    const res = await get(`/api/v2/companies/${DEMO.acme.companies.primary}`, { token: await token({ scopes: ['company.read'] }) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: DEMO.acme.companies.primary, object: 'company' });
    expect(Object.keys(res.body).sort()).toEqual(companyFields);
  });

  it('404 notFound for an unknown id and, identically, for another tenant\'s company', async () => {
    const t = await token({ scopes: ['company.read'] });
    const unknown = await get('/api/v2/companies/00000000-0000-0000-0000-000000000000', { token: t });
    const foreign = await get(`/api/v2/companies/${DEMO.northwind.companies.primary}`, { token: t });
    expectError(unknown, 404, 'notFound');
    expect(foreign.body).toEqual(unknown.body);
  });

  it('404 for a company of the tenant that the token is not linked to, and for a deleted one', async () => {
    const t = await token({ scopes: ['company.read'], companies: [DEMO.acme.companies.secondary] });
    expectError(await get(`/api/v2/companies/${DEMO.acme.companies.primary}`, { token: t }), 404, 'notFound');
    const all = await token({ scopes: ['company.read'] });
    expectError(await get(`/api/v2/companies/${DEMO.acme.companies.deleted}`, { token: all }), 404, 'notFound');
  });
});
