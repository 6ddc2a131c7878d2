/**
 * The nearest clinic for an order's `nearestClinic` schedule strategy: the clinic search's own SQL
 * (`nearbyClinicsSql`: the radius box on the GiST index, the exact check against the radius, the
 * order by distance, every service offered), so "near" means the same thing in both places.
 */
import { asc } from 'drizzle-orm';
import { clinics } from '@/lib/db/schema';
import type { Ctx } from '@/lib/domain/context';
import type { Position } from '@/lib/geo/geocode';
import { nearbyClinicsSql } from './nearby';

/**
 * The id of the tenant's nearest active clinic within `radiusMiles` of `position` that offers every
 * one of `serviceIds` and, when `feeCapCents` is set, whose price for them all is within it; null
 * when there is none. Ties in distance go to the smaller id.
 */
export async function nearestClinicOffering(
  ctx: Ctx,
  args: { position: Position; radiusMiles: number; serviceIds: string[]; feeCapCents: number | null },
): Promise<string | null> {
  const { where, near } = nearbyClinicsSql({ tenantId: ctx.tenantId, ...args });
  const [row] = await ctx.db
    .select({ id: clinics.id })
    .from(clinics)
    .where(where)
    .orderBy(near!.order, asc(clinics.id))
    .limit(1);
  return row?.id ?? null;
}
