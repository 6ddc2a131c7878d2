/**
 * The participant's pass (DESIGN.md 6.1): one live link per order, made in the create-order
 * transaction; `GET /orders/{id}/pass` shows it, `POST` reissues it (the old link is revoked and
 * its page answers 410) and sends the new one by the order's delivery method.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { orderPasses, orders } from '@/lib/db/schema';
import { visibleOrder } from '@/lib/domain/access';
import { writeAudit } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { queueMessage, type MessageTemplate } from '@/lib/domain/messages/queue';
import { OPEN_ORDER_STATUSES, type OrderStatus } from '@/lib/domain/orders/status';
import { iso, isoOrNull, type Pass } from '@/lib/domain/representation';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { openSecret, sealSecret } from '@/lib/secrets';
import { hashPassToken, newPassToken, passUrl } from './tokens';

type PassRow = typeof orderPasses.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** The order can still be completed: its pass may be reissued and its expiry extended. */
export const isLiveOrderStatus = (status: string) => OPEN_ORDER_STATUSES.includes(status as OrderStatus);

export function serializePass(row: PassRow): Pass {
  return {
    object: 'pass',
    url: passUrl(openSecret(row.tokenEncrypted)),
    createdAt: iso(row.createdAt),
    openedAt: isoOrNull(row.openedAt),
    revokedAt: isoOrNull(row.revokedAt),
  };
}

/** A new pass of the order (`db` is the caller's transaction). Its token exists only in the returned value and sealed. */
export async function insertPass(db: Db, order: { id: string; tenantId: string }): Promise<{ id: string; token: string; row: PassRow }> {
  const token = newPassToken();
  const [row] = await db
    .insert(orderPasses)
    .values({ id: newId(), tenantId: order.tenantId, orderId: order.id, tokenHash: hashPassToken(token), tokenEncrypted: sealSecret(token) })
    .returning();
  return { id: row.id, token, row };
}

/**
 * Queues `template` to the participant by the order's delivery method (email or sms; `none`: the
 * requester hands the pass over, nothing is sent). Returns whether a message was queued.
 */
export async function queueParticipantMessage(
  db: Db,
  order: Pick<OrderRow, 'id' | 'tenantId' | 'deliveryMethod' | 'email' | 'phone'>,
  template: MessageTemplate,
  passId: string,
): Promise<boolean> {
  const channel = order.deliveryMethod === 'email' || order.deliveryMethod === 'sms' ? order.deliveryMethod : null;
  const to = channel === 'email' ? order.email : channel === 'sms' ? order.phone : null;
  if (!channel || !to) return false;
  await queueMessage(db, { tenantId: order.tenantId, orderId: order.id, channel, to, template, data: { passId } });
  return true;
}

/**
 * The pass of a new order, in the create-order transaction: made, and sent as `orderCreated` when
 * the delivery method is email or sms (`db` is that transaction).
 */
export async function createPassForOrder(
  db: Db,
  order: Pick<OrderRow, 'id' | 'tenantId' | 'deliveryMethod' | 'email' | 'phone'>,
): Promise<{ id: string; token: string; messageQueued: boolean }> {
  const pass = await insertPass(db, order);
  const messageQueued = await queueParticipantMessage(db, order, 'orderCreated', pass.id);
  return { id: pass.id, token: pass.token, messageQueued };
}

/** The order's live pass, if it has one. */
export async function currentPass(db: Db, orderId: string): Promise<PassRow | null> {
  const [row] = await db
    .select()
    .from(orderPasses)
    .where(and(eq(orderPasses.orderId, orderId), isNull(orderPasses.revokedAt)))
    .orderBy(desc(orderPasses.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * `GET /api/v2/orders/{id}/pass`. Orders made before passes existed (the seeded demo orders) get
 * theirs here, on first read: nothing is sent for them.
 */
export async function getPass(ctx: Ctx, orderId: string): Promise<Pass> {
  const [order] = await ctx.db.select({ id: orders.id, tenantId: orders.tenantId }).from(orders).where(and(visibleOrder(ctx), eq(orders.id, orderId)));
  if (!order) throw notFound('Order');
  const existing = await currentPass(ctx.db, orderId);
  if (existing) return serializePass(existing);
  return withTransaction(ctx, async (t) => {
    // Serialise with a concurrent first read or a reissue: one live pass per order.
    await t.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    const again = await currentPass(t.db, orderId);
    return serializePass(again ?? (await insertPass(t.db, order)).row);
  });
}

function assertLive(order: OrderRow, what: string) {
  if (!isLiveOrderStatus(order.status))
    throw new DomainError('invalidState', `The order is ${order.status}: ${what} only while it is under way.`, { meta: { status: order.status } });
}

/** Locks a visible order for a change, or 404. */
export async function lockVisibleOrder(ctx: Ctx, orderId: string): Promise<OrderRow> {
  const [order] = await ctx.db.select().from(orders).where(and(visibleOrder(ctx), eq(orders.id, orderId))).for('update');
  if (!order) throw notFound('Order');
  return order;
}

/** `POST /api/v2/orders/{id}/pass`: revokes the live link, makes a new one and sends it (`passReissued`). */
export async function reissuePass(args: { ctx: Ctx; orderId: string }): Promise<Pass> {
  const { ctx, orderId } = args;
  return withTransaction(ctx, async (t) => {
    const order = await lockVisibleOrder(t, orderId);
    assertLive(order, 'its pass can be reissued');
    const now = new Date();
    const revoked = await t.db
      .update(orderPasses)
      .set({ revokedAt: now })
      .where(and(eq(orderPasses.orderId, orderId), isNull(orderPasses.revokedAt)))
      .returning({ id: orderPasses.id });
    const pass = await insertPass(t.db, order);
    const sent = await queueParticipantMessage(t.db, order, 'passReissued', pass.id);
    await writeAudit(t.db, {
      tenantId: order.tenantId,
      orderId,
      action: 'order.pass.reissued',
      actor: ctx.actor,
      data: { revokedPasses: revoked.length, deliveryMethod: order.deliveryMethod, messageQueued: sent },
    });
    return serializePass(pass.row);
  });
}


export { ReissuePassBody } from './schemas';
