/**
 * The package editor's check: which active clinics of the tenant within a radius of a location's ZIP
 * code offer every chosen service. Unlike the API's clinic search it does not limit the services to
 * those the principal can already order: a package being set up may name services no package holds
 * yet. "Near" and "offers" are the clinic search's own SQL (`nearbyClinicsSql`).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { clinics, companies, locations } from '@/lib/db/schema';
import { manageableCompany } from '@/lib/domain/companies/queries';
import type { Ctx } from '@/lib/domain/context';
import type { NearbyClinics } from '@/lib/domain/contract/management';
import { nearbyClinicsSql } from '@/lib/domain/clinics/nearby';
import { DEFAULT_RADIUS_MILES } from '@/lib/domain/clinics/search';
import { notFound } from '@/lib/domain/errors';
import { geocodeZip } from '@/lib/geo/geocode';
import { MAX_PACKAGE_SERVICES } from './schemas';

/** `GET /api/v2/locations/{id}/nearbyClinics`: the services the clinics must all offer. */
export const NearbyClinicsQuery = z.object({
  serviceIds: z
    .string()
    .min(1)
    .max(10_000)
    .transform((s) => [...new Set(s.split(',').map((v) => v.trim()).filter(Boolean))])
    .pipe(z.array(z.string().min(1).max(255)).min(1).max(MAX_PACKAGE_SERVICES))
    .meta({ type: 'string', description: `Comma-separated service ids (1 to ${MAX_PACKAGE_SERVICES}); the clinics offer all of them.` } as Record<string, unknown>),
});
export type NearbyClinicsQuery = z.output<typeof NearbyClinicsQuery>;

/** The nearest few (`limit`) and the total; 404 for a location outside the principal's companies. */
export async function clinicsOfferingNear(ctx: Ctx, q: { locationId: string; serviceIds: readonly string[] }, limit = 5): Promise<NearbyClinics> {
  const [location] = await ctx.db
    .select({ postalCode: locations.postalCode })
    .from(locations)
    .innerJoin(companies, eq(companies.id, locations.companyId))
    .where(and(eq(locations.id, q.locationId), eq(locations.tenantId, ctx.tenantId), manageableCompany(ctx)));
  if (!location) throw notFound('Location');
  const radiusMiles = DEFAULT_RADIUS_MILES;
  const position = location.postalCode ? geocodeZip(location.postalCode) : null;
  if (!position) return { object: 'nearbyClinics', postalCode: null, radiusMiles, total: 0, clinics: [] };
  const { where, near } = nearbyClinicsSql({ tenantId: ctx.tenantId, position, radiusMiles, serviceIds: q.serviceIds });
  const rows = await ctx.db
    .select({ id: clinics.id, name: clinics.name, city: clinics.city, state: clinics.state, miles: near!.miles, total: sql<number>`count(*) over ()` })
    .from(clinics)
    .where(where)
    .orderBy(near!.order, asc(clinics.id))
    .limit(limit);
  return {
    object: 'nearbyClinics',
    postalCode: location.postalCode,
    radiusMiles,
    total: Number(rows[0]?.total ?? 0),
    clinics: rows.map(({ total: _total, miles, ...c }) => ({ ...c, miles: Math.round(Number(miles) * 10) / 10 })),
  };
}
