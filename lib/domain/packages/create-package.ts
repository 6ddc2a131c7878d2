/**
 * `POST /api/v2/packages` (DESIGN.md 6.4): 1 to 20 distinct services of the tenant's catalog, for a
 * company the principal manages or one of its locations; one audit entry.
 */
import { and, eq } from 'drizzle-orm';
import { companies, locations, packages } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import { manageableCompany } from '@/lib/domain/companies/queries';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { readPackage } from './queries';
import type { CreatePackageBody } from './schemas';
import type { Package } from './serialize';
import { assertCatalogServices, writeServices } from './services-of-package';

export async function createPackage({ ctx, input }: { ctx: Ctx; input: CreatePackageBody }): Promise<{ package: Package; matched: null }> {
  return withTransaction(ctx, async (tx) => {
    const [company] = await tx.db.select({ id: companies.id }).from(companies).where(and(manageableCompany(ctx), eq(companies.id, input.company.id)));
    if (!company) throw notFound('Company', '/company/id');
    if (input.location) {
      const [location] = await tx.db
        .select({ companyId: locations.companyId })
        .from(locations)
        .innerJoin(companies, eq(companies.id, locations.companyId))
        .where(and(eq(locations.id, input.location.id), eq(locations.tenantId, ctx.tenantId), manageableCompany(ctx)));
      if (!location) throw notFound('Location', '/location/id');
      if (location.companyId !== company.id)
        throw new DomainError('invalidValue', 'The location belongs to another company than the package.', { pointer: '/location/id' });
    }
    await assertCatalogServices(tx, input.services);
    const id = newId();
    await tx.db.insert(packages).values({ id, tenantId: ctx.tenantId, companyId: company.id, locationId: input.location?.id ?? null, name: input.name });
    await writeServices(tx, id, input.services);
    await auditChange(tx, {
      action: 'package.created',
      subject: { type: 'package', id },
      data: { name: input.name, companyId: company.id, locationId: input.location?.id ?? null, serviceIds: input.services.map((s) => s.id) },
    });
    return { package: await readPackage(tx, id), matched: null };
  });
}
