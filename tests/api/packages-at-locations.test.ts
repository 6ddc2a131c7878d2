/**
 * The packages of the new-order page (lib/domain/packages/at-locations.ts): for each location, the
 * same packages as GET /api/v2/packages?locationId=..., with the facts of their services as
 * GET /api/v2/services/{id} gives them.
 */
import { describe, expect, it } from 'vitest';
import * as schema from '@/lib/db/schema';
import { authenticateToken } from '@/lib/domain/api-tokens/tokens';
import type { Ctx } from '@/lib/domain/context';
import { listLocations } from '@/lib/domain/locations';
import { allPages } from '@/lib/domain/pagination';
import { packagesAtLocations } from '@/lib/domain/packages/at-locations';
import { DEMO } from '@/lib/seed';
import { db, get, token, withTablesStill, withTestDatabase } from './harness';

withTestDatabase();

type ListedPackage = { id: string; isDot: boolean; services: Array<{ id: string }> };

async function ctxOf(t: string): Promise<Ctx> {
  return { ...(await authenticateToken(db(), t))!, db: db(), requestId: 'packages-at-locations', source: 'api' };
}

describe('packagesAtLocations', () => {
  it('each location has the packages the API lists for it, in the same order, with their services', async () => {
    const t = await token();
    const ctx = await ctxOf(t);
    // While no other test file adds or changes companies, locations or packages (on PostgreSQL they
    // add them to the same tenant: one added between the two reads would be in only one of them).
    // In the order writers take these tables, so that waiting on a writer never closes a circle.
    await withTablesStill([schema.companies, schema.locations, schema.packages, schema.packageServices], async () => {
      const locations = await allPages((q) => listLocations(ctx, q), Infinity);
      expect(locations.length).toBeGreaterThan(1);
      const packages = await packagesAtLocations(ctx, locations.map((l) => l.id));
      for (const location of locations) {
        const listed = await allPages<ListedPackage>(async (q) => (await get('/api/v2/packages', { token: t, query: { ...q, locationId: location.id } })).body, Infinity);
        const here = packages.filter((p) => p.locationIds.includes(location.id));
        expect(here.map((p) => p.id), location.name).toEqual(listed.map((p) => p.id));
        for (const [i, p] of here.entries()) {
          expect(p.isDot).toBe(listed[i].isDot);
          expect(p.services.map((s) => s.id)).toEqual(listed[i].services.map((s) => s.id));
        }
      }
      for (const s of packages.find((p) => p.id === DEMO.acme.packages.dot)!.services) {
        const service = (await get(`/api/v2/services/${s.id}`, { token: t })).body;
        expect({ isDot: s.isDot, type: s.type, specimenType: s.specimenType }).toEqual({ isDot: service.isDot, type: service.type, specimenType: service.attributes?.type ?? null });
      }
    });
  });

  it('only the principal’s packages: another tenant’s location has none', async () => {
    const ctx = await ctxOf(await token());
    const northwind = await ctxOf(await token({ tenant: 'northwind' }));
    const theirs = await allPages((q) => listLocations(northwind, q), Infinity);
    expect(await packagesAtLocations(ctx, theirs.map((l) => l.id))).toEqual([]);
    expect(await packagesAtLocations(ctx, [])).toEqual([]);
  });
});
