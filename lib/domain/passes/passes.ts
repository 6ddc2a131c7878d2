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
import { queueMessage, type MessageTemplate, type QueueMessageInput } from '@/lib/domain/outbox/message-queue';
import { OPEN_ORDER_STATUSES, type OrderStatus } from '@/lib/domain/order-model/status';
import { iso, isoOrNull, type Pass } from '@/lib/domain/contract/representation';
import { withTransaction, type InTransaction } from '@/lib/domain/transaction';
import { notifyMessagesDue } from '@/lib/domain/outbox/message-wake';
import { newId } from '@/lib/ids';
import { participantLanguageOr } from '@/lib/i18n/participant';
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

/** A new pass's row and its token, which exists only here and sealed (also used by the create-order statement). */
export function newPassValues(order: { id: string; tenantId: string }) {
  const token = newPassToken();
  return { token, values: { id: newId(), tenantId: order.tenantId, orderId: order.id, tokenHash: hashPassToken(token), tokenEncrypted: sealSecret(token) } };
}

/** A new pass of the order (`db` is the caller's transaction). */
export async function insertPass(db: Db, order: { id: string; tenantId: string }): Promise<{ id: string; token: string; row: PassRow }> {
  const { token, values } = newPassValues(order);
  const [row] = await db.insert(orderPasses).values(values).returning();
  return { id: row.id, token, row };
}

/**
 * The message that sends `template` to the participant by the order's delivery method (email or
 * sms), or null for `none` (the requester hands the pass over, nothing is sent) or no address.
 */
export function participantMessage(
  order: Pick<OrderRow, 'id' | 'tenantId' | 'deliveryMethod' | 'email' | 'phone' | 'participantLanguage'>,
  template: MessageTemplate,
  passId: string,
): QueueMessageInput | null {
  const channel = order.deliveryMethod === 'email' || order.deliveryMethod === 'sms' ? order.deliveryMethod : null;
  const to = channel === 'email' ? order.email : channel === 'sms' ? order.phone : null;
  if (!channel || !to) return null;
  return { tenantId: order.tenantId, orderId: order.id, channel, to, template, data: { passId }, language: participantLanguageOr(order.participantLanguage) };
}

/**
 * Queues `template` to the participant (see `participantMessage`) in the transaction `tx`, and
 * wakes this process's message worker once it commits. Returns whether a message was queued.
 * `limited`: a person asked for it, so the hourly limits apply (lib/domain/outbox/message-limits.ts).
 */
export async function queueParticipantMessage(
  tx: InTransaction<{ db: Db }>,
  order: Pick<OrderRow, 'id' | 'tenantId' | 'deliveryMethod' | 'email' | 'phone' | 'participantLanguage'>,
  template: MessageTemplate,
  passId: string,
  options: { limited?: boolean } = {},
): Promise<boolean> {
  const message = participantMessage(order, template, passId);
  if (!message) return false;
  await queueMessage(tx.db, message, options);
  tx.afterCommit(notifyMessagesDue);
  return true;
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
    // Over the hourly limits this is a 429 and the whole reissue rolls back: the old link keeps working.
    const sent = await queueParticipantMessage(t, order, 'passReissued', pass.id, { limited: true });
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
