/** Reading locations: under linked companies, in SQL. */
import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import { companies, locations } from '@/lib/db/schema';
import { activeLinkedCompany, linkedCompany } from '@/lib/domain/access';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { likePattern, offsetOf, page } from '@/lib/domain/pagination';
import type { ListLocationsQuery } from './schemas';
import { selection, serializeLocation } from './serialize';

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

/** A location by id, whatever its state (after a change in the same transaction). */
export async function readLocation(ctx: Ctx, id: string) {
  const [row] = await ctx.db.select(selection).from(locations).innerJoin(companies, eq(companies.id, locations.companyId)).where(eq(locations.id, id));
  return row;
}
