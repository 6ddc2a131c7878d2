/**
 * Creating and changing locations (DESIGN.md 6.4): under a company the principal manages, at an
 * address whose ZIP code is known. Deactivation instead of deletion; one audit entry per change; a
 * rename stores again the documents of the orders placed there.
 */
import { and, eq } from 'drizzle-orm';
import { companies, locations, orders } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import { addressColumns } from '@/lib/domain/companies/schemas';
import { auditAction, changedKeys, manageableCompany } from '@/lib/domain/companies/write';
import { assertKnownZip } from '@/lib/domain/companies/zip';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { storeOrderDocumentsWhere } from '@/lib/domain/order-model/documents';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { selection, serializeLocation, type Location } from './index';
import type { CreateLocationBody, UpdateLocationBody } from './schemas';

const cents = (dollars: number | null | undefined) => (dollars === null || dollars === undefined ? null : Math.round(dollars * 100));

async function readLocation(ctx: Ctx, id: string) {
  const [row] = await ctx.db.select(selection).from(locations).innerJoin(companies, eq(companies.id, locations.companyId)).where(eq(locations.id, id));
  return row;
}

export async function createLocation({ ctx, input }: { ctx: Ctx; input: CreateLocationBody }): Promise<{ location: Location; matched: null }> {
  return withTransaction(ctx, async (tx) => {
    const [company] = await tx.db.select({ id: companies.id }).from(companies).where(and(manageableCompany(ctx), eq(companies.id, input.company.id)));
    if (!company) throw notFound('Company', '/company/id');
    assertKnownZip(input.address);
    const id = newId();
    await tx.db.insert(locations).values({
      id,
      tenantId: ctx.tenantId,
      companyId: company.id,
      name: input.name,
      phone: input.phone ?? null,
      ...addressColumns(input.address),
      ...(input.scheduleStrategies ? { scheduleStrategies: input.scheduleStrategies } : {}),
      feeCapCents: cents(input.feeCap),
      orderMatchingEnabled: input.orderMatching?.enabled ?? null,
      orderMatchingWindowDays: input.orderMatching?.windowDays ?? null,
    });
    await auditChange(tx, { action: 'location.created', subject: { type: 'location', id }, data: { name: input.name, companyId: company.id } });
    return { location: serializeLocation(await readLocation(tx, id)), matched: null };
  });
}

export async function updateLocation({ ctx, id, input }: { ctx: Ctx; id: string; input: UpdateLocationBody }): Promise<Location> {
  assertKnownZip(input.address);
  return withTransaction(ctx, async (tx) => {
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
