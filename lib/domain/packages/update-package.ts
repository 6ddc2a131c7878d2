/**
 * `PATCH /api/v2/packages/{id}` (DESIGN.md 6.4). Deactivation instead of deletion: an inactive
 * package cannot be ordered (422 packageInactive) and orders placed keep it. One audit entry per
 * change; a rename stores again the documents of the orders that name it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { companies, orders, packages } from '@/lib/db/schema';
import { auditAction, auditChange, changedKeys } from '@/lib/domain/audit';
import { manageableCompany } from '@/lib/domain/companies/queries';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { storeOrderDocumentsWhere } from '@/lib/domain/order-model/documents';
import { withTransaction } from '@/lib/domain/transaction';
import { readPackage, servicesOfPackages } from './queries';
import type { UpdatePackageBody } from './schemas';
import type { Package } from './serialize';
import { assertCatalogServices, writeServices } from './services-of-package';

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
