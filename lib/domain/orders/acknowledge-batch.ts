/**
 * `POST /api/v2/orders/acknowledgements` (the results inbox's "Acknowledge selected"): several
 * orders acknowledged in one transaction, all or none, by the rule of `PUT
 * /api/v2/orders/{id}/acknowledgement` (acknowledgeOrders). An order the principal cannot see is 404
 * at its member, exactly as a missing one.
 */
import { and, inArray } from 'drizzle-orm';
import { orders } from '@/lib/db/schema';
import { visibleOrder } from '@/lib/domain/access';
import type { Ctx } from '@/lib/domain/context';
import type { Acknowledgements } from '@/lib/domain/contract/management';
import { notFound } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';
import { acknowledgeOrders, type AfterAcknowledge } from './acknowledge';
import type { AcknowledgeOrdersBody } from './schemas';

export async function acknowledgeOrderBatch({ ctx, input, afterAcknowledge }: { ctx: Ctx; input: AcknowledgeOrdersBody; afterAcknowledge?: AfterAcknowledge }): Promise<Acknowledgements> {
  const ids = input.orders.map((o) => o.id);
  return withTransaction(ctx, async (tx) => {
    const visible = await tx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(visibleOrder(tx), inArray(orders.id, [...new Set(ids)])));
    const seen = new Set(visible.map((r) => r.id));
    const missing = ids.findIndex((id) => !seen.has(id));
    if (missing >= 0) throw notFound('Order', `/orders/${missing}/id`);
    const { acknowledged, already } = await acknowledgeOrders({ ctx: tx, input: ids, afterAcknowledge });
    return { object: 'acknowledgements', acknowledged, alreadyAcknowledged: already };
  });
}
