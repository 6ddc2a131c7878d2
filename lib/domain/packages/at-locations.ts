/**
 * The packages a user can order at each of their locations, with the facts of each service: what
 * the new-order form needs to show a location's packages and the fields a package calls for,
 * read once on the server instead of one request per package and per service.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { locations, packages } from '@/lib/db/schema';
import type { Ctx } from '@/lib/domain/context';
import { activePackage, availableAtLocation, servicesOfPackages } from './queries';
import type { PackageServiceRow } from './serialize';

export interface PackageAtLocations {
  id: string;
  name: string;
  isDot: boolean;
  services: Array<Pick<PackageServiceRow, 'id' | 'name' | 'type' | 'category' | 'isDot' | 'specimenType'>>;
  /** The given locations where the package can be ordered. */
  locationIds: string[];
}

const at = alias(locations, 'at');

/** The orderable packages available at any of `locationIds`, by name (the order of the list). */
export async function packagesAtLocations(ctx: Ctx, locationIds: string[]): Promise<PackageAtLocations[]> {
  if (locationIds.length === 0) return [];
  const rows = await ctx.db
    .select({ id: packages.id, name: packages.name, locationId: at.id })
    .from(packages)
    .innerJoin(at, availableAtLocation(at.id))
    .where(and(activePackage(ctx), eq(at.tenantId, ctx.tenantId), inArray(at.id, locationIds)))
    .orderBy(asc(packages.name), asc(packages.id));
  const byId = new Map<string, PackageAtLocations>();
  for (const row of rows) {
    const entry = byId.get(row.id) ?? { id: row.id, name: row.name, isDot: false, services: [], locationIds: [] };
    entry.locationIds.push(row.locationId);
    byId.set(row.id, entry);
  }
  for (const s of await servicesOfPackages(ctx, [...byId.keys()])) {
    const entry = byId.get(s.packageId)!;
    entry.services.push({ id: s.id, name: s.name, type: s.type, category: s.category, isDot: s.isDot, specimenType: s.specimenType });
    entry.isDot ||= s.isDot;
  }
  return [...byId.values()];
}
