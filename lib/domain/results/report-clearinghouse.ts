/**
 * `PUT /api/v2/orders/{id}/clearinghouse-reports/{kind}` (DESIGN.md 7.5): the employer records that
 * it reported an item to the FMCSA Clearinghouse. Once per item: recording it again answers the
 * order unchanged. When no employer item is left unreported, the order's `clearinghouseReportDue`
 * action is resolved in the same transaction. The MRO's items are the MRO's to report: 422.
 */
import { and, eq } from 'drizzle-orm';
import { orders } from '@/lib/db/schema';
import { resolveWithEvent } from '@/lib/domain/actions';
import { visibleOrder } from '@/lib/domain/access';
import { writeAudit } from '@/lib/domain/audit';
import { tenantNow } from '@/lib/domain/clock';
import type { Ctx } from '@/lib/domain/context';
import { CLEARINGHOUSE_ITEM_KINDS, type ClearinghouseItem } from '@/lib/domain/contract/result-details';
import { DomainError, notFound } from '@/lib/domain/errors';
import { storeOrderDocuments } from '@/lib/domain/order-model/documents';
import { acknowledgedByOf } from '@/lib/domain/orders/acknowledge';
import { enqueueOrderUpdated } from '@/lib/domain/orders/bookkeeping';
import { getOrder } from '@/lib/domain/orders/queries';
import { withTransaction } from '@/lib/domain/transaction';
import { RESULT_ACTIONS } from './action-types';
import type { ClearinghouseReportBody } from './schemas';

export async function reportToClearinghouse({ ctx, id, kind, input }: { ctx: Ctx; id: string; kind: string; input: ClearinghouseReportBody }) {
  await withTransaction(ctx, async (t) => {
    const tx = t.db;
    const [order] = await tx
      .select({ id: orders.id, tenantId: orders.tenantId, status: orders.status, clearinghouse: orders.clearinghouse, callbackUrl: orders.callbackUrl })
      .from(orders)
      .where(and(visibleOrder(ctx), eq(orders.id, id)))
      .for('update');
    if (!order) throw notFound('Order');
    if (!(CLEARINGHOUSE_ITEM_KINDS as readonly string[]).includes(kind))
      throw new DomainError('invalidValue', `kind must be one of ${CLEARINGHOUSE_ITEM_KINDS.join(', ')}.`, { pointer: '/kind' });
    const items = (order.clearinghouse?.items ?? []) as ClearinghouseItem[];
    const item = items.find((i) => i.kind === kind);
    if (!item) throw notFound('Clearinghouse item');
    if (item.reporter !== 'employer')
      throw new DomainError('invalidState', `The MRO reports ${kind} to the Clearinghouse (49 CFR 382.705(a)); the employer records only its own items.`, {
        meta: { reporter: item.reporter },
      });
    if (item.reportedAt !== null) return; // reported already: the first record stays

    const now = await tenantNow(t);
    const reportedAt = input.reportedAt ? new Date(input.reportedAt) : now;
    if (reportedAt.getTime() > now.getTime())
      throw new DomainError('invalidValue', 'reportedAt must not be in the future.', { pointer: '/reportedAt' });
    const updated = items.map((i) => (i.kind === kind ? { ...i, reportedAt: reportedAt.toISOString(), reportedBy: acknowledgedByOf(ctx.actor) } : i));
    await tx.update(orders).set({ clearinghouse: { items: updated }, updatedAt: new Date() }).where(eq(orders.id, id));
    await storeOrderDocuments(tx, [id]);
    await writeAudit(tx, { tenantId: order.tenantId, orderId: id, action: 'order.clearinghouse.reported', actor: ctx.actor, data: { kind, reportedAt: reportedAt.toISOString() } });
    if (!updated.some((i) => i.reporter === 'employer' && i.reportedAt === null))
      await resolveWithEvent(t, { type: RESULT_ACTIONS.clearinghouseReportDue.type, subject: { object: 'order', id }, resolution: 'automatic' }, now);
    await enqueueOrderUpdated(t, await getOrder(t, id, { identifiers: false }), { tenantId: order.tenantId, callbackUrl: order.callbackUrl, previousStatus: order.status, at: now });
  });
  return getOrder(ctx, id);
}
