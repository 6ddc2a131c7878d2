import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { services } from '@/lib/db/schema';
import { orderableServiceIds } from '@/lib/domain/access';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { likePattern, offsetOf, page, PageQuery, TextFilter } from '@/lib/domain/pagination';
import { API, serviceAttributes, type Service } from '@/lib/domain/contract/representation';

/** The representation, declared with its schema in lib/domain/contract/representation.ts. */
export type { Service };

/** Spec 2.9; the list is open: new values may be added. */
export const SERVICE_TYPES = [
  'additionalService', 'backgroundCheckService', 'breathAlcoholTest', 'clinical', 'confirmationTest',
  'injuryCareService', 'instantDrugTest', 'labBasedToxicology', 'occupationalHealthService',
  'safetyTraining', 'vaccination', 'mroService', 'unknown',
] as const;

export const ListServicesQuery = PageQuery.extend({
  name: TextFilter.optional(),
  type: z.enum(SERVICE_TYPES).optional(),
});
export type ListServicesQuery = z.output<typeof ListServicesQuery>;

type ServiceRow = typeof services.$inferSelect;

export function serializeService(s: ServiceRow): Service {
  return {
    id: s.id,
    object: 'service' as const,
    name: s.name,
    type: s.type,
    attributes: serviceAttributes(s),
    isDot: s.isDot,
    url: `${API}/services/${s.id}`,
  };
}

function visible(ctx: Ctx): SQL {
  return and(eq(services.tenantId, ctx.tenantId), inArray(services.id, orderableServiceIds(ctx)))!;
}

/** Services offered by the linked companies and their locations, ordered by name (spec 4.5). */
export async function listServices(ctx: Ctx, q: ListServicesQuery) {
  const where = and(visible(ctx), q.name ? ilike(services.name, likePattern(q.name)) : undefined, q.type ? eq(services.type, q.type) : undefined);
  const rows = await ctx.db.select().from(services).where(where).orderBy(asc(services.name), asc(services.id)).limit(q.limit).offset(offsetOf(q));
  const [{ total }] = await ctx.db.select({ total: count() }).from(services).where(where);
  return page(rows.map(serializeService), total, q);
}

/** 404 for any failure, without revealing existence. */
export async function getService(ctx: Ctx, id: string) {
  const [row] = await ctx.db.select().from(services).where(and(visible(ctx), eq(services.id, id)));
  if (!row) throw notFound('Service');
  return serializeService(row);
}
