/**
 * GET /api/v2/clinics: ranking by distance, radius, filters, pagination, 400s with pointers,
 * authentication and tenant isolation. The test inserts its own clinics (unique name prefix, exact
 * coordinates around a Kansas ZIP code) and never assumes it is alone in the database.
 */
import { randomBytes } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/db/client';
import { clinics, clinicServices } from '@/lib/db/schema';
import { DEMO } from '@/lib/seed';
import { authenticateToken } from '@/lib/domain/api-tokens/tokens';
import { nearSql } from '@/lib/domain/clinics/nearby';
import { clinicSearchStatement, SearchClinicsQuery } from '@/lib/domain/clinics/search';
import type { Ctx } from '@/lib/domain/context';
import { distanceMiles, geocodeZip, type Position } from '@/lib/geo/geocode';
import { db, expectError, get, token, withTestDatabase } from './harness';
import { describeAuthentication, describePagination } from './shared';

withTestDatabase();

const PATH = '/api/v2/clinics';
const run = randomBytes(4).toString('hex');
const PREFIX = `Searchtest ${run}`;
const ZIP = '67526'; // Ellinwood, KS
const O: Position = geocodeZip(ZIP)!;
const MILES_PER_DEGREE = 69.09;
const north = (p: Position, miles: number): Position => ({ lat: p.lat + miles / MILES_PER_DEGREE, long: p.long });
const east = (p: Position, miles: number): Position => ({ lat: p.lat, long: p.long + miles / (MILES_PER_DEGREE * Math.cos((p.lat * Math.PI) / 180)) });

const S = DEMO.acme.services;
const acme = DEMO.tenants.acme.id;
const northwind = DEMO.tenants.northwind.id;

interface Fixture {
  key: string;
  name: string;
  at: Position | null;
  isActive?: boolean;
  services?: string[];
  tenantId?: string;
}

/** Ids sort in key order ('a' < 'b' < ...), so ties by id are predictable. */
const idOf = (key: string) => `cst-${run}-${key}`;
const FIXTURES: Fixture[] = [
  { key: 'a', name: `${PREFIX} Alpha`, at: O, services: [S.dotUrine, S.nonDotUrine] },
  { key: 'b', name: `${PREFIX} Twin`, at: north(O, 5), services: [S.dotUrine] },
  { key: 'c', name: `${PREFIX} Charlie`, at: east(O, 10), services: [S.dotUrine, S.nonDotUrine, S.dotBreathAlcohol] },
  { key: 'd', name: `${PREFIX} Delta`, at: north(O, -20), isActive: false, services: [S.dotUrine] },
  { key: 'e', name: `${PREFIX} Echo`, at: east(O, -40), services: [S.nonDotUrine] },
  // Same position and name as `b`: ties go by id.
  { key: 'f', name: `${PREFIX} Twin`, at: north(O, 5), services: [] },
  { key: 'g', name: `${PREFIX} Golf (no position)`, at: null },
  { key: 'h', name: `${PREFIX} Hotel 50%_Off`, at: north(O, 300) },
  // Another tenant's clinic exactly at the origin, with the same prefix.
  { key: 'n', name: `${PREFIX} Northwind`, at: O, tenantId: northwind },
];
const ids = FIXTURES.map((f) => idOf(f.key));
const keysOf = (body: { data: Array<{ id: string }> }) => body.data.map((c) => c.id.replace(`cst-${run}-`, ''));

let acmeToken: string;

beforeAll(async () => {
  await db()
    .insert(clinics)
    .values(
      FIXTURES.map((f) => ({
        id: idOf(f.key),
        tenantId: f.tenantId ?? acme,
        name: f.name,
        phone: '+16205550100',
        city: 'Ellinwood',
        state: 'KS',
        postalCode: ZIP,
        country: 'US',
        lat: f.at?.lat ?? null,
        long: f.at?.long ?? null,
        isActive: f.isActive ?? true,
      })),
    );
  const links = FIXTURES.flatMap((f) => (f.services ?? []).map((serviceId) => ({ clinicId: idOf(f.key), serviceId, priceCents: 5000 })));
  if (links.length) await db().insert(clinicServices).values(links);
  acmeToken = await token({ scopes: ['clinic.search'] });
});

afterAll(async () => {
  await db().delete(clinicServices).where(inArray(clinicServices.clinicId, ids));
  await db().delete(clinics).where(inArray(clinics.id, ids));
});

const search = (query: Record<string, string | number | undefined>, t = acmeToken) => get(PATH, { token: t, query });
const around = (extra: Record<string, string | number | undefined> = {}) => search({ lat: O.lat, long: O.long, name: PREFIX, ...extra });

