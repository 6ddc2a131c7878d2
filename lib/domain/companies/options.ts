/**
 * What the dashboard's filters and order forms offer (app/(dashboard)/orders/filter-options.ts):
 * the active companies the principal is linked to and their active locations, as the lists of
 * companies and locations give them (ordered by name, then id), in one statement.
 *
 * Issue 34: every dashboard page read both lists page after page (four statements or more), on
 * every render. The answer is kept OPTIONS_TTL_MS per tenant and set of companies (what it depends
 * on); a change of a company or location in this process forgets every kept answer once it has
 * committed (create and update of both), so the next page shows it; another instance's changes
 * show within OPTIONS_TTL_MS.
 */
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/db/client';
import { companies, locations } from '@/lib/db/schema';
import { activeLinkedCompany } from '@/lib/domain/access';
import type { Ctx } from '@/lib/domain/context';
import { runtime } from '@/lib/runtime';

export interface CompanyOption {
  id: string;
  name: string;
}
export interface LocationOption {
  id: string;
  name: string;
  companyId: string;
  city: string | null;
  state: string | null;
  postalCode: string | null;
}
export interface CompanyAndLocationOptions {
  companies: CompanyOption[];
  locations: LocationOption[];
}

/** How long an answer is kept for a tenant and set of companies. */
export const OPTIONS_TTL_MS = 5_000;
const MAX_KEYS = 1_000;

interface Kept {
  value: CompanyAndLocationOptions;
  until: number;
}

// In the runtime, like the principal cache: one copy for every bundle of the server.
declare module '@/lib/runtime' {
  interface Runtime {
    /** The dashboard's company and location options per tenant and set of companies (lib/domain/companies/options.ts). */
    companyOptions?: Map<string, Kept>;
  }
}
const kept = (): Map<string, Kept> => (runtime().companyOptions ??= new Map());

/** Forgets every kept answer: after a company or location changed (afterCommit). */
export function forgetCompanyOptions(): void {
  kept().clear();
}

async function readOptions(ctx: Ctx): Promise<CompanyAndLocationOptions> {
  const [row] = rowsOf<{ companies: CompanyOption[] | string; locations: LocationOption[] | string }>(
    await ctx.db.execute(sql`select
      coalesce((select json_agg(json_build_object('id', ${companies.id}, 'name', ${companies.name}) order by ${companies.name}, ${companies.id})
        from ${companies} where ${activeLinkedCompany(ctx)}), '[]') as companies,
      coalesce((select json_agg(json_build_object('id', ${locations.id}, 'name', ${locations.name}, 'companyId', ${locations.companyId},
          'city', ${locations.city}, 'state', ${locations.state}, 'postalCode', ${locations.postalCode}) order by ${locations.name}, ${locations.id})
        from ${locations} inner join ${companies} on ${companies.id} = ${locations.companyId}
        where ${and(eq(locations.tenantId, ctx.tenantId), eq(locations.isActive, true), activeLinkedCompany(ctx))}), '[]') as locations`),
  );
  const parsed = <T>(value: T[] | string): T[] => (typeof value === 'string' ? (JSON.parse(value) as T[]) : value);
  return { companies: parsed(row.companies), locations: parsed(row.locations) };
}

/** The options the Ctx's principal may see: companies with `company.list`, locations with `location.list` (else empty). */
export async function companyAndLocationOptions(ctx: Ctx): Promise<CompanyAndLocationOptions> {
  const withCompanies = ctx.scopes.has('company.list');
  const withLocations = ctx.scopes.has('location.list');
  if (!withCompanies && !withLocations) return { companies: [], locations: [] };
  const key = `${ctx.tenantId}|${[...ctx.companyIds].sort().join(',')}`;
  const now = Date.now();
  const map = kept();
  let entry = map.get(key);
  if (!entry || entry.until <= now) {
    entry = { value: await readOptions(ctx), until: now + OPTIONS_TTL_MS };
    map.delete(key);
    map.set(key, entry);
    if (map.size > MAX_KEYS) map.delete(map.keys().next().value!);
  }
  return { companies: withCompanies ? entry.value.companies : [], locations: withLocations ? entry.value.locations : [] };
}
