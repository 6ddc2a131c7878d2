/**
 * `PATCH /api/v2/locations/{id}` (DESIGN.md 6.4): deactivation instead of deletion; one audit entry
 * per change; a rename stores again the documents of the orders placed there.
 */
import { and, eq } from 'drizzle-orm';
import { companies, locations, orders } from '@/lib/db/schema';
import { auditAction, auditChange, changedKeys } from '@/lib/domain/audit';
import { manageableCompany } from '@/lib/domain/companies/queries';
import { addressColumns } from '@/lib/domain/companies/schemas';
import { assertKnownZip } from '@/lib/domain/companies/zip';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { storeOrderDocumentsWhere } from '@/lib/domain/order-model/documents';
import { withTransaction } from '@/lib/domain/transaction';
import { readLocation } from './queries';
import { cents, type UpdateLocationBody } from './schemas';
import { serializeLocation, type Location } from './serialize';
import { forgetCompanyOptions } from '@/lib/domain/companies/options';

export async function updateLocation({ ctx, id, input }: { ctx: Ctx; id: string; input: UpdateLocationBody }): Promise<Location> {
  assertKnownZip(input.address);
  return withTransaction(ctx, async (tx) => {
    // The dashboard's company and location options show the change on the next page (lib/domain/companies/options.ts).
    tx.afterCommit(forgetCompanyOptions);
    const [found] = await tx.db
      .select({ location: locations })
      .from(locations)
      .innerJoin(companies, eq(companies.id, locations.companyId))
      .where(and(eq(locations.id, id), eq(locations.tenantId, ctx.tenantId), manageableCompany(ctx)))
      .for('update', { of: locations });
    if (!found) throw notFound('Location');
    const before = found.location;
    const changes: Partial<typeof locations.$inferInsert> = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      ...(input.address !== undefined ? addressColumns(input.address) : {}),
      ...(input.scheduleStrategies !== undefined ? { scheduleStrategies: input.scheduleStrategies } : {}),
      ...(input.feeCap !== undefined ? { feeCapCents: cents(input.feeCap) } : {}),
      ...(input.orderMatching === null ? { orderMatchingEnabled: null, orderMatchingWindowDays: null } : {}),
      ...(input.orderMatching?.enabled !== undefined ? { orderMatchingEnabled: input.orderMatching.enabled } : {}),
      ...(input.orderMatching?.windowDays !== undefined ? { orderMatchingWindowDays: input.orderMatching.windowDays } : {}),
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
    };
    const changed = changedKeys(before, changes);
    if (changed.length) {
      await tx.db.update(locations).set(changes).where(eq(locations.id, id));
      await auditChange(tx, {
        action: auditAction('location', changed, changes.isActive ?? before.isActive),
        subject: { type: 'location', id },
        data: { changed, ...(changes.name !== undefined ? { name: changes.name } : {}) },
      });
      if (changed.includes('name')) await storeOrderDocumentsWhere(tx.db, eq(orders.locationId, id));
    }
    return serializeLocation(await readLocation(tx, id));
  });
}
