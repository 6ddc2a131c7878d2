/** Request members of the random-testing rates (DESIGN.md 7.2). Pure (zod only). */
import { z } from 'zod';
import { PageQuery } from '@/lib/domain/pagination';

export const Year = z.coerce.number().int().min(2000).max(2100);

export const ListRandomRatesQuery = PageQuery.extend({
  year: Year.optional().describe('Default: the current year of the tenant\'s clock.'),
});
export type ListRandomRatesQuery = z.output<typeof ListRandomRatesQuery>;
