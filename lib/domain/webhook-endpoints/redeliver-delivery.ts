/**
 * Redelivering a delivery of an account webhook endpoint (DESIGN.md 7.6): `POST
 * /api/v2/webhook-endpoints/{id}/deliveries/{deliveryId}/redelivery`, and `POST
 * /api/v2/webhooks/deliveries/{id}/redeliver` for such a delivery (lib/domain/webhooks/redeliver.ts).
 * The delivery becomes pending and due now with the same event (same `webhook-id`, same payload),
 * to the endpoint's current URL, signed by the worker with the endpoint's secret(s) at that time.
 * A disabled endpoint is refused (422 `invalidState`): it would not be sent.
 */
import { and, desc, eq } from 'drizzle-orm';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import type { EndpointDelivery } from '@/lib/domain/contract/management';
import { notFound } from '@/lib/domain/errors';
import { notifyDeliveriesDue } from '@/lib/domain/outbox/webhook-wake';
import { withTransaction, type InTransaction } from '@/lib/domain/transaction';
import { assertTenantWide, endpointDeliveryRow, tenantEndpoint } from './queries';
import { assertEndpointEnabled } from './rules';
import { serializeEndpointDelivery } from './serialize';

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** In the caller's transaction: `delivery` (an endpoint's, of the principal's tenant) pending and due now. */
export async function requeueEndpointDelivery(tx: InTransaction<Ctx>, delivery: DeliveryRow): Promise<DeliveryRow> {
  const [endpoint] = await tx.db
    .select()
    .from(webhookEndpoints)
    .where(tenantEndpoint(tx, delivery.endpointId ?? ''))
    .for('share');
  if (!endpoint) throw notFound('Webhook endpoint');
  assertEndpointEnabled(endpoint);
  const [row] = await tx.db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: new Date(), url: endpoint.url })
    .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.tenantId, tx.tenantId)))
    .returning();
  await auditChange(tx, {
    action: 'webhookEndpoint.redelivered',
    subject: { type: 'webhookEndpoint', id: endpoint.id },
    data: { deliveryId: delivery.id, eventId: delivery.eventId, previousStatus: delivery.status },
  });
  // A delivery worker in this process sends it now, once the commit makes it due for everyone.
  tx.afterCommit(notifyDeliveriesDue);
  return row;
}

export async function redeliverEndpointDelivery({ ctx, id, deliveryId }: { ctx: Ctx; id: string; deliveryId: string }): Promise<EndpointDelivery> {
  assertTenantWide(ctx);
  return withTransaction(ctx, async (tx) => {
    const [endpoint] = await tx.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(tenantEndpoint(ctx, id));
    if (!endpoint) throw notFound('Webhook endpoint');
    const row = await requeueEndpointDelivery(tx, await endpointDeliveryRow(tx, id, deliveryId));
    const attempts = await tx.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, row.id)).orderBy(desc(webhookAttempts.attemptedAt)).limit(20);
    return serializeEndpointDelivery(row, attempts);
  });
}
