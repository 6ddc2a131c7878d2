import 'server-only';
import type { RosterOptions } from '@/components/employees/format';
import { listAgencies } from '@/lib/domain/agencies';
import type { Ctx } from '@/lib/domain/context';
import { allPages } from '@/lib/domain/pagination';
import { companyAndLocationOptions } from '../orders/filter-options';

/** The companies, locations and agencies (with their job categories) the roster's filters and forms offer. */
export async function rosterOptions(ctx: Ctx): Promise<RosterOptions> {
  const [{ companies, locations }, agencies] = await Promise.all([
    companyAndLocationOptions(ctx),
    ctx.scopes.has('agency.list') ? allPages((q) => listAgencies(ctx, q), Infinity) : Promise.resolve([]),
  ]);
  return {
    companies,
    locations: locations.map((l) => ({ id: l.id, name: l.name, companyId: l.companyId })),
    agencies: agencies.map((a) => ({ id: a.id, code: a.code, name: a.name, jobCategories: a.jobCategories.map((j) => ({ id: j.id, name: j.name })) })),
  };
}
