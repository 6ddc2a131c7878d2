import { asc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { agencies } from '@/lib/db/schema';
import { forgetAgencyReferenceData, REFERENCE_TTL_MS } from '@/lib/domain/agencies';
import { DEMO } from '@/lib/seed';
import { db, expectError, get, token, withTestDatabase } from './harness';
import { describeAuthentication, describePagination } from './shared';

withTestDatabase();

describe('GET /api/v2/agencies', () => {
  describeAuthentication('GET', () => '/api/v2/agencies', 'agency.list');
  describePagination('/api/v2/agencies', 'agency.list');

  it('200 lists agencies ordered by code, each with its job categories', async () => {
    const res = await get('/api/v2/agencies', { token: await token({ scopes: ['agency.list'] }), query: { limit: 20 } });
    expect(res.status).toBe(200);
    const codes = res.body.data.map((a: { code: string }) => a.code);
    expect(codes).toEqual([...codes].sort());
    for (const code of ['FAA', 'FMCSA', 'FRA', 'FTA', 'PHMSA', 'USCG']) expect(codes).toContain(code);
    for (const a of res.body.data) {
      expect(Object.keys(a).sort()).toEqual(['code', 'id', 'jobCategories', 'name', 'object', 'url']);
      expect(a).toMatchObject({ object: 'agency', url: `/api/v2/agencies/${a.id}` });
      for (const j of a.jobCategories) {
        expect(Object.keys(j).sort()).toEqual(['id', 'name', 'object', 'url']);
        expect(j.url).toBe(`/api/v2/agencies/${a.id}/jobCategories/${j.id}`);
      }
    }
    const faa = res.body.data.find((a) => a.code === 'FAA');
    const names = faa!.jobCategories.map((j) => j.name.toLowerCase()).join('|');
    for (const n of ['flight crew', 'flight attendant', 'flight instructor', 'air traffic controller', 'aircraft dispatcher', 'maintenance', 'ground security coordinator', 'aviation screener', 'operations control specialist'])
      expect(names).toContain(n);
  });

  it('is the same for every tenant', async () => {
    const a = await get('/api/v2/agencies', { token: await token({ scopes: ['agency.list'] }), query: { limit: 20 } });
    const b = await get('/api/v2/agencies', { token: await token({ tenant: 'northwind', scopes: ['agency.list'] }), query: { limit: 20 } });
    expect(b.body).toEqual(a.body);
  });
});

describe('GET /api/v2/agencies/{id}', () => {
  describeAuthentication('GET', () => `/api/v2/agencies/${DEMO.agencies.FAA}`, 'agency.read');

  it('200 returns the agency', async () => {
    const res = await get(`/api/v2/agencies/${DEMO.agencies.FAA}`, { token: await token({ scopes: ['agency.read'] }) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: DEMO.agencies.FAA, code: 'FAA', object: 'agency' });
    expect(res.body.jobCategories.length).toBeGreaterThanOrEqual(9);
  });

  it('404 notFound for an unknown agency', async () => {
    expectError(await get('/api/v2/agencies/unknown', { token: await token({ scopes: ['agency.read'] }) }), 404, 'notFound');
  });
});

describe('GET /api/v2/agencies/{agencyId}/jobCategories[/{id}]', () => {
  describeAuthentication('GET', () => `/api/v2/agencies/${DEMO.agencies.FAA}/jobCategories`, 'agency.read');

  it('200 lists and gets job categories with their agency reference', async () => {
    const t = await token({ scopes: ['agency.read'] });
    const list = await get(`/api/v2/agencies/${DEMO.agencies.FTA}/jobCategories`, { token: t, query: { limit: 20 } });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(list.body.data.length);
    const first = list.body.data[0];
    expect(Object.keys(first).sort()).toEqual(['agency', 'code', 'id', 'name', 'object', 'url']);
    expect(first.agency).toEqual({ id: DEMO.agencies.FTA, code: 'FTA', object: 'agency', url: `/api/v2/agencies/${DEMO.agencies.FTA}` });
    const one = await get(first.url, { token: t });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(first);
  });

  it('404 for a job category of another agency, and for an unknown agency', async () => {
    const t = await token({ scopes: ['agency.read'] });
    const fta = (await get(`/api/v2/agencies/${DEMO.agencies.FTA}/jobCategories`, { token: t })).body.data[0];
    expectError(await get(`/api/v2/agencies/${DEMO.agencies.FAA}/jobCategories/${fta.id}`, { token: t }), 404, 'notFound');
    expectError(await get('/api/v2/agencies/unknown/jobCategories', { token: t }), 404, 'notFound');
  });
});

describe('GET /api/v2/agencies: the copy of the reference data', () => {
  it('shows a change to the tables once the copy is REFERENCE_TTL_MS old, never later', async () => {
    const auth = { token: await token({ scopes: ['agency.list'] }), query: { limit: 20 } };
    const before = await get('/api/v2/agencies', auth);
    expect(before.status).toBe(200);
    const id = `test-agency-${Date.now()}`;
    await db().insert(agencies).values({ id, code: `ZZ${Date.now()}`, name: 'Test agency' });
    try {
      // Within its lifetime the copy answers (the seed is the only writer of these tables).
      const cached = await get('/api/v2/agencies', auth);
      expect(cached.body).toEqual(before.body);
      const now = Date.now();
      const clock = vi.spyOn(Date, 'now').mockReturnValue(now + REFERENCE_TTL_MS + 1);
      try {
        const fresh = await get('/api/v2/agencies', auth);
        expect(fresh.body.total).toBe(before.body.total + 1);
        expect(fresh.body.data.map((a: { id: string }) => a.id)).toContain(id);
      } finally {
        clock.mockRestore();
      }
    } finally {
      await db().delete(agencies).where(eq(agencies.id, id));
      forgetAgencyReferenceData(db());
    }
    expect((await get('/api/v2/agencies', auth)).body).toEqual(before.body);
  });

  it('pages the copy as the tables would be paged: page 2 of 4 continues page 1 in code order', async () => {
    const auth = { token: await token({ scopes: ['agency.list'] }) };
    const all = await get('/api/v2/agencies', { ...auth, query: { limit: 20 } });
    const first = await get('/api/v2/agencies', { ...auth, query: { limit: 4, page: 1 } });
    const second = await get('/api/v2/agencies', { ...auth, query: { limit: 4, page: 2 } });
    expect([...first.body.data, ...second.body.data]).toEqual(all.body.data);
    expect(second.body).toMatchObject({ total: all.body.total, page: 2, limit: 4 });
    const rows = await db().select({ id: agencies.id }).from(agencies).orderBy(asc(agencies.code));
    expect(all.body.data.map((a: { id: string }) => a.id)).toEqual(rows.map((r) => r.id));
  });
});
