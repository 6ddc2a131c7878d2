/**
 * `random-rates set` (the operator CLI): adds or corrects one agency's (and FRA category's) rates for
 * a year, with the notice they come from. Reference data: no tenant, so no audit entry of a tenant;
 * the row keeps its source.
 */
import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { agencies, randomRates } from '@/lib/db/schema';
import { DomainError, notFound } from '@/lib/domain/errors';
import { newId } from '@/lib/ids';
import { RATE_CATEGORIES, type RateCategory } from './rates-data';
import { serializeRate, type RandomRate } from './serialize';

export interface SetRateInput {
  /** An agency id or code (`FMCSA`). */
  agency: string;
  category: RateCategory | null;
  year: number;
  drug: number;
  alcohol: number | null;
  source: string;
}

export async function setRandomRate(db: Db, input: SetRateInput): Promise<RandomRate> {
  const [agency] = await db.select().from(agencies).where(or(eq(agencies.id, input.agency), eq(sql`upper(${agencies.code})`, input.agency.toUpperCase())));
  if (!agency) throw notFound(`Agency ${input.agency}`);
  if ((agency.code === 'FRA') !== (input.category !== null))
    throw new DomainError('invalidValue', agency.code === 'FRA' ? `FRA rates need --category (${RATE_CATEGORIES.join(', ')}).` : `--category is for FRA only, not ${agency.code}.`);
  const values = {
    agencyId: agency.id,
    category: input.category ?? '',
    year: input.year,
    drugRate: input.drug,
    alcoholRate: input.alcohol,
    source: input.source,
  };
  const [row] = await db
    .insert(randomRates)
    .values({ id: newId(), ...values })
    .onConflictDoUpdate({ target: [randomRates.agencyId, randomRates.category, randomRates.year], set: { drugRate: values.drugRate, alcoholRate: values.alcoholRate, source: values.source } })
    .returning();
  return serializeRate(row, agency);
}
