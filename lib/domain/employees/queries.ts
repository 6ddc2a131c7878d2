/** Reading the roster, and the SQL scope of the employees a principal may see and change. */
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { agencies, companies, employees, jobCategories, locations } from '@/lib/db/schema';
import { linkedCompany } from '@/lib/domain/access';
import { manageableCompany } from '@/lib/domain/companies/queries';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { likePattern, offsetOf, page } from '@/lib/domain/pagination';
import type { ListEmployeesQuery } from './schemas';
import { selection, serializeEmployee, type EmployeeRow } from './serialize';

/** `from employees` joined to what the representation names (the company always, the rest when set). */
function fromEmployees(db: Db) {
  return db
    .select(selection)
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .leftJoin(locations, eq(locations.id, employees.locationId))
    .leftJoin(agencies, eq(agencies.id, employees.agencyId))
    .leftJoin(jobCategories, eq(jobCategories.id, employees.jobCategoryId));
}

/** Employees the principal may read: of its tenant, under a linked company that is not deleted (joined as `companies`). */
export function visibleEmployee(ctx: Ctx): SQL {
  return and(eq(employees.tenantId, ctx.tenantId), linkedCompany(ctx))!;
}

/** Employees the principal may change: under a company it manages (joined as `companies`). */
export function manageableEmployee(ctx: Ctx): SQL {
  return and(eq(employees.tenantId, ctx.tenantId), manageableCompany(ctx))!;
}

/**
 * `search`: "Last, First" matches the last name and the first name by their beginnings; otherwise
 * every word must occur in a name or the externalId (an externalId is one word).
 */
function searchCondition(search: string): SQL | undefined {
  const comma = search.indexOf(',');
  if (comma >= 0) {
    const last = search.slice(0, comma).trim();
    const first = search.slice(comma + 1).trim();
    return and(
      last ? ilike(employees.lastName, `${likePattern(last).slice(1)}`) : undefined,
      first ? ilike(employees.firstName, `${likePattern(first).slice(1)}`) : undefined,
    );
  }
  const words = search.split(/\s+/).filter(Boolean).slice(0, 8);
  return and(
    ...words.map((word) => {
      const pattern = likePattern(word);
      return or(ilike(employees.firstName, pattern), ilike(employees.middleName, pattern), ilike(employees.lastName, pattern), ilike(employees.externalId, pattern));
    }),
  );
}

const withIdentifiers = (ctx: Ctx) => ctx.scopes.has('order.participant.read');

/** The page envelope, ordered by last name, first name, id (the index employees_tenant_name_idx). */
export async function listEmployees(ctx: Ctx, q: ListEmployeesQuery) {
  const where = and(
    visibleEmployee(ctx),
    q.search ? searchCondition(q.search) : undefined,
    q.companyId ? eq(employees.companyId, q.companyId) : undefined,
    q.locationId ? eq(employees.locationId, q.locationId) : undefined,
    q.agencyId ? eq(employees.agencyId, q.agencyId) : undefined,
    q.status ? eq(employees.status, q.status) : undefined,
  );
  const rows = await fromEmployees(ctx.db)
    .where(where)
    .orderBy(asc(sql`lower(${employees.lastName})`), asc(sql`lower(${employees.firstName})`), asc(employees.id))
    .limit(q.limit)
    .offset(offsetOf(q));
  const [{ total }] = await ctx.db.select({ total: count() }).from(employees).innerJoin(companies, eq(companies.id, employees.companyId)).where(where);
  const identifiers = withIdentifiers(ctx);
  return page(rows.map((r) => serializeEmployee(r as EmployeeRow, { identifiers })), total, q);
}

export async function getEmployee(ctx: Ctx, id: string) {
  const [row] = await fromEmployees(ctx.db).where(and(eq(employees.id, id), visibleEmployee(ctx)));
  if (!row) throw notFound('Employee');
  return serializeEmployee(row as EmployeeRow, { identifiers: withIdentifiers(ctx) });
}

/** An employee by id, whatever the principal (after a change in the same transaction), as the principal may see it. */
export async function readEmployee(ctx: Ctx, id: string) {
  const [row] = await fromEmployees(ctx.db).where(eq(employees.id, id));
  return serializeEmployee(row as EmployeeRow, { identifiers: withIdentifiers(ctx) });
}
