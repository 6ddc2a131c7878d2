/**
 * Reads of the messages outbox (DESIGN.md 6.1): an order's messages as the API and the order page
 * show them (masked address, never content), and the staging mailbox's captured messages with their
 * rendered content (admins).
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { messages, orders } from '@/lib/db/schema';
import type { Ctx } from '@/lib/domain/context';
import { visibleOrder } from '@/lib/domain/access';
import { notFound } from '@/lib/domain/errors';
import { offsetOf, page, PageQuery } from '@/lib/domain/pagination';
import { iso, isoOrNull, type Message } from '@/lib/domain/representation';
import { renderMessage, RenderError, type RenderedMessage } from './render';

/** `GET /api/v2/orders/{id}/messages`: oldest first. */
export const ListOrderMessagesQuery = PageQuery;
export type ListOrderMessagesQuery = PageQuery;

type MessageRow = typeof messages.$inferSelect;

export function serializeMessage(row: MessageRow): Message {
  return {
    id: row.id,
    object: 'message',
    channel: row.channel as Message['channel'],
    to: row.toMasked,
    template: row.template,
    status: row.status as Message['status'],
    attempts: row.attempts,
    lastError: row.lastError,
    sentAt: isoOrNull(row.sentAt),
    createdAt: iso(row.createdAt),
  };
}

/** The messages of an order the principal may read, oldest first; 404 for an order outside its access. */
export async function listOrderMessages(ctx: Ctx, orderId: string, q: ListOrderMessagesQuery) {
  const [order] = await ctx.db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), visibleOrder(ctx)));
  if (!order) throw notFound('Order');
  const where = and(eq(messages.orderId, order.id), eq(messages.tenantId, ctx.tenantId));
  const [rows, [{ total }]] = await Promise.all([
    ctx.db.select().from(messages).where(where).orderBy(asc(messages.createdAt), asc(messages.id)).limit(q.limit).offset(offsetOf(q)),
    ctx.db.select({ total: count() }).from(messages).where(where),
  ]);
  return page(rows.map(serializeMessage), total, q);
}

/** One message captured by the staging mailbox, with what it said. */
export interface MailboxEntry {
  message: Message;
  order: { id: string; code: string } | null;
  /** Null when it can no longer be rendered (e.g. its order's pass was never created). */
  content: RenderedMessage | null;
  contentError: string | null;
}

/**
 * Messages of the principal's tenant that the staging mailbox captured (provider `mailbox`),
 * newest first, rendered as they were sent. Order messages only of orders the principal may read;
 * invitations for admins (the page is for admins).
 */
export async function listMailbox(ctx: Ctx, q: PageQuery): Promise<{ data: MailboxEntry[]; total: number; page: number; limit: number }> {
  const readable = sql`(${messages.orderId} is null or exists (select 1 from ${orders} where ${orders.id} = ${messages.orderId} and ${visibleOrder(ctx)}))`;
  const where = and(eq(messages.tenantId, ctx.tenantId), eq(messages.provider, 'mailbox'), readable);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ message: messages, code: orders.code })
      .from(messages)
      .leftJoin(orders, eq(orders.id, messages.orderId))
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    ctx.db.select({ total: count() }).from(messages).where(where),
  ]);
  const data = await Promise.all(
    rows.map(async ({ message, code }): Promise<MailboxEntry> => {
      try {
        return { message: serializeMessage(message), order: message.orderId && code ? { id: message.orderId, code } : null, content: await renderMessage(ctx.db, message), contentError: null };
      } catch (error) {
        if (!(error instanceof RenderError)) throw error;
        return { message: serializeMessage(message), order: message.orderId && code ? { id: message.orderId, code } : null, content: null, contentError: error.message };
      }
    }),
  );
  return page(data, total, q);
}
