/**
 * `POST /api/v2/webhooks/deliveries/{id}/redeliver`: the delivery becomes pending and due now,
 * with the same event (same `webhook-id`, same payload), signed afresh with the tenant's current
 * secret. A redelivery is one more attempt: if it fails and the retry schedule is already used up,
 * the delivery is `failed` again; otherwise the rest of the schedule applies. Audited on the order.
 */
import { eq } from 'drizzle-orm';
import { webhookDeliveries } from '@/lib/db/schema';
import { auditChange, writeAudit } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import { withTransaction } from '@/lib/domain/transaction';
import { getDeliveryRowOrThrow, serializeDeliveries } from './queries';
import { notifyDeliveriesDue } from '@/lib/domain/outbox/webhook-wake';

export async function redeliverWebhook(args: { ctx: Ctx; id: string }) {
  const { ctx, id } = args;
  const updated = await withTransaction(ctx, async (t) => {
    const tx = t.db;
    const before = await getDeliveryRowOrThrow(t, id);
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: new Date() })
      .where(eq(webhookDeliveries.id, before.id))
      .returning();
    const data = { deliveryId: before.id, eventId: before.eventId, previousStatus: before.status };
    if (before.orderId) await writeAudit(tx, { tenantId: before.tenantId, orderId: before.orderId, action: 'webhook.redelivered', actor: ctx.actor, data });
    else await auditChange(t, { action: 'webhook.redelivered', subject: { type: 'webhookEndpoint', id: before.endpointId ?? before.id }, data });
    // A delivery worker in this process sends it now, once the commit makes it due for everyone.
    t.afterCommit(notifyDeliveriesDue);
    return row;
  });
  const [delivery] = await serializeDeliveries(ctx.db, [updated]);
  return delivery;
}
