/** Reading services, and the SQL scope of the services a principal sees. */
import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { services } from '@/lib/db/schema';
import { orderableServiceIds } from '@/lib/domain/access';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { likePattern, offsetOf, page } from '@/lib/domain/pagination';
import type { ListServicesQuery } from './schemas';
import { serializeService, type Service } from './serialize';

/** The services of the principal's packages (spec 4.5). */
function visible(ctx: Ctx): SQL {
  return and(eq(services.tenantId, ctx.tenantId), inArray(services.id, orderableServiceIds(ctx)))!;
}

/** The tenant's whole catalog: for `package.write` only (403 `insufficientScope` otherwise). */
function catalog(ctx: Ctx): SQL {
  if (!ctx.scopes.has('package.write'))
    throw new DomainError('insufficientScope', 'Listing the whole service catalog (catalog=true) needs the "package.write" scope, which the token does not have.', {
      pointer: '/catalog',
      meta: { requiredScope: 'package.write' },
    });
  return eq(services.tenantId, ctx.tenantId);
}

async function selectServices(ctx: Ctx, q: ListServicesQuery) {
  const where = and(
    q.catalog ? catalog(ctx) : visible(ctx),
    q.name ? ilike(services.name, likePattern(q.name)) : undefined,
    q.type ? eq(services.type, q.type) : undefined,
  );
  const rows = await ctx.db.select().from(services).where(where).orderBy(asc(services.name), asc(services.id)).limit(q.limit).offset(offsetOf(q));
  const [{ total }] = await ctx.db.select({ total: count() }).from(services).where(where);
  return { rows, total };
}

/** Services offered by the linked companies and their locations, ordered by name (spec 4.5); `catalog` the whole catalog. */
export async function listServices(ctx: Ctx, q: ListServicesQuery) {
  const { rows, total } = await selectServices(ctx, q);
  return page(rows.map(serializeService), total, q);
}

/** A service with the tenant's own id for it: what the clinic import's `services` column names. */
export type CatalogEntry = Service & { externalId: string | null };

/** The same list for the dashboard, with each service's externalId. */
export async function listCatalogEntries(ctx: Ctx, q: ListServicesQuery) {
  const { rows, total } = await selectServices(ctx, q);
  return page(rows.map((r): CatalogEntry => ({ ...serializeService(r), externalId: r.externalId })), total, q);
}

/** 404 for any failure, without revealing existence. */
export async function getService(ctx: Ctx, id: string) {
  const [row] = await ctx.db.select().from(services).where(and(visible(ctx), eq(services.id, id)));
  if (!row) throw notFound('Service');
  return serializeService(row);
}
