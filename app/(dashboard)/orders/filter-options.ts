import 'server-only';
import type { Ctx } from '@/lib/domain/context';
import { listCompanies } from '@/lib/domain/companies';
import { listLocations } from '@/lib/domain/locations';

/** Every page of a domain list (the API caps a page at 20). */
async function all<T>(read: (page: number) => Promise<{ data: T[]; total: number }>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const { data, total } = await read(page);
    items.push(...data);
    if (data.length === 0 || items.length >= total) return items;
  }
}

/** The companies and locations the user can filter and order by (active ones, under linked companies). */
export async function companyAndLocationOptions(ctx: Ctx) {
  const [companies, locations] = await Promise.all([
    ctx.scopes.has('company.list') ? all((page) => listCompanies(ctx, { page, limit: 20 })) : Promise.resolve([]),
    ctx.scopes.has('location.list') ? all((page) => listLocations(ctx, { page, limit: 20 })) : Promise.resolve([]),
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
