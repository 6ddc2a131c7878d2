/** Reading webhook endpoints and their delivery logs, always within the principal's tenant (in SQL). */
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { companies, webhookAttempts, webhookDeliveries, webhookEndpoints } from '@/lib/db/schema';
import type { Ctx } from '@/lib/domain/context';
import type { EndpointDelivery } from '@/lib/domain/contract/management';
import { DomainError, notFound } from '@/lib/domain/errors';
import { offsetOf, page } from '@/lib/domain/pagination';
import type { ListEndpointDeliveriesQuery, ListWebhookEndpointsQuery } from './schemas';
import { serializeEndpointDelivery, serializeWebhookEndpoint, type WebhookEndpointRow } from './serialize';

export const tenantEndpoint = (ctx: Ctx, id: string) => and(eq(webhookEndpoints.tenantId, ctx.tenantId), eq(webhookEndpoints.id, id));

/** Endpoints must be managed by a principal linked to every company of the tenant (403 insufficientScope otherwise). */
export function assertTenantWide(ctx: Ctx): void {
  if (!ctx.allCompanies)
    throw new DomainError('insufficientScope', 'Webhook endpoints are managed by a principal linked to every company of the tenant; this one is limited to some companies.');
}

export async function listWebhookEndpoints(ctx: Ctx, q: ListWebhookEndpointsQuery) {
  const where = eq(webhookEndpoints.tenantId, ctx.tenantId);
  const rows = await ctx.db.select().from(webhookEndpoints).where(where).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id)).limit(q.limit).offset(offsetOf(q));
  const [{ total }] = await ctx.db.select({ total: count() }).from(webhookEndpoints).where(where);
  return page(rows.map((r) => serializeWebhookEndpoint(r)), total, q);
}

export async function endpointRow(ctx: Ctx, id: string): Promise<WebhookEndpointRow> {
  const [row] = await ctx.db.select().from(webhookEndpoints).where(tenantEndpoint(ctx, id));
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

export async function getWebhookEndpoint(ctx: Ctx, id: string) {
  return serializeWebhookEndpoint(await endpointRow(ctx, id));
}

/** The ids of `companies` that are not companies of the tenant's, as 404s at `/companies/<i>/id`. */
export async function assertTenantCompanies(ctx: Ctx, refs: ReadonlyArray<{ id: string }>): Promise<void> {
  const ids = [...new Set(refs.map((r) => r.id))];
  const found = ids.length
    ? await ctx.db.select({ id: companies.id }).from(companies).where(and(eq(companies.tenantId, ctx.tenantId), inArray(companies.id, ids)))
    : [];
  const known = new Set(found.map((f) => f.id));
  const missing = refs.findIndex((r) => !known.has(r.id));
  if (missing >= 0) throw notFound('Company', `/companies/${missing}/id`);
}

/** `GET /api/v2/webhook-endpoints/{id}/deliveries`: newest first, each with its last 20 attempts. */
export async function listEndpointDeliveries(ctx: Ctx, id: string, q: ListEndpointDeliveriesQuery) {
  await endpointRow(ctx, id);
  const where = and(eq(webhookDeliveries.tenantId, ctx.tenantId), eq(webhookDeliveries.endpointId, id));
  const rows = await ctx.db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(q.limit).offset(offsetOf(q));
  const [{ total }] = await ctx.db.select({ total: count() }).from(webhookDeliveries).where(where);
  const attempts = rows.length
    ? await ctx.db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, rows.map((r) => r.id))).orderBy(desc(webhookAttempts.attemptedAt))
    : [];
  const data = rows.map((d) => serializeEndpointDelivery(d, attempts.filter((a) => a.deliveryId === d.id)));
  return page(data, total, q);
}

/** One delivery of the endpoint `id` (both in the principal's tenant), as a row; 404 otherwise. */
export async function endpointDeliveryRow(ctx: Ctx, id: string, deliveryId: string) {
  const [row] = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, ctx.tenantId), eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.id, deliveryId)));
  if (!row) throw notFound('Webhook delivery');
  return row;
}
