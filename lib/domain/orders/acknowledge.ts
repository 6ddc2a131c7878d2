/**
 * Acknowledgement of a final result (DESIGN.md 6.2): the employer's representative records that
 * someone saw it. Once per order: acknowledging again answers the order unchanged (the first
 * acknowledgement stays). 422 `invalidState` for an order that is not final.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { orders } from '@/lib/db/schema';
import { visibleOrder } from '@/lib/domain/access';
import { writeAudit } from '@/lib/domain/audit';
import type { Actor, Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { withTransaction, type InTransaction } from '@/lib/domain/transaction';
import { enqueueOrderUpdated } from './bookkeeping';
import { storeOrderDocuments } from '@/lib/domain/order-model/documents';
import { getOrder } from './queries';

/** Who acknowledged, as the Order shows it (`acknowledgedBy`). */
export function acknowledgedByOf(actor: Actor): { type: 'user' | 'token' | 'system'; id: string | null; name: string | null } {
  if (actor.type === 'user') return { type: 'user', id: actor.id, name: actor.name ?? actor.email };
  if (actor.type === 'token') return { type: 'token', id: actor.id, name: actor.name };
  return { type: 'system', id: null, name: actor.name };
}

/**
 * What else an acknowledgement settles, in its transaction: the action center resolves the orders'
 * "result unacknowledged" actions (lib/domain/actions, a group above this one, hands it in).
 */
export type AfterAcknowledge = (tx: InTransaction<Ctx>, orderIds: string[]) => Promise<void>;

/** Acknowledges orders in one transaction: all or none (an unknown or non-final one fails them all). */
export async function acknowledgeOrders({ ctx, input: ids, afterAcknowledge }: { ctx: Ctx; input: readonly string[]; afterAcknowledge?: AfterAcknowledge }): Promise<{ acknowledged: string[]; already: string[] }> {
  const unique = [...new Set(ids)];
  return withTransaction(ctx, async (t) => {
    const tx = t.db;
    const rows = unique.length
      ? await tx
          .select({ id: orders.id, tenantId: orders.tenantId, status: orders.status, isFinal: orders.isFinal, acknowledgedAt: orders.acknowledgedAt, callbackUrl: orders.callbackUrl })
          .from(orders)
          .where(and(visibleOrder(ctx), inArray(orders.id, unique)))
          .orderBy(orders.id)
          .for('update')
      : [];
    const found = new Map(rows.map((r) => [r.id, r]));
    const missing = unique.find((id) => !found.has(id));
    if (missing !== undefined) throw notFound('Order');
    const notFinal = rows.find((r) => !r.isFinal);
    if (notFinal)
      throw new DomainError('invalidState', `The order is "${notFinal.status}", not a final result: only final results are acknowledged.`, {
        meta: { orderId: notFinal.id, status: notFinal.status },
      });
    const now = new Date();
    const by = acknowledgedByOf(ctx.actor);
    const fresh = rows.filter((r) => r.acknowledgedAt === null);
    for (const r of fresh) {
      await tx.update(orders).set({ acknowledgedAt: now, acknowledgedBy: by, updatedAt: now }).where(eq(orders.id, r.id));
      await writeAudit(tx, { tenantId: r.tenantId, orderId: r.id, action: 'order.acknowledged', actor: ctx.actor, data: { status: r.status } });
    }
    await storeOrderDocuments(tx, fresh.map((r) => r.id));
    if (afterAcknowledge && fresh.length) await afterAcknowledge(t, fresh.map((r) => r.id));
    for (const r of fresh) await enqueueOrderUpdated(t, await getOrder(t, r.id, { identifiers: false }), { tenantId: r.tenantId, callbackUrl: r.callbackUrl, previousStatus: r.status });
    return { acknowledged: fresh.map((r) => r.id), already: rows.filter((r) => r.acknowledgedAt !== null).map((r) => r.id) };
  });
}

/** `PUT /api/v2/orders/{id}/acknowledgement`: the order, acknowledged. */
export async function acknowledgeOrder(args: { ctx: Ctx; id: string; afterAcknowledge?: AfterAcknowledge }) {
  await acknowledgeOrders({ ctx: args.ctx, input: [args.id], afterAcknowledge: args.afterAcknowledge });
  return getOrder(args.ctx, args.id);
}
