/**
 * The clinic search query schema, and the database distance (cube/earthdistance, as the search
 * computes it) against `distanceMiles` and known city-pair distances.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '@/lib/db/client';
import { nearSql } from '@/lib/domain/clinics/nearby';
import { SearchClinicsQuery } from '@/lib/domain/clinics/search';
import { distanceMiles, geocodeNear, type Position } from '@/lib/geo/geocode';

describe('SearchClinicsQuery', () => {
  const parse = (input: Record<string, string>) => SearchClinicsQuery.safeParse(input);

  it('defaults: no position, radius 25, active clinics, page 1, limit 10', () => {
    expect(parse({}).data).toEqual({ page: 1, limit: 10, isActive: true, position: null, radius: 25 });
  });

  it('lat/long or near become one position', () => {
    expect(parse({ lat: '40.5', long: '-74.25', radius: '10' }).data).toMatchObject({ position: { lat: 40.5, long: -74.25 }, radius: 10 });
    expect(parse({ near: ' 90210 ' }).data?.position).toEqual(geocodeNear('90210'));
    expect(parse({ near: 'Denver, CO' }).data?.position).toEqual(geocodeNear('Denver, CO'));
  });

  it('serviceIds are split, trimmed and de-duplicated; isActive=false', () => {
    expect(parse({ serviceIds: 'a, b,a,,', isActive: 'false' }).data).toMatchObject({ serviceIds: ['a', 'b'], isActive: false });
  });

  it('cross-field rules name their code and the parameter at fault', () => {
    const issues = (input: Record<string, string>) =>
      parse(input).error?.issues.map((i) => ({ path: i.path.join('.'), code: (i as { params?: { code?: string } }).params?.code ?? i.code }));
    expect(issues({ lat: '1' })).toEqual([{ path: 'long', code: 'required' }]);
    expect(issues({ long: '1' })).toEqual([{ path: 'lat', code: 'required' }]);
    expect(issues({ near: '10001', long: '1' })).toEqual([{ path: 'near', code: 'invalidValue' }]);
    expect(issues({ near: '99999' })).toEqual([{ path: 'near', code: 'invalidValue' }]);
    expect(issues({ lat: '', long: '1' })).toEqual([{ path: 'lat', code: 'invalid_type' }]);
    expect(issues({ lat: '1', long: 'Infinity' })).toEqual([{ path: 'long', code: 'invalid_type' }]);
  });
});

describe('database distance (earthdistance) against distanceMiles', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.db.execute(sql`create extension if not exists cube`);
    await database.db.execute(sql`create extension if not exists earthdistance`);
    await database.db.execute(sql`create table clinics (id int primary key, earth_point cube)`);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  /** What the search reports: the distance from `a` to a clinic stored at `b`. */
  async function searchMiles(a: Position, b: Position): Promise<{ miles: number; earthDistance: number }> {
    const n = nearSql(a, 500);
    await database.db.execute(sql`delete from clinics`);
    await database.db.execute(sql`insert into clinics values (1, ll_to_earth(${b.lat}::float8, ${b.long}::float8)::cube)`);
    const [row] = rowsOf<{ miles: number; earth_distance: number }>(
      await database.db.execute(sql`select ${n.miles} as miles,
        earth_distance(ll_to_earth(${a.lat}::float8, ${a.long}::float8), ll_to_earth(${b.lat}::float8, ${b.long}::float8)) / 1609.344 as earth_distance
        from clinics`),
    );
    return { miles: Number(row.miles), earthDistance: Number(row.earth_distance) };
  }

  // Reference great-circle distances between city centres (statute miles); null: short pairs, checked against distanceMiles only.
  const pairs: Array<[string, Position, Position, number | null]> = [
    ['New York - Los Angeles', { lat: 40.7128, long: -74.006 }, { lat: 34.0522, long: -118.2437 }, 2445.6],
    ['Chicago - Houston', { lat: 41.8781, long: -87.6298 }, { lat: 29.7604, long: -95.3698 }, 940.0],
    ['Boston - Washington', { lat: 42.3601, long: -71.0589 }, { lat: 38.9072, long: -77.0369 }, 394.0],
    ['Dallas - Fort Worth', { lat: 32.7767, long: -96.797 }, { lat: 32.7555, long: -97.3308 }, null],
    ['San Francisco - Oakland', { lat: 37.7749, long: -122.4194 }, { lat: 37.8044, long: -122.2712 }, null],
  ];
  it.each(pairs)('%s: equals earth_distance, within 0.5%% of distanceMiles and of the reference', async (_name, a, b, reference) => {
    const { miles, earthDistance } = await searchMiles(a, b);
    expect(miles).toBeCloseTo(earthDistance, 6);
    expect(Math.abs(miles - distanceMiles(a, b)) / distanceMiles(a, b)).toBeLessThan(0.005);
    if (reference !== null) expect(Math.abs(miles - reference) / reference).toBeLessThan(0.005);
  });

  it("chord, miles and the radius check are earthdistance's ll_to_earth, earth_box, gc_to_sec and sec_to_gc, bit for bit", async () => {
    // Points around three origins, from the centre out to past the radius' box.
    const origins: Position[] = [{ lat: 32.7904, long: -96.8044 }, { lat: 61.2, long: -149.9 }, { lat: -33.87, long: 151.21 }];
    for (const a of origins) {
      await database.db.execute(sql`delete from clinics`);
      await database.db.execute(sql`insert into clinics
        select i * 100 + j, ll_to_earth(${a.lat}::float8 + i * 0.05, ${a.long}::float8 + j * 0.05)::cube
        from generate_series(-8, 8) i, generate_series(-8, 8) j`);
      for (const radius of [1, 7.5, 25, 500]) {
        const n = nearSql(a, radius);
        const at = sql`ll_to_earth(${a.lat}::float8, ${a.long}::float8)`;
        const meters = sql`${radius}::float8 * 1609.344::float8`;
        const [row] = rowsOf<{ rows: number; chords: number; miles: number; within: number; inside: number }>(
          await database.db.execute(sql`select count(*)::int as rows,
            count(*) filter (where ${n.order} = (earth_point <-> ${at}))::int as chords,
            count(*) filter (where ${n.miles} = sec_to_gc(earth_point <-> ${at}) / 1609.344::float8)::int as miles,
            count(*) filter (where (${n.within}) = (earth_box(${at}, ${meters}) @> earth_point and earth_distance(${at}, earth_point::earth) <= ${meters}))::int as within,
            count(*) filter (where ${n.within})::int as inside
            from clinics`),
        );
        expect(row).toMatchObject({ rows: 289, chords: 289, miles: 289, within: 289 });
        expect(row.inside).toBeGreaterThan(0);
      }
    }
  });

  it('the radius check keeps a point just inside and drops one just outside', async () => {
    const a = { lat: 39.0, long: -95.0 };
    const inside = await database.db.execute(sql`select count(*)::int as n from (select ll_to_earth(39.1, -95.0)::cube as earth_point) clinics where ${nearSql(a, 7).within}`);
    const outside = await database.db.execute(sql`select count(*)::int as n from (select ll_to_earth(39.1, -95.0)::cube as earth_point) clinics where ${nearSql(a, 6.8).within}`);
    // 0.1 degree of latitude is ~6.91 miles.
    expect(rowsOf<{ n: number }>(inside)[0].n).toBe(1);
    expect(rowsOf<{ n: number }>(outside)[0].n).toBe(0);
  });
});
