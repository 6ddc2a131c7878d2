/**
 * Tenant and company isolation as SQL conditions. Every read of tenant data composes these, so a
 * row outside the principal's access is never read, and a foreign id looks exactly like a missing one.
 */
import { and, eq, inArray, is, isNull, or, Placeholder, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { companies, locations, orders, packages, packageServices } from '@/lib/db/schema';
import type { Principal } from '@/lib/domain/context';

/**
 * Whose access a condition expresses: a principal's tenant and linked companies as values, or as
 * placeholders of a statement prepared once for every principal (`placeholder('companyIds')` takes
 * the id array as one parameter).
 */
export interface Access {
  tenantId: string | Placeholder;
  companyIds: readonly string[] | Placeholder;
}

/** `column` holds one of the linked company ids: `= any($1)` for a placeholder, `in (...)` for values. */
export function inCompanies(column: AnyPgColumn, ids: Access['companyIds']): SQL {
  if (is(ids, Placeholder)) return sql`${column} = any(${ids}::text[])`;
  const values = ids as readonly string[];
  return inArray(column, values.length ? [...values] : ['']);
}

/**
 * Orders of companies linked to the principal. `companyIds` is resolved at authentication to
 * non-deleted companies only, so a deleted company's orders are gone from view.
 */
export function visibleOrder(p: Principal): SQL {
  return and(eq(orders.tenantId, p.tenantId), inCompanies(orders.companyId, p.companyIds))!;
}

/** Companies linked to the principal that are not deleted (readable, e.g. for order history). */
export function linkedCompany(p: Access): SQL {
  return and(eq(companies.tenantId, p.tenantId), inCompanies(companies.id, p.companyIds), isNull(companies.deletedAt))!;
}

/** Linked companies that are active: the ones listed and ordered for. */
export function activeLinkedCompany(p: Access): SQL {
  return and(linkedCompany(p), eq(companies.isActive, true))!;
}

/** Packages the principal can order: under an active linked company, at company level or at an active location. */
export function orderablePackage(p: Access): SQL {
  return and(
    eq(packages.tenantId, p.tenantId),
    sql`exists (select 1 from ${companies} where ${companies.id} = ${packages.companyId} and ${activeLinkedCompany(p)})`,
    or(isNull(packages.locationId), sql`exists (select 1 from ${locations} where ${locations.id} = ${packages.locationId} and ${locations.isActive})`),
  )!;
}

/** Ids of services in the catalog of the principal's companies (the services of its packages). */
export function orderableServiceIds(p: Access): SQL {
  return sql`(select ${packageServices.serviceId} from ${packageServices} join ${packages} on ${packages.id} = ${packageServices.packageId} where ${orderablePackage(p)})`;
}
