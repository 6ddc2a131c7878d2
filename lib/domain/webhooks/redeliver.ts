/**
 * `POST /api/v2/webhooks/deliveries/{id}/redeliver`: the delivery becomes pending and due now,
 * with the same event (same `webhook-id`, same payload). A redelivery is one more attempt: if it
 * fails and the retry schedule is already used up, the delivery is `failed` again; otherwise the
 * rest of the schedule applies.
 *
 * An order callback's delivery is signed afresh with the tenant's current secret and audited on the
 * order. An account webhook endpoint's delivery (a principal linked to every company only; 404 for
 * any other, as in its list) goes as the endpoint's own redelivery does
 * (lib/domain/webhook-endpoints/redeliver-delivery.ts): signed with the endpoint's secret(s), 422
 * `invalidState` when the endpoint is disabled.
 */
import { and, eq, isNotNull, or } from 'drizzle-orm';
import { orders, webhookDeliveries } from '@/lib/db/schema';
import { writeAudit } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { notifyDeliveriesDue } from '@/lib/domain/outbox/webhook-wake';
import { withTransaction } from '@/lib/domain/transaction';
import { requeueEndpointDelivery } from '@/lib/domain/webhook-endpoints';
import { serializeDeliveries, visibleDelivery } from './queries';

export async function redeliverWebhook(args: { ctx: Ctx; id: string }) {
  const { ctx, id } = args;
  const updated = await withTransaction(ctx, async (t) => {
    const tx = t.db;
    const endpointDelivery = ctx.allCompanies ? and(eq(webhookDeliveries.tenantId, ctx.tenantId), isNotNull(webhookDeliveries.endpointId)) : undefined;
    const [found] = await tx
      .select({ delivery: webhookDeliveries })
      .from(webhookDeliveries)
      .leftJoin(orders, eq(orders.id, webhookDeliveries.orderId))
      .where(and(eq(webhookDeliveries.id, id), endpointDelivery ? or(visibleDelivery(ctx), endpointDelivery) : visibleDelivery(ctx)));
    if (!found) throw notFound('Webhook delivery');
    const before = found.delivery;
    if (before.endpointId) return requeueEndpointDelivery(t, before);
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: new Date() })
      .where(eq(webhookDeliveries.id, before.id))
      .returning();
    await writeAudit(tx, {
      tenantId: before.tenantId,
      orderId: before.orderId!,
      action: 'webhook.redelivered',
      actor: ctx.actor,
      data: { deliveryId: before.id, eventId: before.eventId, previousStatus: before.status },
    });
    // A delivery worker in this process sends it now, once the commit makes it due for everyone.
    t.afterCommit(notifyDeliveriesDue);
    return row;
  });
  const [delivery] = await serializeDeliveries(ctx.db, [updated]);
  return delivery;
}
