/**
 * The nearest clinic of the `nearestClinic` schedule strategy (lib/domain/clinics/nearest.ts): the
 * tenant's active clinics within the radius that offer every service of the package, within the
 * location's fee cap, nearest first. The fixtures stand in the Pacific (no seeded clinic is near),
 * at the equator, so the geometry of each case is known.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { clinics, clinicServices } from '@/lib/db/schema';
import { DEMO } from '@/lib/seed';
import { authenticateToken } from '@/lib/domain/api-tokens/tokens';
import { nearestClinicOffering } from '@/lib/domain/clinics/nearest';
import type { Ctx } from '@/lib/domain/context';
import type { Position } from '@/lib/geo/geocode';
import { db, token, withTestDatabase } from './harness';

withTestDatabase();

const run = randomBytes(4).toString('hex');
const P: Position = { lat: 0, long: -150 };
const MILES_PER_DEGREE = 69.09;
const east = (miles: number): Position => ({ lat: P.lat, long: P.long + miles / MILES_PER_DEGREE });
const north = (miles: number): Position => ({ lat: P.lat + miles / MILES_PER_DEGREE, long: P.long });
const S = DEMO.acme.services;
const both = [S.dotUrine, S.nonDotUrine];

const idOf = (key: string) => `nct-${run}-${key}`;
const FIXTURES: Array<{ key: string; at: Position; services: string[]; priceCents: number; isActive?: boolean; tenantId?: string }> = [
  { key: 'west10', at: east(-10), services: both, priceCents: 5000 },
  { key: 'north5', at: north(5), services: [S.dotUrine], priceCents: 5000 },
  { key: 'east20', at: east(20), services: both, priceCents: 1000 },
  { key: 'inactive3', at: north(3), services: both, priceCents: 1000, isActive: false },
  // Another tenant's clinic at the very position, offering both services.
  { key: 'northwind0', at: P, services: both, priceCents: 1000, tenantId: DEMO.tenants.northwind.id },
];

let ctx: Ctx;

beforeAll(async () => {
  await db()
    .insert(clinics)
    .values(FIXTURES.map((f) => ({ id: idOf(f.key), tenantId: f.tenantId ?? DEMO.tenants.acme.id, name: `Nearest ${run} ${f.key}`, lat: f.at.lat, long: f.at.long, isActive: f.isActive ?? true })));
  await db()
    .insert(clinicServices)
    .values(FIXTURES.flatMap((f) => f.services.map((serviceId) => ({ clinicId: idOf(f.key), serviceId, priceCents: f.priceCents }))));
  const principal = (await authenticateToken(db(), await token()))!;
  ctx = { ...principal, db: db(), requestId: 'nearest-clinic', source: 'api' };
});

afterAll(async () => {
  const ids = FIXTURES.map((f) => idOf(f.key));
  await db().delete(clinicServices).where(inArray(clinicServices.clinicId, ids));
  await db().delete(clinics).where(inArray(clinics.id, ids));
});

const nearest = (serviceIds: string[], radiusMiles: number, feeCapCents: number | null = null) =>
  nearestClinicOffering(ctx, { position: P, radiusMiles, serviceIds, feeCapCents });

describe('nearestClinicOffering', () => {
  it('the nearest active clinic of the tenant offering every service', async () => {
    expect(await nearest(both, 50)).toBe(idOf('west10'));
    expect(await nearest([S.dotUrine], 50)).toBe(idOf('north5'));
    expect(await nearest([S.dotUrine, S.dotUrine], 50)).toBe(idOf('north5'));
  });

  it('within the fee cap: the price of every service together', async () => {
    expect(await nearest(both, 50, 2500)).toBe(idOf('east20'));
    expect(await nearest(both, 50, 2000)).toBe(idOf('east20'));
    expect(await nearest(both, 50, 1999)).toBeNull();
  });

  it('within the radius, measured exactly: a clinic inside the radius box but farther than the radius is not taken', async () => {
    // east20 is ~20 miles away; at the equator and 150°W its offset is (10, 17.3) miles on the
    // box's axes, so a box of 18.5 miles holds it while the distance exceeds the radius.
    expect(await nearest(both, 21, 2500)).toBe(idOf('east20'));
    expect(await nearest(both, 18.5, 2500)).toBeNull();
    expect(await nearest(both, 5)).toBeNull();
  });
});
