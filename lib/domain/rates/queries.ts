/**
 * Reading the random-testing rates: the same for every tenant (reference data). The pools' minimum
 * for a year is the highest rate of their agencies: a combined pool tests at the highest applicable
 * rate (PROGRAM-FACTS "Combined pools").
 */
import { and, asc, count, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { agencies, randomRates } from '@/lib/db/schema';
import { tenantNow } from '@/lib/domain/clock';
import type { Ctx } from '@/lib/domain/context';
import { offsetOf, page } from '@/lib/domain/pagination';
import type { ListRandomRatesQuery } from './schemas';
import { serializeRate } from './serialize';

export async function listRandomRates(ctx: Ctx, q: ListRandomRatesQuery) {
  const year = q.year ?? (await tenantNow(ctx)).getUTCFullYear();
  const where = eq(randomRates.year, year);
  const rows = await ctx.db
    .select({ rate: randomRates, agency: { id: agencies.id, code: agencies.code } })
    .from(randomRates)
    .innerJoin(agencies, eq(agencies.id, randomRates.agencyId))
    .where(where)
    .orderBy(asc(agencies.code), asc(randomRates.category))
    .limit(q.limit)
    .offset(offsetOf(q));
  const [{ total }] = await ctx.db.select({ total: count() }).from(randomRates).where(where);
  return page(rows.map((r) => serializeRate(r.rate, r.agency)), total, q);
}

/** Per agency, the minimum rates of a year. */
export interface AgencyMinimum {
  agencyId: string;
  code: string;
  year: number;
  drug: number;
  /** null: the agency has no random alcohol testing. */
  alcohol: number | null;
  source: string;
}

/**
 * The minimum of each agency for `year`: that year's rows, or (for a year not yet published) the
 * latest year before it. FRA's categories are one agency here: its highest category rate, since a
 * pool's members may be of any of them.
 */
export async function agencyMinimums(db: Db, agencyIds: readonly string[], year: number): Promise<AgencyMinimum[]> {
  if (agencyIds.length === 0) return [];
  const rows = await db
    .select({ rate: randomRates, code: agencies.code })
    .from(randomRates)
    .innerJoin(agencies, eq(agencies.id, randomRates.agencyId))
    .where(and(inArray(randomRates.agencyId, [...agencyIds]), lte(randomRates.year, year)))
    .orderBy(desc(randomRates.year));
  const out: AgencyMinimum[] = [];
  for (const agencyId of agencyIds) {
    const mine = rows.filter((r) => r.rate.agencyId === agencyId);
    if (mine.length === 0) continue;
    const latest = mine.filter((r) => r.rate.year === mine[0].rate.year);
    const alcohols = latest.map((r) => r.rate.alcoholRate).filter((a): a is number => a !== null);
    out.push({
      agencyId,
      code: latest[0].code,
      year: latest[0].rate.year,
      drug: Math.max(...latest.map((r) => r.rate.drugRate)),
      alcohol: alcohols.length ? Math.max(...alcohols) : null,
      source: latest.map((r) => r.rate.source).join('; '),
    });
  }
  return out;
}
