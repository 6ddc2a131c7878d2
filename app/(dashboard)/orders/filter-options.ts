import 'server-only';
import type { Ctx } from '@/lib/domain/context';
import { listCompanies } from '@/lib/domain/companies';
import { listLocations } from '@/lib/domain/locations';
import { allPages } from '@/lib/domain/pagination';

/** The companies and locations the user can filter and order by (active ones, under linked companies). */
export async function companyAndLocationOptions(ctx: Ctx) {
  const [companies, locations] = await Promise.all([
    ctx.scopes.has('company.list') ? allPages((q) => listCompanies(ctx, q), Infinity) : Promise.resolve([]),
    ctx.scopes.has('location.list') ? allPages((q) => listLocations(ctx, q), Infinity) : Promise.resolve([]),
  ]);
  return {
    companies: companies.map((c) => ({ id: c.id, name: c.name })),
    locations: locations.map((l) => ({
      id: l.id,
      name: l.name,
      companyId: l.company.id,
      city: l.address.city,
      state: l.address.state,
      postalCode: l.address.postalCode,
    })),
  };
}
