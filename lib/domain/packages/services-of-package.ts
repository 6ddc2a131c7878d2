/** A package's list of services, checked against the tenant's catalog and written in package order. */
import { and, eq, inArray } from 'drizzle-orm';
import { packageServices, services } from '@/lib/db/schema';
import type { Ctx } from '@/lib/domain/context';
import { DomainError } from '@/lib/domain/errors';

export /** Every listed service is one of the tenant's: else 400 invalidValue at `/services/<i>/id`, one entry per unknown one. */
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

export async function writeServices(ctx: Ctx, packageId: string, list: Array<{ id: string }>): Promise<void> {
  await ctx.db.delete(packageServices).where(eq(packageServices.packageId, packageId));
  await ctx.db.insert(packageServices).values(list.map((s, position) => ({ packageId, serviceId: s.id, position })));
}
