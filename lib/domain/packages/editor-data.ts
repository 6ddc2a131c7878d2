/**
 * What the dashboard's package editor offers: the tenant's whole service catalog (not only the
 * services packages already hold, as the services list shows), and the active locations of the
 * companies the principal manages with their ZIP codes (for the clinic check).
 */
import { and, asc, eq } from 'drizzle-orm';
import { companies, locations, services } from '@/lib/db/schema';
import { manageableCompany } from '@/lib/domain/companies/queries';
import type { Ctx } from '@/lib/domain/context';

export async function serviceCatalog(ctx: Ctx): Promise<Array<{ id: string; name: string; type: string; isDot: boolean }>> {
  return ctx.db
    .select({ id: services.id, name: services.name, type: services.type, isDot: services.isDot })
    .from(services)
    .where(eq(services.tenantId, ctx.tenantId))
    .orderBy(asc(services.name), asc(services.id));
}

export async function locationOptions(ctx: Ctx): Promise<Array<{ id: string; name: string; companyId: string; postalCode: string | null }>> {
  return ctx.db
    .select({ id: locations.id, name: locations.name, companyId: locations.companyId, postalCode: locations.postalCode })
    .from(locations)
    .innerJoin(companies, eq(companies.id, locations.companyId))
    .where(and(eq(locations.tenantId, ctx.tenantId), eq(locations.isActive, true), manageableCompany(ctx)))
    .orderBy(asc(locations.name), asc(locations.id));
}
