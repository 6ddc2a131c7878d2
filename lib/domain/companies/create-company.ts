/** `POST /api/v2/companies` (DESIGN.md 6.4): one audit entry in the change's transaction. */
import { companies } from '@/lib/db/schema';
import { clearPrincipalCache } from '@/lib/domain/api-tokens/tokens';
import { auditChange } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import { DomainError } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { addressColumns, type CreateCompanyBody } from './schemas';
import { serializeCompany, type Company } from './serialize';
import { assertKnownZip } from './zip';
import { forgetCompanyOptions } from './options';

/** Creating a company is for a principal linked to every company of the tenant (403 insufficientScope otherwise). */
export function assertTenantWide(ctx: Ctx): void {
  if (!ctx.allCompanies)
    throw new DomainError('insufficientScope', 'Creating a company needs a principal linked to every company of the tenant; this one is limited to some companies.');
}

export async function createCompany({ ctx, input }: { ctx: Ctx; input: CreateCompanyBody }): Promise<{ company: Company; matched: null }> {
  assertTenantWide(ctx);
  assertKnownZip(input.address);
  return withTransaction(ctx, async (tx) => {
    // The dashboard's company and location options show the change on the next page (lib/domain/companies/options.ts).
    tx.afterCommit(forgetCompanyOptions);
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
        participantLanguage: input.participantLanguage ?? 'en',
      })
      .returning();
    await auditChange(tx, { action: 'company.created', subject: { type: 'company', id: row.id }, data: { name: row.name } });
    // Tokens and sessions linked to every company learn of the new one at once in this process.
    tx.afterCommit(clearPrincipalCache);
    return { company: serializeCompany(row), matched: null };
  });
}
