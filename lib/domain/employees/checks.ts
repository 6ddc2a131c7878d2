/** What the employee writes check against the database: the company, the location, the DOT coverage; and today. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { agencies, companies, jobCategories, locations } from '@/lib/db/schema';
import { manageableCompany } from '@/lib/domain/companies/queries';
import { tenantNow } from '@/lib/domain/clock';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { sealSecret } from '@/lib/secrets';

/** Today on the tenant's clock (UTC date): the default `activeFrom` and the `activeTo` of a deactivation. */
export async function tenantToday(ctx: Ctx): Promise<string> {
  return (await tenantNow(ctx)).toISOString().slice(0, 10);
}

/** A company the principal manages, or 404 at `/company/id`. */
export async function assertManageableCompany(ctx: Ctx, id: string): Promise<{ id: string }> {
  const [company] = await ctx.db.select({ id: companies.id }).from(companies).where(and(manageableCompany(ctx), eq(companies.id, id)));
  if (!company) throw notFound('Company', '/company/id');
  return company;
}

/** A location of the company, or 400 at `/location/id`. */
export async function assertCompanyLocation(db: Db, companyId: string, locationId: string): Promise<void> {
  const [location] = await db.select({ id: locations.id }).from(locations).where(and(eq(locations.id, locationId), eq(locations.companyId, companyId)));
  if (!location) throw new DomainError('invalidValue', "location must be one of the employee's company's locations.", { pointer: '/location/id' });
}

/** The agency and a job category it publishes, or 400 at `/dot/agency/id` or `/dot/jobCategory/id`. */
export async function assertCoverage(db: Db, dot: { agency: { id: string }; jobCategory?: { id: string } | null }): Promise<{ agencyId: string; jobCategoryId: string | null }> {
  const [agency] = await db.select({ id: agencies.id, code: agencies.code }).from(agencies).where(eq(agencies.id, dot.agency.id));
  if (!agency) throw new DomainError('invalidValue', 'dot.agency must be one of the agencies of the list-agencies operation.', { pointer: '/dot/agency/id' });
  if (!dot.jobCategory) return { agencyId: agency.id, jobCategoryId: null };
  const [category] = await db
    .select({ id: jobCategories.id })
    .from(jobCategories)
    .where(and(eq(jobCategories.id, dot.jobCategory.id), eq(jobCategories.agencyId, agency.id)));
  if (!category) throw new DomainError('invalidValue', `dot.jobCategory must be one that ${agency.code} publishes.`, { pointer: '/dot/jobCategory/id' });
  return { agencyId: agency.id, jobCategoryId: category.id };
}

/** The CDL columns: the number sealed (lib/secrets.ts), its last 4 kept apart for the masked value. */
export function cdlColumns(cdl: { number: string; state: string } | null | undefined) {
  if (!cdl) return { cdlNumberEncrypted: null, cdlLast4: null, cdlState: null };
  return { cdlNumberEncrypted: sealSecret(cdl.number), cdlLast4: cdl.number.slice(-4), cdlState: cdl.state };
}

/** 400 at `pointer` when `to` is before `from`. */
export function assertPeriod(from: string, to: string | null, pointer: string): void {
  if (to !== null && to < from) throw new DomainError('invalidValue', `activeTo (${to}) must not be before activeFrom (${from}).`, { pointer });
}
