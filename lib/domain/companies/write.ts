/**
 * Creating and changing companies (DESIGN.md 6.4). Nothing is deleted: `isActive: false`
 * deactivates. Every change writes one audit entry in its transaction; a rename stores again the
 * documents of the orders that name the company.
 */
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { companies, orders } from '@/lib/db/schema';
import { inCompanies } from '@/lib/domain/access';
import { clearPrincipalCache } from '@/lib/domain/api-tokens/tokens';
import { auditChange } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { storeOrderDocumentsWhere } from '@/lib/domain/order-model/documents';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { serializeCompany, type Company } from './index';
import { addressColumns, type CreateCompanyBody, type UpdateCompanyBody } from './schemas';
import { assertKnownZip } from './zip';

/**
 * Companies the principal manages: non-deleted ones of its tenant, active or not; every one for a
 * tenant-wide principal (so a company it has just created is its own at once, whatever the
 * principal cache holds), its linked ones otherwise.
 */
export function manageableCompany(ctx: Ctx): SQL {
  return and(eq(companies.tenantId, ctx.tenantId), isNull(companies.deletedAt), ctx.allCompanies ? undefined : inCompanies(companies.id, ctx.companyIds))!;
}

/** Creating a company is for a principal linked to every company of the tenant (403 insufficientScope otherwise). */
export function assertTenantWide(ctx: Ctx): void {
  if (!ctx.allCompanies)
    throw new DomainError('insufficientScope', 'Creating a company needs a principal linked to every company of the tenant; this one is limited to some companies.');
}

export async function createCompany({ ctx, input }: { ctx: Ctx; input: CreateCompanyBody }): Promise<{ company: Company; matched: null }> {
  assertTenantWide(ctx);
  assertKnownZip(input.address);
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(companies)
      .values({
        id: newId(),
        tenantId: ctx.tenantId,
        name: input.name,
        phone: input.phone ?? null,
        ...addressColumns(input.address ?? null),
        backgroundCheckEnabled: input.backgroundCheckEnabled ?? false,
        orderMatchingEnabled: input.orderMatching?.enabled ?? true,
        orderMatchingWindowDays: input.orderMatching?.windowDays ?? 30,
      })
      .returning();
    await auditChange(tx, { action: 'company.created', subject: { type: 'company', id: row.id }, data: { name: row.name } });
    // Tokens and sessions linked to every company learn of the new one at once in this process.
    tx.afterCommit(clearPrincipalCache);
    return { company: serializeCompany(row), matched: null };
  });
}

export async function updateCompany({ ctx, id, input }: { ctx: Ctx; id: string; input: UpdateCompanyBody }): Promise<Company> {
  assertKnownZip(input.address);
  return withTransaction(ctx, async (tx) => {
    const [before] = await tx.db.select().from(companies).where(and(manageableCompany(ctx), eq(companies.id, id))).for('update');
    if (!before) throw notFound('Company');
    const changes: Partial<typeof companies.$inferInsert> = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      ...(input.address !== undefined ? addressColumns(input.address) : {}),
      ...(input.backgroundCheckEnabled !== undefined ? { backgroundCheckEnabled: input.backgroundCheckEnabled } : {}),
      ...(input.orderMatching?.enabled !== undefined ? { orderMatchingEnabled: input.orderMatching.enabled } : {}),
      ...(input.orderMatching?.windowDays !== undefined ? { orderMatchingWindowDays: input.orderMatching.windowDays } : {}),
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

/** The members whose value `changes` alters. */
export function changedKeys<T extends Record<string, unknown>>(before: T, changes: Partial<T>): string[] {
  return Object.entries(changes)
    .filter(([key, value]) => JSON.stringify(before[key] ?? null) !== JSON.stringify(value ?? null))
    .map(([key]) => key);
}

/** `<subject>.deactivated` or `.reactivated` when only the state moved, else `<subject>.updated`. */
export function auditAction(subject: 'company' | 'location' | 'package', changed: string[], isActive: boolean): string {
  if (changed.length === 1 && changed[0] === 'isActive') return `${subject}.${isActive ? 'reactivated' : 'deactivated'}`;
  return `${subject}.updated`;
}
