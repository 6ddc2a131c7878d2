/**
 * Creating and changing packages (DESIGN.md 6.4): 1 to 20 distinct services of the tenant's
 * catalog, for a company the principal manages or one of its locations. Deactivation instead of
 * deletion: an inactive package cannot be ordered (422 packageInactive) and orders placed keep it.
 * One audit entry per change; a rename stores again the documents of the orders that name it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { companies, locations, orders, packages, packageServices, services } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import { auditAction, changedKeys, manageableCompany } from '@/lib/domain/companies/write';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { storeOrderDocumentsWhere } from '@/lib/domain/order-model/documents';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { baseQuery, serializePackage, servicesOfPackages, type Package } from './index';
import type { CreatePackageBody, UpdatePackageBody } from './schemas';

/** Every listed service is one of the tenant's: else 400 invalidValue at `/services/<i>/id`, one entry per unknown one. */
async function assertCatalogServices(ctx: Ctx, list: Array<{ id: string }>): Promise<void> {
  const ids = list.map((s) => s.id);
  const found = new Set(
    (await ctx.db.select({ id: services.id }).from(services).where(and(eq(services.tenantId, ctx.tenantId), inArray(services.id, ids)))).map((r) => r.id),
  );
  const unknown = list.map((s, i) => ({ ...s, i })).filter((s) => !found.has(s.id));
  if (unknown.length === 0) return;
  const error = new DomainError('invalidValue', `Service ${unknown[0].id} is not in the catalog.`, { pointer: `/services/${unknown[0].i}/id` });
  for (const s of unknown.slice(1)) error.entries.push({ code: 'invalidValue', detail: `Service ${s.id} is not in the catalog.`, pointer: `/services/${s.i}/id` });
  throw error;
}

async function writeServices(ctx: Ctx, packageId: string, list: Array<{ id: string }>): Promise<void> {
  await ctx.db.delete(packageServices).where(eq(packageServices.packageId, packageId));
  await ctx.db.insert(packageServices).values(list.map((s, position) => ({ packageId, serviceId: s.id, position })));
}

async function readPackage(ctx: Ctx, id: string): Promise<Package> {
  const [row] = await baseQuery(ctx).where(eq(packages.id, id));
  return serializePackage(row, await servicesOfPackages(ctx, [id]));
}

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

export async function updatePackage({ ctx, id, input }: { ctx: Ctx; id: string; input: UpdatePackageBody }): Promise<Package> {
  return withTransaction(ctx, async (tx) => {
    const [found] = await tx.db
      .select({ pkg: packages })
      .from(packages)
      .innerJoin(companies, eq(companies.id, packages.companyId))
      .where(and(eq(packages.id, id), eq(packages.tenantId, ctx.tenantId), manageableCompany(ctx)))
      .for('update', { of: packages });
    if (!found) throw notFound('Package');
    const before = found.pkg;
    if (input.services) await assertCatalogServices(tx, input.services);
    const changes: Partial<typeof packages.$inferInsert> = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
    };
    const changed = changedKeys(before, changes);
    const serviceIdsBefore = (await servicesOfPackages(tx, [id])).map((s) => s.id);
    const serviceIds = input.services?.map((s) => s.id);
    if (serviceIds && serviceIds.join('\n') !== serviceIdsBefore.join('\n')) changed.push('services');
    if (changed.length) {
      if (Object.keys(changes).length) await tx.db.update(packages).set(changes).where(eq(packages.id, id));
      if (changed.includes('services')) await writeServices(tx, id, input.services!);
      await auditChange(tx, {
        action: auditAction('package', changed, changes.isActive ?? before.isActive),
        subject: { type: 'package', id },
        data: {
          changed,
          ...(changed.includes('name') ? { name: changes.name } : {}),
          ...(changed.includes('services') ? { serviceIds, serviceIdsBefore } : {}),
        },
      });
      if (changed.includes('name'))
        await storeOrderDocumentsWhere(tx.db, sql`exists (select 1 from order_packages op where op.order_id = ${orders.id} and op.package_id = ${id})`);
    }
    return readPackage(tx, id);
  });
}
