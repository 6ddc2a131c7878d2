/** Reading companies, and the SQL scope of the companies a principal manages. */
import { and, asc, count, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import { companies } from '@/lib/db/schema';
import { activeLinkedCompany, inCompanies, linkedCompany } from '@/lib/domain/access';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { likePattern, offsetOf, page } from '@/lib/domain/pagination';
import type { ListCompaniesQuery } from './schemas';
import { serializeCompany } from './serialize';

/** Active linked companies by name; `isActive: false` the deactivated ones instead. */
export async function listCompanies(ctx: Ctx, q: ListCompaniesQuery) {
  const where = and(q.isActive === false ? and(linkedCompany(ctx), eq(companies.isActive, false)) : activeLinkedCompany(ctx), q.name ? ilike(companies.name, likePattern(q.name)) : undefined);
  const rows = await ctx.db.select().from(companies).where(where).orderBy(asc(companies.name), asc(companies.id)).limit(q.limit).offset(offsetOf(q));
  const [{ total }] = await ctx.db.select({ total: count() }).from(companies).where(where);
  return page(rows.map(serializeCompany), total, q);
}

export async function getCompany(ctx: Ctx, id: string) {
  const [row] = await ctx.db.select().from(companies).where(and(linkedCompany(ctx), eq(companies.id, id)));
  if (!row) throw notFound('Company');
  return serializeCompany(row);
}

/**
 * Companies the principal manages: non-deleted ones of its tenant, active or not; every one for a
 * tenant-wide principal (so a company it has just created is its own at once, whatever the
 * principal cache holds), its linked ones otherwise.
 */
export function manageableCompany(ctx: Ctx): SQL {
  return and(eq(companies.tenantId, ctx.tenantId), isNull(companies.deletedAt), ctx.allCompanies ? undefined : inCompanies(companies.id, ctx.companyIds))!;
}
