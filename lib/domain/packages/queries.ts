/** Reading packages (DESIGN.md section 4): a company's package is usable at all its locations. */
import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { companies, locations, packages, packageServices, services } from '@/lib/db/schema';
import { activeLinkedCompany, linkedCompany, orderablePackage } from '@/lib/domain/access';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { likePattern, offsetOf, page } from '@/lib/domain/pagination';
import type { ListPackagesQuery } from './schemas';
import { serializePackage, type Package, type PackageServiceRow } from './serialize';

const selection = {
  id: packages.id,
  name: packages.name,
  companyId: companies.id,
  companyName: companies.name,
  locationId: locations.id,
  locationName: locations.name,
  isActive: packages.isActive,
};

/** The services of packages, in package order. */
export async function servicesOfPackages(ctx: Ctx, packageIds: string[]): Promise<PackageServiceRow[]> {
  if (packageIds.length === 0) return [];
  return ctx.db
    .select({
      packageId: packageServices.packageId,
      id: services.id,
      name: services.name,
      type: services.type,
      isDot: services.isDot,
      category: services.category,
      specimenType: services.specimenType,
    })
    .from(packageServices)
    .innerJoin(services, eq(services.id, packageServices.serviceId))
    .where(inArray(packageServices.packageId, packageIds))
    .orderBy(asc(packageServices.packageId), asc(packageServices.position));
}

/** Packages usable at a location (a value or a column): its own, and its company's while the location is active. */
export function availableAtLocation(locationId: string | AnyColumn): SQL {
  return or(
    eq(packages.locationId, locationId),
    and(isNull(packages.locationId), sql`${packages.companyId} = (select l.company_id from locations l where l.id = ${locationId} and l.is_active)`),
  )!;
}

export const baseQuery = (ctx: Ctx) =>
  ctx.db
    .select(selection)
    .from(packages)
    .innerJoin(companies, eq(companies.id, packages.companyId))
    .leftJoin(locations, eq(locations.id, packages.locationId));

/** Packages that can be ordered: orderable where they are, and not deactivated. */
export function activePackage(ctx: Ctx): SQL {
  return and(orderablePackage(ctx), eq(packages.isActive, true))!;
}

/** Deactivated packages under active linked companies (the list an admin reactivates from). */
function inactivePackage(ctx: Ctx): SQL {
  return and(
    eq(packages.tenantId, ctx.tenantId),
    eq(packages.isActive, false),
    sql`exists (select 1 from ${companies} where ${companies.id} = ${packages.companyId} and ${activeLinkedCompany(ctx)})`,
  )!;
}

/** The orderable packages by name; `isActive: false` the deactivated ones instead. */
export async function listPackages(ctx: Ctx, q: ListPackagesQuery) {
  const where = and(
    q.isActive === false ? inactivePackage(ctx) : activePackage(ctx),
    q.name ? ilike(packages.name, likePattern(q.name)) : undefined,
    q.companyId ? eq(packages.companyId, q.companyId) : undefined,
    q.locationId ? availableAtLocation(q.locationId) : undefined,
  );
  const rows = await baseQuery(ctx).where(where).orderBy(asc(packages.name), asc(packages.id)).limit(q.limit).offset(offsetOf(q));
  const [{ total }] = await ctx.db.select({ total: count() }).from(packages).where(where);
  const items = await servicesOfPackages(ctx, rows.map((r) => r.id));
  return page(rows.map((r) => serializePackage(r, items.filter((s) => s.packageId === r.id))), total, q);
}

/** A package of a linked company, active or not: orders placed name it, and an admin reactivates it. */
export async function getPackage(ctx: Ctx, id: string) {
  const [row] = await baseQuery(ctx).where(and(eq(packages.tenantId, ctx.tenantId), linkedCompany(ctx), eq(packages.id, id)));
  if (!row) throw notFound('Package');
  return serializePackage(row, await servicesOfPackages(ctx, [row.id]));
}

/** A package by id, whatever its state (after a change in the same transaction). */
export async function readPackage(ctx: Ctx, id: string): Promise<Package> {
  const [row] = await baseQuery(ctx).where(eq(packages.id, id));
  return serializePackage(row, await servicesOfPackages(ctx, [id]));
}