describe('GET /api/v2/clinics', () => {
  describeAuthentication('GET', () => PATH, 'clinic.search');
  describePagination(PATH, 'clinic.search');

  describe('ranking by distance', () => {
    it('nearest first, ties by id, every result within the default 25-mile radius', async () => {
      const res = await around();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(keysOf(res.body)).toEqual(['a', 'b', 'f', 'c']);
      expect(res.body.total).toBe(4);
      const miles = res.body.data.map((c) => c.distance!.miles);
      expect(miles).toEqual([...miles].sort((x, y) => x - y));
      for (const m of miles) expect(m).toBeLessThanOrEqual(25);
    });

    it('the clinic at the exact position comes first among every clinic of the tenant, at 0 miles', async () => {
      const res = await search({ lat: O.lat, long: O.long, limit: 20 });
      expect(res.status).toBe(200);
      expect(res.body.data[0]).toMatchObject({ id: idOf('a'), distance: { miles: 0 } });
      const miles = res.body.data.map((c) => c.distance!.miles);
      expect(miles).toEqual([...miles].sort((x, y) => x - y));
      for (const m of miles) expect(m).toBeLessThanOrEqual(25);
      expect(res.body.total).toBeGreaterThanOrEqual(4);
    });

    it('distance.miles is the great-circle distance rounded to 0.1 mile (within 0.5% of distanceMiles)', async () => {
      const res = await around({ radius: 50 });
      for (const clinic of res.body.data) {
        const expected = distanceMiles(O, clinic.coordinates!);
        const miles = clinic.distance!.miles;
        expect(Math.round(miles * 10) / 10).toBe(miles);
        expect(Math.abs(miles - expected)).toBeLessThanOrEqual(Math.max(0.05, expected * 0.005) + 0.05);
      }
      const byKey = Object.fromEntries(res.body.data.map((c) => [c.id, c.distance!.miles]));
      expect(byKey[idOf('b')]).toBeCloseTo(5, 0);
      expect(byKey[idOf('c')]).toBeCloseTo(10, 0);
      expect(byKey[idOf('e')]).toBeCloseTo(40, 0);
    });

    it('radius bounds the results', async () => {
      expect(keysOf((await around({ radius: 1 })).body)).toEqual(['a']);
      expect(keysOf((await around({ radius: 45 })).body)).toEqual(['a', 'b', 'f', 'c', 'e']);
      const wide = await around({ radius: 500 });
      expect(keysOf(wide.body)).toEqual(['a', 'b', 'f', 'c', 'e', 'h']);
      for (const c of wide.body.data) expect(c.distance!.miles).toBeLessThanOrEqual(500);
    });

    it('near takes a ZIP code or "City, ST" and ranks like the same lat/long', async () => {
      const byZip = await search({ near: ZIP, name: PREFIX });
      expect(byZip.status).toBe(200);
      expect(byZip.body).toEqual((await around()).body);
      const byCity = await search({ near: 'Ellinwood, KS', name: PREFIX, radius: 50 });
      expect(byCity.status).toBe(200);
      expect(keysOf(byCity.body).slice(0, 1)).toEqual(['a']);
    });

    it('clinics without a position never appear in a position search', async () => {
      const res = await around({ radius: 500, limit: 20 });
      expect(keysOf(res.body)).not.toContain('g');
    });

    it('the search uses the GiST index on earth_point (EXPLAIN of the query the endpoint runs)', async () => {
      const principal = (await authenticateToken(db(), acmeToken))!;
      const ctx: Ctx = { ...principal, db: db(), requestId: 'explain', source: 'api' };
      const built = await clinicSearchStatement(ctx, SearchClinicsQuery.parse({ lat: String(O.lat), long: String(O.long), limit: '20' }));
      const client = (db() as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Array<Record<string, string>> }> } }).$client;
      const plan = (await client.query(`explain ${built.sql}`, built.params)).rows.map((r) => Object.values(r)[0]).join('\n');
      expect(plan).toContain('clinics_earth_point_idx');
      expect(plan).not.toMatch(/Seq Scan on (public\.)?clinics\b/);
      // The radius check alone, as in the docs: the box is an index condition.
      const n = nearSql(O, 25);
      const plain = rowsOf<Record<string, string>>(await db().execute(sql`explain select id from clinics where tenant_id = ${acme} and ${n.within} order by ${n.order}, id limit 20`))
        .map((r) => Object.values(r)[0])
        .join('\n');
      expect(plain).toContain('clinics_earth_point_idx');
    });

    it('planned once for every position and radius (generic plan): still the GiST index, the origin computed once', async () => {
      const principal = (await authenticateToken(db(), acmeToken))!;
      const ctx: Ctx = { ...principal, db: db(), requestId: 'explain', source: 'api' };
      const built = await clinicSearchStatement(ctx, SearchClinicsQuery.parse({ lat: String(O.lat), long: String(O.long), limit: '20' }));
      const plan = await db().transaction(async (tx) => {
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw(`prepare clinic_search_generic as ${built.sql}`));
        // The values as literals: EXECUTE's arguments cannot be bound parameters on PGlite.
        const literal = (v: unknown) => (typeof v === 'string' ? `'${v}'` : Array.isArray(v) ? `'{${v.join(',')}}'` : String(v));
        const args = built.params.map(literal).join(', ');
        const lines = rowsOf<Record<string, string>>(await tx.execute(sql.raw(`explain execute clinic_search_generic(${args})`))).map((r) => Object.values(r)[0]);
        await tx.execute(sql`deallocate clinic_search_generic`);
        return lines.join('\n');
      });
      expect(plan).toContain('clinics_earth_point_idx');
      expect(plan).not.toMatch(/Seq Scan on (public\.)?clinics\b/);
      // Origin, box and radius chord are init plans: computed once, not per candidate.
      expect(plan.match(/InitPlan/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    });
  });

  describe('representation', () => {
    it('distance only with a position; every field of spec 2.10', async () => {
      const ranked = await around();
      expect(Object.keys(ranked.body.data[0]).sort()).toEqual(['address', 'capabilities', 'coordinates', 'distance', 'hours', 'id', 'isActive', 'name', 'object', 'openStatus', 'phone', 'services', 'timeZone', 'url']);
      const listed = await search({ name: PREFIX });
      expect(listed.status).toBe(200);
      for (const c of listed.body.data) expect(c).not.toHaveProperty('distance');
      expect(Object.keys(listed.body.data[0]).sort()).toEqual(['address', 'capabilities', 'coordinates', 'hours', 'id', 'isActive', 'name', 'object', 'openStatus', 'phone', 'services', 'timeZone', 'url']);
      expect(ranked.body.data[0]).toMatchObject({ id: idOf('a'), object: 'clinic', url: `/api/v2/clinics/${idOf('a')}`, coordinates: O, isActive: true });
    });

    it("each clinic is GET /clinics/{id}'s representation, plus its distance with a position", async () => {
      // The search builds the clinic's fields in SQL; the single read serializes its row.
      const reader = await token({ scopes: ['clinic.read'] });
      const byPosition = (await around({ radius: 500, limit: 20 })).body.data;
      const byName = (await search({ name: PREFIX, limit: 20 })).body.data;
      expect(byPosition.length).toBeGreaterThan(0);
      for (const c of [...byPosition, ...byName]) {
        const single = await get(`${PATH}/${c.id}`, { token: reader });
        expect(single.status).toBe(200);
        const { distance, openStatus, ...rest } = c;
        expect(JSON.stringify(rest)).toBe(JSON.stringify(single.body));
        // earthdistance's earth is 0.12% larger than distanceMiles' (see the unit tests); one decimal.
        if (distance) expect(Math.abs(distance.miles - distanceMiles(O, single.body.coordinates!))).toBeLessThanOrEqual(0.05 + 0.0013 * distance.miles);
      }
    });

    it('a clinic with no address part and no phone: address and phone are null', async () => {
      const id = `cst-${run}-bare`;
      await db().insert(clinics).values({ id, tenantId: acme, name: `Bare ${run}`, lat: O.lat, long: O.long });
      try {
        const res = await search({ name: `Bare ${run}` });
        expect(res.body.data).toEqual([
          { id, object: 'clinic', name: `Bare ${run}`, address: null, phone: null, coordinates: O, isActive: true, services: [], url: `${PATH}/${id}`, timeZone: null, hours: [], capabilities: [] },
        ]);
        const near = await search({ lat: O.lat, long: O.long, radius: 1, name: `Bare ${run}` });
        expect(near.body.data[0]).toMatchObject({ address: null, phone: null, distance: { miles: 0 } });
      } finally {
        await db().delete(clinics).where(inArray(clinics.id, [id]));
      }
    });

    it('without a position: by name then id, radius ignored, clinics without a position included', async () => {
      const res = await search({ name: PREFIX, radius: 1, limit: 20 });
      expect(keysOf(res.body)).toEqual(['a', 'c', 'e', 'g', 'h', 'b', 'f']);
      expect(res.body.total).toBe(7);
    });

    it('services lists only what the token can order', async () => {
      const all = await around();
      const a = all.body.data.find((c) => c.id === idOf('a'))!; // at the search's position
      expect(a.services.map((s) => s.id).sort()).toEqual([S.dotUrine, S.nonDotUrine].sort());
      for (const s of a.services) expect(Object.keys(s).sort()).toEqual(['id', 'name', 'object', 'type', 'url']);
      const none = await around({}).then(async () => search({ lat: O.lat, long: O.long, name: PREFIX }, await token({ scopes: ['clinic.search'], companies: [] })));
      expect(none.status).toBe(200);
      expect(keysOf(none.body)).toEqual(['a', 'b', 'f', 'c']);
      for (const c of none.body.data) expect(c.services).toEqual([]);
    });
  });

  describe('filters', () => {
    it('serviceIds: the clinic offers all of them', async () => {
      expect(keysOf((await around({ serviceIds: S.dotUrine })).body)).toEqual(['a', 'b', 'c']);
      expect(keysOf((await around({ serviceIds: `${S.dotUrine}, ${S.nonDotUrine}` })).body)).toEqual(['a', 'c']);
      expect(keysOf((await around({ serviceIds: `${S.dotUrine},${S.dotBreathAlcohol},${S.dotUrine}` })).body)).toEqual(['c']);
      const unknown = await around({ serviceIds: 'no-such-service' });
      expect(unknown.body).toMatchObject({ data: [], total: 0 });
      // Another tenant's service is offered by no clinic this token sees.
      expect((await around({ serviceIds: DEMO.northwind.services.dotUrine })).body.total).toBe(0);
    });

    it('packageId: every service of the package', async () => {
      expect(keysOf((await around({ packageId: DEMO.acme.packages.dot })).body)).toEqual(['a', 'b', 'c']);
      expect(keysOf((await around({ packageId: DEMO.acme.packages.dotWithAlcohol })).body)).toEqual(['c']);
      expect(keysOf((await around({ packageId: DEMO.acme.packages.nonDot, serviceIds: S.dotBreathAlcohol })).body)).toEqual(['c']);
    });

    it('packageId the token cannot order: 400 invalidValue at /packageId', async () => {
      expectError(await around({ packageId: DEMO.northwind.packages.dot }), 400, 'invalidValue', '/packageId');
      expectError(await around({ packageId: 'no-such-package' }), 400, 'invalidValue', '/packageId');
      const unlinked = await token({ scopes: ['clinic.search'], companies: [] });
      expectError(await search({ lat: O.lat, long: O.long, packageId: DEMO.acme.packages.dot }, unlinked), 400, 'invalidValue', '/packageId');
    });

    it('name: case-insensitive partial match, LIKE wildcards taken literally', async () => {
      expect(keysOf((await search({ name: `${PREFIX} alp`.toUpperCase() })).body)).toEqual(['a']);
      expect(keysOf((await search({ name: `${run} hotel 50%_` })).body)).toEqual(['h']);
      expect((await search({ name: `${run} Hotel 5_%` })).body.total).toBe(0);
      expect((await search({ name: `${run}%Alpha` })).body.total).toBe(0);
    });

    it('isActive: default true; false lists the inactive ones only', async () => {
      expect(keysOf((await around()).body)).not.toContain('d');
      expect(keysOf((await around({ isActive: 'false' })).body)).toEqual(['d']);
      expect(keysOf((await around({ isActive: 'true' })).body)).toEqual(['a', 'b', 'f', 'c']);
    });
  });

  describe('pagination', () => {
    it('pages concatenate to the whole ranking, with an exact total', async () => {
      const whole = await around({ radius: 100, limit: 20 });
      expect(whole.body.total).toBe(5);
      const seen: string[] = [];
      for (let p = 1; p <= 3; p++) {
        const res = await around({ radius: 100, limit: 2, page: p });
        expect(res.body).toMatchObject({ page: p, limit: 2, total: 5 });
        seen.push(...keysOf(res.body));
      }
      expect(seen).toEqual(keysOf(whole.body));
      expect(seen).toEqual(['a', 'b', 'f', 'c', 'e']);
      const beyond = await around({ radius: 100, limit: 2, page: 4 });
      expect(beyond.body).toMatchObject({ data: [], total: 5, page: 4 });
    });

    it('without a position: pages by name, and a page past the end keeps the exact total', async () => {
      const second = await search({ name: PREFIX, limit: 3, page: 2 });
      expect(second.body).toMatchObject({ page: 2, limit: 3, total: 7 });
      expect(keysOf(second.body)).toEqual(['g', 'h', 'b']);
      const beyond = await search({ name: PREFIX, limit: 3, page: 4 });
      expect(beyond.body).toMatchObject({ data: [], total: 7, page: 4 });
      const nothing = await search({ name: `${PREFIX} none such` });
      expect(nothing.body).toMatchObject({ data: [], total: 0, page: 1 });
    });
  });

  describe('tenant isolation', () => {
    it("another tenant's clinic never appears, even at the exact position", async () => {
      const res = await search({ lat: O.lat, long: O.long, radius: 1, limit: 20 });
      expect(res.body.data.map((c: { id: string }) => c.id)).not.toContain(idOf('n'));
      const named = await search({ name: PREFIX, limit: 20 });
      expect(keysOf(named.body)).not.toContain('n');
      const theirs = await search({ lat: O.lat, long: O.long, radius: 1, name: PREFIX }, await token({ tenant: 'northwind', scopes: ['clinic.search'] }));
      expect(keysOf(theirs.body)).toEqual(['n']);
    });
  });

  describe('OpenAPI', () => {
    it('documents the parameters, and a ranked page validates against the served document', async () => {
      const doc = (await get('/api/v2/openapi.json')).body;
      const op = doc.paths[PATH].get;
      expect(op.operationId).toBe('searchClinics');
      expect(op['x-scope']).toBe('clinic.search');
      const params = Object.fromEntries(op.parameters.map((p: { name: string; schema: object }) => [p.name, p.schema]));
      expect(Object.keys(params).sort()).toEqual(['capabilities', 'isActive', 'lat', 'limit', 'long', 'name', 'near', 'openAt', 'openNow', 'packageId', 'page', 'radius', 'serviceIds']);
      expect(params.lat).toMatchObject({ type: 'number', minimum: -90, maximum: 90 });
      expect(params.radius).toMatchObject({ type: 'number', minimum: 1, maximum: 500 });
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats(ajv);
      const validate = ajv.compile({ ...op.responses['200'].content['application/json'].schema, components: doc.components });
      for (const res of [await around(), await search({ name: PREFIX })]) {
        expect(validate(res.body), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
      }
    });
  });

  describe('400 with source.pointer', () => {
    const cases: Array<[string, Record<string, string>, string, string]> = [
      ['lat without long', { lat: '38.5' }, 'required', '/long'],
      ['long without lat', { long: '-98' }, 'required', '/lat'],
      ['lat above 90', { lat: '90.5', long: '0' }, 'tooBig', '/lat'],
      ['lat below -90', { lat: '-91', long: '0' }, 'tooSmall', '/lat'],
      ['long above 180', { lat: '0', long: '180.01' }, 'tooBig', '/long'],
      ['long below -180', { lat: '0', long: '-181' }, 'tooSmall', '/long'],
      ['non-numeric lat', { lat: 'north', long: '0' }, 'invalidType', '/lat'],
      ['empty long', { lat: '1', long: '' }, 'invalidType', '/long'],
      ['unknown ZIP code', { near: '00000' }, 'invalidValue', '/near'],
      ['unknown city', { near: 'Atlantis, ZZ' }, 'invalidValue', '/near'],
      ['near that is neither', { near: 'somewhere' }, 'invalidValue', '/near'],
      ['near with lat and long', { near: ZIP, lat: '38', long: '-98' }, 'invalidValue', '/near'],
      ['near with lat only', { near: ZIP, lat: '38' }, 'invalidValue', '/near'],
      ['radius below 1', { lat: '38', long: '-98', radius: '0.5' }, 'tooSmall', '/radius'],
      ['radius above 500', { lat: '38', long: '-98', radius: '501' }, 'tooBig', '/radius'],
      ['non-numeric radius', { near: ZIP, radius: 'far' }, 'invalidType', '/radius'],
      ['empty name', { name: '' }, 'tooSmall', '/name'],
      ['name over 255', { name: 'x'.repeat(256) }, 'tooBig', '/name'],
      ['isActive not a boolean', { isActive: 'yes' }, 'invalidValue', '/isActive'],
      ['serviceIds without an id', { serviceIds: ' , ' }, 'tooSmall', '/serviceIds'],
    ];
    for (const [label, query, code, pointer] of cases) {
      it(`${label}: ${code} at ${pointer}`, async () => {
        expectError(await search(query), 400, code, pointer);
      });
    }
  });
});
