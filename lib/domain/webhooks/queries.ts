/**
 * Reads of webhook deliveries: within the principal's tenant AND limited to orders of its linked
 * companies, in SQL (a delivery outside that access looks exactly like a missing one).
 */
import { and, asc, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { orders, webhookAttempts, webhookDeliveries } from '@/lib/db/schema';
import { visibleOrder } from '@/lib/domain/access';
import type { Ctx, Principal } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { offsetOf, page } from '@/lib/domain/pagination';
import type { ListWebhookDeliveriesQuery } from './schemas';
import { serializeDelivery, type AttemptRow, type DeliveryRow } from './serialize';

/**
 * Deliveries to order callbacks of the principal's tenant whose order it can see; use with a join on
 * `orders`. An account webhook endpoint's deliveries are in the endpoint's own log.
 */
export function visibleDelivery(p: Principal): SQL {
  return and(eq(webhookDeliveries.tenantId, p.tenantId), isNull(webhookDeliveries.endpointId), visibleOrder(p))!;
}

async function attemptsOf(db: Db, deliveryIds: string[]): Promise<Map<string, AttemptRow[]>> {
  const byDelivery = new Map<string, AttemptRow[]>(deliveryIds.map((id) => [id, []]));
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(asc(webhookAttempts.attemptedAt), asc(webhookAttempts.id));
  for (const row of rows) byDelivery.get(row.deliveryId)?.push(row);
  return byDelivery;
}

export async function serializeDeliveries(db: Db, rows: DeliveryRow[]) {
  const attempts = await attemptsOf(db, rows.map((r) => r.id));
  return rows.map((r) => serializeDelivery(r, attempts.get(r.id) ?? []));
}

export async function listWebhookDeliveries(ctx: Ctx, q: ListWebhookDeliveriesQuery) {
  const where = and(
    visibleDelivery(ctx),
    q.orderId ? eq(webhookDeliveries.orderId, q.orderId) : undefined,
    q.status ? eq(webhookDeliveries.status, q.status) : undefined,
  );
  const rows = await ctx.db
    .select({ delivery: webhookDeliveries })
    .from(webhookDeliveries)
    .innerJoin(orders, eq(orders.id, webhookDeliveries.orderId))
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(q.limit)
    .offset(offsetOf(q));
  const [{ total }] = await ctx.db
    .select({ total: count() })
    .from(webhookDeliveries)
    .innerJoin(orders, eq(orders.id, webhookDeliveries.orderId))
    .where(where);
  return page(await serializeDeliveries(ctx.db, rows.map((r) => r.delivery)), total, q);
}

/** One delivery the principal can see, as a row; 404 otherwise. */
export async function getDeliveryRowOrThrow(ctx: Ctx, id: string): Promise<DeliveryRow> {
  const [row] = await ctx.db
    .select({ delivery: webhookDeliveries })
    .from(webhookDeliveries)
    .innerJoin(orders, eq(orders.id, webhookDeliveries.orderId))
    .where(and(visibleDelivery(ctx), eq(webhookDeliveries.id, id)));
  if (!row) throw notFound('Webhook delivery');
  return row.delivery;
}

export async function getWebhookDelivery(ctx: Ctx, id: string) {
  const [delivery] = await serializeDeliveries(ctx.db, [await getDeliveryRowOrThrow(ctx, id)]);
  return delivery;
}
