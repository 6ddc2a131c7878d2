/**
 * Cancel an order (spec 3.3, 4.1). The order row is locked for the whole transaction, so two
 * concurrent cancels serialise: the first cancels, the second finds it cancelled and answers 200
 * with nothing changed (one audit record).
 */
import { and, arrayOverlaps, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { orders, orderServices, orderServiceStatusHistory, users } from '@/lib/db/schema';
import { visibleOrder } from '@/lib/domain/access';
import { writeAudit } from '@/lib/domain/audit';
import { tenantNow } from '@/lib/domain/clock';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { countStatusChange, enqueueOrderUpdated } from './bookkeeping';
import { storeOrderDocuments } from '@/lib/domain/order-model/documents';
import { getOrder } from './queries';
import { retentionUntil } from './retention';
import type { CancelOrderBody } from './schemas';
import { BACKGROUND_CHECK_TYPE, isFinalOrderStatus } from '@/lib/domain/order-model/status';
import { normalizeResult, resultKindOf } from '@/lib/domain/order-model/result-details';

/** The user of a company linked to the principal who owns this e-mail, if any. */
async function linkedUserByEmail(db: Db, ctx: Ctx, email: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.tenantId, ctx.tenantId),
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        sql`${users.disabledAt} is null`,
        or(eq(users.allCompanies, true), arrayOverlaps(users.companyIds, ctx.companyIds)),
      ),
    );
  return user ?? null;
}

export async function cancelOrder(args: { ctx: Ctx; id: string; input: CancelOrderBody }) {
  const { ctx, id, input } = args;
  const cancelled = await withTransaction(ctx, async (t) => {
    const tx = t.db;
    const [order] = await tx.select().from(orders).where(and(visibleOrder(ctx), eq(orders.id, id))).for('update');
    if (!order) throw notFound('Order');
    if (order.status === 'cancelled') return null; // already cancelled: 200, nothing changes
    if (isFinalOrderStatus(order.status))
      throw new DomainError('invalidState', `The order has reached the final status "${order.status}" and can no longer be cancelled.`, {
        meta: { status: order.status },
      });
    const services = await tx.select({ id: orderServices.id, type: orderServices.type, category: orderServices.category }).from(orderServices).where(eq(orderServices.orderId, id));
    const cancellable = services.filter((s) => s.type !== BACKGROUND_CHECK_TYPE);
    if (cancellable.length === 0)
      throw new DomainError('invalidState', 'The order has only background-check services, which cannot be cancelled.');

    // Stamped on the tenant's clock (a sandbox tenant's moved clock dates what it does).
    const now = await tenantNow(t);
    await tx
      .update(orderServices)
      .set({ status: 'cancelled', statusUpdatedAt: now })
      .where(and(eq(orderServices.orderId, id), ne(orderServices.type, BACKGROUND_CHECK_TYPE)));
    // DESIGN.md 7.5: its drug and alcohol tests record that the employer cancelled them (the MIS report counts them as cancelled).
    const tests = cancellable.filter((s) => resultKindOf(s) !== 'other').map((s) => s.id);
    if (tests.length)
      await tx
        .update(orderServices)
        .set({ result: normalizeResult('cancelled', { category: null }, { cancellation: { by: 'employer', reason: input.reason ?? null } }) })
        .where(inArray(orderServices.id, tests));
    await tx
      .insert(orderServiceStatusHistory)
      .values(cancellable.map((s) => ({ id: newId(), orderServiceId: s.id, status: 'cancelled', groupType: 'cancelled', occurredAt: now })));
    await tx
      .update(orders)
      .set({ status: 'cancelled', isFinal: false, statusUpdatedAt: now, updatedAt: now, retentionUntil: retentionUntil('cancelled', now) })
      .where(eq(orders.id, id));
    await countStatusChange(tx, order.tenantId, order.companyId, order.status, 'cancelled');
    await storeOrderDocuments(tx, [id]);

    // A signed-in dashboard user is the audit identity: an e-mail sent beside it is not recorded
    // (it would pair the user's name with someone else's address). API tokens and system actors
    // may name the person behind the call with `cancelledBy`.
    const email = ctx.actor.type === 'user' ? null : (input.cancelledBy?.email ?? null);
    const user = email ? await linkedUserByEmail(tx, ctx, email) : null;
    await writeAudit(tx, {
      tenantId: order.tenantId,
      orderId: id,
      action: 'order.cancelled',
      actor: ctx.actor,
      actorUserId: user?.id ?? null,
      actorEmail: user?.email ?? email,
      data: { previousStatus: order.status, ...(email ? { cancelledByEmail: email } : {}), ...(input.reason ? { reason: input.reason } : {}) },
    });
    const updated = await getOrder(t, id, { identifiers: false });
    await enqueueOrderUpdated(t, updated, { tenantId: order.tenantId, callbackUrl: order.callbackUrl, previousStatus: order.status, at: now });
    return updated;
  });
  // Spec 4.1: the cancellation response never includes participant identifiers.
  return cancelled ?? getOrder(ctx, id, { identifiers: false });
}
