/**
 * lib/domain/clinics/nearby.ts: "clinics within a radius offering all services", the one SQL of the
 * clinic search, an order's nearest clinic, the package editor's check and the pass page's choice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '@/lib/db/client';
import { clinics } from '@/lib/db/schema';
import { nearbyClinicsSql, type NearbyClinics } from '@/lib/domain/clinics/nearby';

const origin = { lat: 39.0, long: -95.0 };

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.db.execute(sql`create extension if not exists cube`);
  await database.db.execute(sql`create extension if not exists earthdistance`);
  await database.db.execute(sql`create table clinics (id text primary key, tenant_id text, is_active boolean, earth_point cube)`);
  await database.db.execute(sql`create table clinic_services (clinic_id text, service_id text, price_cents int, primary key (clinic_id, service_id))`);
  // Clinics north of the origin, 0.1 degree (~6.9 miles) apart.
  const rows: Array<[id: string, tenant: string, active: boolean, lat: number, services: Array<[string, number]>]> = [
    ['a-both', 't1', true, 39.1, [['urine', 4000], ['breath', 3000]]],
    ['b-urine', 't1', true, 39.0, [['urine', 2000]]],
    ['c-both-dear', 't1', true, 39.2, [['urine', 6000], ['breath', 5000]]],
    ['d-inactive', 't1', false, 39.05, [['urine', 1000], ['breath', 1000]]],
    ['e-far', 't1', true, 41.0, [['urine', 1000], ['breath', 1000]]],
    ['f-other-tenant', 't2', true, 39.0, [['urine', 1000], ['breath', 1000]]],
  ];
  for (const [id, tenant, active, lat, services] of rows) {
    await database.db.execute(sql`insert into clinics values (${id}, ${tenant}, ${active}, ll_to_earth(${lat}::float8, ${origin.long}::float8)::cube)`);
    for (const [service, price] of services) await database.db.execute(sql`insert into clinic_services values (${id}, ${service}, ${price})`);
  }
}, 60_000);
afterAll(async () => {
  await database?.close();
});

async function found(f: Partial<NearbyClinics>): Promise<string[]> {
  const { where, near } = nearbyClinicsSql({ tenantId: 't1', position: origin, radiusMiles: 25, serviceIds: null, ...f });
  const order = near ? [near.order, asc(clinics.id)] : [asc(clinics.id)];
  return rowsOf<{ id: string }>(await database.db.execute(sql`select id from clinics where ${where} order by ${sql.join(order, sql`, `)}`)).map((r) => r.id);
}

describe('nearbyClinicsSql', () => {
  it('active clinics of the tenant within the radius, nearest first', async () => {
    expect(await found({})).toEqual(['b-urine', 'a-both', 'c-both-dear']);
    expect(await found({ radiusMiles: 10 })).toEqual(['b-urine', 'a-both']);
    expect(await found({ isActive: false })).toEqual(['d-inactive']);
    expect(await found({ position: null })).toEqual(['a-both', 'b-urine', 'c-both-dear', 'e-far']);
  });

  it('offering every service asked for, each id counted once; none asked: every clinic', async () => {
    expect(await found({ serviceIds: ['urine', 'breath'] })).toEqual(['a-both', 'c-both-dear']);
    expect(await found({ serviceIds: ['breath', 'urine', 'breath'] })).toEqual(['a-both', 'c-both-dear']);
    expect(await found({ serviceIds: ['urine'] })).toEqual(['b-urine', 'a-both', 'c-both-dear']);
    expect(await found({ serviceIds: ['urine', 'hair'] })).toEqual([]);
    expect(await found({ serviceIds: [] })).toEqual(['b-urine', 'a-both', 'c-both-dear']);
  });

  it('within a fee cap for those services together', async () => {
    expect(await found({ serviceIds: ['urine', 'breath'], feeCapCents: 7000 })).toEqual(['a-both']);
    expect(await found({ serviceIds: ['urine', 'breath'], feeCapCents: 6999 })).toEqual([]);
    expect(await found({ serviceIds: ['urine', 'breath'], feeCapCents: null })).toEqual(['a-both', 'c-both-dear']);
  });

  it('each service also among those given (the search: services the token can order)', async () => {
    expect(await found({ serviceIds: ['urine', 'breath'], among: sql`array['urine']::text[]` })).toEqual([]);
    expect(await found({ serviceIds: ['urine'], among: sql`array['urine']::text[]` })).toEqual(['b-urine', 'a-both', 'c-both-dear']);
  });
});
