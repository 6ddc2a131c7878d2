/** The RandomRate representation (lib/domain/contract/random.ts). */
import type { randomRates } from '@/lib/db/schema';
import { agencyRef } from '@/lib/domain/contract/representation';
import type { RandomRate } from '@/lib/domain/contract/random';
import type { RateCategory } from './rates-data';

export type { RandomRate };

export function serializeRate(r: typeof randomRates.$inferSelect, agency: { id: string; code: string }): RandomRate {
  return {
    object: 'randomRate',
    agency: agencyRef(agency),
    category: r.category === '' ? null : (r.category as RateCategory),
    year: r.year,
    drug: r.drugRate,
    alcohol: r.alcoholRate,
    source: r.source,
  };
}
