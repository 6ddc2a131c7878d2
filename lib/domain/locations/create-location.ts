/** `POST /api/v2/locations` (DESIGN.md 6.4): under a company the principal manages, at a known ZIP code; one audit entry. */
import { and, eq } from 'drizzle-orm';
import { companies, locations } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import { manageableCompany } from '@/lib/domain/companies/queries';
import { addressColumns } from '@/lib/domain/companies/schemas';
import { assertKnownZip } from '@/lib/domain/companies/zip';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { readLocation } from './queries';
import { cents, type CreateLocationBody } from './schemas';
import { serializeLocation, type Location } from './serialize';
import { forgetCompanyOptions } from '@/lib/domain/companies/options';

export async function createLocation({ ctx, input }: { ctx: Ctx; input: CreateLocationBody }): Promise<{ location: Location; matched: null }> {
  return withTransaction(ctx, async (tx) => {
    // The dashboard's company and location options show the change on the next page (lib/domain/companies/options.ts).
    tx.afterCommit(forgetCompanyOptions);
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
