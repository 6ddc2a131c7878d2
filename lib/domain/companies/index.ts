import { and, asc, count, eq, ilike } from 'drizzle-orm';
import { companies } from '@/lib/db/schema';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { activeLinkedCompany, linkedCompany } from '@/lib/domain/access';
import { API, iso, toAddress, type Company } from '@/lib/domain/contract/representation';
import { likePattern, offsetOf, page, PageQuery, TextFilter } from '@/lib/domain/pagination';
import { z } from 'zod';
import { IsActiveFilter } from './schemas';

/** The representation, declared with its schema in lib/domain/contract/representation.ts. */
export type { Company };

export const ListCompaniesQuery = PageQuery.extend({
  name: TextFilter.optional(),
  /** `false` lists the deactivated companies (an admin reactivates them); default `true`. */
  isActive: IsActiveFilter.optional(),
});
export type ListCompaniesQuery = z.output<typeof ListCompaniesQuery>;

type CompanyRow = typeof companies.$inferSelect;

/** Spec 2.7. */
export function serializeCompany(c: CompanyRow): Company {
  return {
    id: c.id,
    object: 'company' as const,
    name: c.name,
    address: toAddress(c),
    createdAt: iso(c.createdAt),
    phone: c.phone,
    url: `${API}/companies/${c.id}`,
    isActive: c.isActive,
    backgroundCheckEnabled: c.backgroundCheckEnabled,
    orderMatching: { enabled: c.orderMatchingEnabled, windowDays: c.orderMatchingWindowDays },
  };
}

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
