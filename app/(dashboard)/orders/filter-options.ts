import 'server-only';

/**
 * The companies and locations the user can filter and order by (active ones, under linked
 * companies): one statement, kept briefly per tenant and set of companies (lib/domain/companies/options.ts).
 */
export { companyAndLocationOptions } from '@/lib/domain/companies/options';
