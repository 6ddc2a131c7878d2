/** Agencies and their job categories: the same for every token (spec 4.8). */
import { asc, count, eq, and, inArray } from 'drizzle-orm';
import { agencies, jobCategories } from '@/lib/db/schema';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { offsetOf, page, PageQuery } from '@/lib/domain/pagination';
import { agencyRef, API, jobCategoryRef, type Agency, type JobCategory } from '@/lib/domain/representation';

/** The representation, declared with its schema in lib/domain/representation.ts. */
export type { Agency, JobCategory };

export const ListAgenciesQuery = PageQuery;
export const ListJobCategoriesQuery = PageQuery;

type AgencyRow = typeof agencies.$inferSelect;
type JobCategoryRow = typeof jobCategories.$inferSelect;

export function serializeAgency(a: AgencyRow, categories: JobCategoryRow[]): Agency {
  return {
    id: a.id,
    object: 'agency' as const,
    code: a.code,
    name: a.name,
    jobCategories: categories.map(jobCategoryRef),
    url: `${API}/agencies/${a.id}`,
  };
}

export function serializeJobCategory(j: JobCategoryRow, agency: AgencyRow): JobCategory {
  return { id: j.id, object: 'jobCategory' as const, name: j.name, code: j.code, agency: agencyRef(agency), url: jobCategoryRef(j).url };
}

async function categoriesOf(ctx: Ctx, agencyIds: string[]) {
  if (agencyIds.length === 0) return [];
  return ctx.db.select().from(jobCategories).where(inArray(jobCategories.agencyId, agencyIds)).orderBy(asc(jobCategories.name), asc(jobCategories.id));
}

export async function listAgencies(ctx: Ctx, q: PageQuery) {
  const rows = await ctx.db.select().from(agencies).orderBy(asc(agencies.code)).limit(q.limit).offset(offsetOf(q));
  const [{ total }] = await ctx.db.select({ total: count() }).from(agencies);
  const categories = await categoriesOf(ctx, rows.map((a) => a.id));
  return page(rows.map((a) => serializeAgency(a, categories.filter((c) => c.agencyId === a.id))), total, q);
}

export async function getAgencyRow(ctx: Ctx, id: string): Promise<AgencyRow> {
  const [row] = await ctx.db.select().from(agencies).where(eq(agencies.id, id));
  if (!row) throw notFound('Agency');
  return row;
}

export async function getAgency(ctx: Ctx, id: string) {
  const agency = await getAgencyRow(ctx, id);
  return serializeAgency(agency, await categoriesOf(ctx, [agency.id]));
}

export async function listJobCategories(ctx: Ctx, agencyId: string, q: PageQuery) {
  const agency = await getAgencyRow(ctx, agencyId);
  const where = eq(jobCategories.agencyId, agency.id);
  const rows = await ctx.db.select().from(jobCategories).where(where).orderBy(asc(jobCategories.name), asc(jobCategories.id)).limit(q.limit).offset(offsetOf(q));
  const [{ total }] = await ctx.db.select({ total: count() }).from(jobCategories).where(where);
  return page(rows.map((j) => serializeJobCategory(j, agency)), total, q);
}

export async function getJobCategory(ctx: Ctx, agencyId: string, id: string) {
  const agency = await getAgencyRow(ctx, agencyId);
  const [row] = await ctx.db.select().from(jobCategories).where(and(eq(jobCategories.agencyId, agency.id), eq(jobCategories.id, id)));
  if (!row) throw notFound('Job category');
  return serializeJobCategory(row, agency);
}
