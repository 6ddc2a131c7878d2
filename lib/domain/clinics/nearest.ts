/**
 * The nearest clinic for an order's `nearestClinic` schedule strategy. The distance is the clinic
 * search's own SQL (`nearSql`: the radius box on the GiST index, the exact check against the
 * radius, the order by distance), so "near" means the same thing in both places.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { clinics } from '@/lib/db/schema';
import type { Ctx } from '@/lib/domain/context';
import type { Position } from '@/lib/geo/geocode';
import { nearSql } from './search';

/** Qualified: drizzle renders `clinics.id` as a bare "id", which a subquery would take for its own. */
const clinicId = sql.raw('"clinics"."id"');

/**
 * The id of the tenant's nearest active clinic within `radiusMiles` of `position` that offers every
 * one of `serviceIds` and, when `feeCapCents` is set, whose price for them all is within it; null
 * when there is none. Ties in distance go to the smaller id.
 */
export async function nearestClinicOffering(
  ctx: Ctx,
  args: { position: Position; radiusMiles: number; serviceIds: string[]; feeCapCents: number | null },
): Promise<string | null> {
  const serviceIds = [...new Set(args.serviceIds)];
  const near = nearSql(args.position, args.radiusMiles);
  const required = sql`${sql.param(serviceIds)}::text[]`;
  const [row] = await ctx.db
    .select({ id: clinics.id })
    .from(clinics)
    .where(
      and(
        eq(clinics.tenantId, ctx.tenantId),
        eq(clinics.isActive, true),
        near.within,
        sql`(select count(*) from clinic_services cs where cs.clinic_id = ${clinicId} and cs.service_id = any(${required})) = ${serviceIds.length}`,
        args.feeCapCents !== null
          ? sql`(select sum(cs.price_cents) from clinic_services cs where cs.clinic_id = ${clinicId} and cs.service_id = any(${required})) <= ${args.feeCapCents}`
          : undefined,
      ),
    )
    .orderBy(near.order, asc(clinics.id))
    .limit(1);
  return row?.id ?? null;
}
