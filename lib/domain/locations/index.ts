import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import { z } from 'zod';
import { companies, locations } from '@/lib/db/schema';
import { IsActiveFilter } from '@/lib/domain/companies/schemas';
import { activeLinkedCompany, linkedCompany } from '@/lib/domain/access';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { likePattern, offsetOf, page, PageQuery, TextFilter } from '@/lib/domain/pagination';
import { API, companyRef, iso, toAddress, type Location } from '@/lib/domain/contract/representation';

/** The representation, declared with its schema in lib/domain/contract/representation.ts. */
export type { Location };

export const ListLocationsQuery = PageQuery.extend({
  name: TextFilter.optional(),
  companyId: z.string().min(1).max(255).optional(),
  city: TextFilter.optional(),
  state: TextFilter.optional(),
  /** `false` lists the deactivated locations (of active companies); default `true`. */
  isActive: IsActiveFilter.optional(),
});
export type ListLocationsQuery = z.output<typeof ListLocationsQuery>;

type Row = { location: typeof locations.$inferSelect; company: { id: string; name: string; orderMatchingEnabled: boolean; orderMatchingWindowDays: number } };

/** Spec 2.8: `address` is always an Address object. */
export function serializeLocation({ location: l, company }: Row): Location {
  return {
    id: l.id,
    object: 'location' as const,
    name: l.name,
    address: toAddress(l) ?? { object: 'address' as const, line1: null, line2: null, city: null, state: null, postalCode: null, country: null },
    company: companyRef(company),
    createdAt: iso(l.createdAt),
    phone: l.phone,
    url: `${API}/locations/${l.id}`,
    isActive: l.isActive,
    scheduleStrategies: l.scheduleStrategies,
    feeCap: l.feeCapCents === null ? null : l.feeCapCents / 100,
    orderMatching:
      l.orderMatchingEnabled === null && l.orderMatchingWindowDays === null
        ? null
        : { enabled: l.orderMatchingEnabled ?? company.orderMatchingEnabled, windowDays: l.orderMatchingWindowDays ?? company.orderMatchingWindowDays },
  };
}

export const selection = {
  location: locations,
  company: { id: companies.id, name: companies.name, orderMatchingEnabled: companies.orderMatchingEnabled, orderMatchingWindowDays: companies.orderMatchingWindowDays },
};

/** Active locations under active linked companies, ordered by name (spec 4.4); `isActive: false` the deactivated ones. */
export async function listLocations(ctx: Ctx, q: ListLocationsQuery) {
  const where = and(
    eq(locations.tenantId, ctx.tenantId),
    eq(locations.isActive, q.isActive ?? true),
    activeLinkedCompany(ctx),
    q.name ? ilike(locations.name, likePattern(q.name)) : undefined,
    q.companyId ? eq(locations.companyId, q.companyId) : undefined,
    q.city ? ilike(locations.city, likePattern(q.city)) : undefined,
    q.state ? sql`lower(${locations.state}) = lower(${q.state})` : undefined,
  );
  const from = () => ctx.db.select(selection).from(locations).innerJoin(companies, eq(companies.id, locations.companyId));
  const rows = await from().where(where).orderBy(asc(locations.name), asc(locations.id)).limit(q.limit).offset(offsetOf(q));
  const [{ total }] = await ctx.db.select({ total: count() }).from(locations).innerJoin(companies, eq(companies.id, locations.companyId)).where(where);
  return page(rows.map(serializeLocation), total, q);
}

/** A location under a linked company; inactive ones stay readable since orders link to them. */
export async function getLocation(ctx: Ctx, id: string) {
  const [row] = await ctx.db
    .select(selection)
    .from(locations)
    .innerJoin(companies, eq(companies.id, locations.companyId))
    .where(and(eq(locations.id, id), eq(locations.tenantId, ctx.tenantId), linkedCompany(ctx)));
  if (!row) throw notFound('Location');
  return serializeLocation(row);
}
