/**
 * Agencies and their job categories: the same for every token (spec 4.8). Reference data of a few
 * rows, written only by the seed: the list is served from a copy of both tables per database,
 * read again when it is older than REFERENCE_TTL_MS (see `agenciesOf`).
 */
import { asc, count, eq, and, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { agencies, jobCategories } from '@/lib/db/schema';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { offsetOf, page, PageQuery } from '@/lib/domain/pagination';
import { agencyRef, API, jobCategoryRef, type Agency, type JobCategory } from '@/lib/domain/contract/representation';
import { runtime } from '@/lib/runtime';

/** The representation, declared with its schema in lib/domain/contract/representation.ts. */
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

/** How long a copy of the reference tables serves reads: a change (the seed) shows within this. */
export const REFERENCE_TTL_MS = 5_000;

interface ReferenceData {
  /** Every agency, in the list's order (code), each with its job categories in theirs (name, id). */
  agencies: Agency[];
  loadedAt: number;
}

// Per database handle (a test process opens several); a transaction's handle is not cached.
// In the runtime like lib/db/client's maps: one copy for every route bundle of the server.
declare module '@/lib/runtime' {
  interface Runtime {
    /** A copy of the agencies and job categories per database handle (lib/domain/agencies). */
    agencyReferenceData?: WeakMap<Db, Promise<ReferenceData>>;
  }
}
const references = (): WeakMap<Db, Promise<ReferenceData>> => (runtime().agencyReferenceData ??= new WeakMap());

async function loadReferenceData(db: Db): Promise<ReferenceData> {
  const loadedAt = Date.now();
  // Both tables whole, in the orders the pages use (PostgreSQL's collation, not JavaScript's).
  const rows = await db.select().from(agencies).orderBy(asc(agencies.code));
  const categories = await db.select().from(jobCategories).orderBy(asc(jobCategories.name), asc(jobCategories.id));
  return { agencies: rows.map((a) => serializeAgency(a, categories.filter((c) => c.agencyId === a.id))), loadedAt };
}

/**
 * The agencies with their job categories, from a copy at most REFERENCE_TTL_MS old. Concurrent
 * requests share one load; a failed load is not kept.
 */
function agenciesOf(db: Db): Promise<ReferenceData> {
  const cached = references().get(db);
  if (cached) return cached.then((data) => (Date.now() - data.loadedAt < REFERENCE_TTL_MS ? data : reload(db, cached)));
  return reload(db);
}

function reload(db: Db, stale?: Promise<ReferenceData>): Promise<ReferenceData> {
  const referenceData = references();
  const current = referenceData.get(db);
  if (current && current !== stale) return current; // another request is already reloading
  const loading = loadReferenceData(db);
  referenceData.set(db, loading);
  loading.catch(() => {
    if (referenceData.get(db) === loading) referenceData.delete(db);
  });
  return loading;
}

/** Forgets the copy of `db`'s reference data (tests that change the tables). */
export function forgetAgencyReferenceData(db: Db): void {
  references().delete(db);
}

export async function listAgencies(ctx: Ctx, q: PageQuery) {
  const { agencies: all } = await agenciesOf(ctx.db);
  const offset = offsetOf(q);
  return page(all.slice(offset, offset + q.limit), all.length, q);
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
