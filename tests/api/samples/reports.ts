/** Samples of lib/api/operations/reports.ts for the isolation matrix and the fuzz run (see ../operation-samples.ts). */
import { DEMO } from '@/lib/seed';
import type { Fixtures, SampleOf } from '../operation-samples';
import { missing } from './ids';

// The query names the company: another tenant's token, or one not linked to it, meets the 404 an unknown company id meets.
const mis = (companyId: string) => `/api/v2/reports/mis?year=${new Date().getUTCFullYear()}&agency=FMCSA&companyId=${companyId}`;

export const samples = {
  getMisReport: () => ({ path: mis(DEMO.acme.companies.primary), missingPath: mis(missing), companyScoped: true }),
} satisfies Record<string, SampleOf>;

export async function fixtures(_t: string, _base: Fixtures): Promise<Record<string, string>> {
  return {};
}
