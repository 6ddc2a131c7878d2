/**
 * `PATCH /api/v2/companies/{id}` (DESIGN.md 6.4). Nothing is deleted: `isActive: false`
 * deactivates. One audit entry in the change's transaction; a rename stores again the documents of
 * the orders that name the company.
 */
import { and, eq } from 'drizzle-orm';
import { companies, orders } from '@/lib/db/schema';
import { auditAction, auditChange, changedKeys } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { storeOrderDocumentsWhere } from '@/lib/domain/order-model/documents';
import { withTransaction } from '@/lib/domain/transaction';
import { manageableCompany } from './queries';
import { addressColumns, type UpdateCompanyBody } from './schemas';
import { serializeCompany, type Company } from './serialize';
import { assertKnownZip } from './zip';
import { forgetCompanyOptions } from './options';

export async function updateCompany({ ctx, id, input }: { ctx: Ctx; id: string; input: UpdateCompanyBody }): Promise<Company> {
  assertKnownZip(input.address);
  return withTransaction(ctx, async (tx) => {
    // The dashboard's company and location options show the change on the next page (lib/domain/companies/options.ts).
    tx.afterCommit(forgetCompanyOptions);
    const [before] = await tx.db.select().from(companies).where(and(manageableCompany(ctx), eq(companies.id, id))).for('update');
    if (!before) throw notFound('Company');
    const changes: Partial<typeof companies.$inferInsert> = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      ...(input.address !== undefined ? addressColumns(input.address) : {}),
      ...(input.backgroundCheckEnabled !== undefined ? { backgroundCheckEnabled: input.backgroundCheckEnabled } : {}),
      ...(input.orderMatching?.enabled !== undefined ? { orderMatchingEnabled: input.orderMatching.enabled } : {}),
      ...(input.orderMatching?.windowDays !== undefined ? { orderMatchingWindowDays: input.orderMatching.windowDays } : {}),
      ...(input.participantLanguage !== undefined ? { participantLanguage: input.participantLanguage } : {}),
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
    };
    const changed = changedKeys(before, changes);
    if (changed.length === 0) return serializeCompany(before);
    const [row] = await tx.db.update(companies).set(changes).where(eq(companies.id, id)).returning();
    await auditChange(tx, { action: auditAction('company', changed, row.isActive), subject: { type: 'company', id }, data: { changed, ...(changes.name !== undefined ? { name: row.name } : {}) } });
    if (changed.includes('name')) await storeOrderDocumentsWhere(tx.db, eq(orders.companyId, id));
    return serializeCompany(row);
  });
}
