/**
 * Reads of the messages outbox (DESIGN.md 6.1): an order's messages as the API and the order page
 * show them (masked address, never content), and the staging mailbox's captured messages with their
 * rendered content (admins), each only to a principal that may see its subject, and with its
 * one-time link masked: only the recipient gets the link.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { messages, orders, userInvitations, users } from '@/lib/db/schema';
import type { Ctx, Principal } from '@/lib/domain/context';
import { visibleOrder } from '@/lib/domain/access';
import { manageableUser } from '@/lib/domain/users/queries';
import { notFound } from '@/lib/domain/errors';
import { offsetOf, page, PageQuery } from '@/lib/domain/pagination';
import { iso, isoOrNull, type Message } from '@/lib/domain/contract/representation';
import { openSecret } from '@/lib/secrets';
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

/** One message captured by the staging mailbox, with what it said (its one-time link masked). */
export interface MailboxEntry {
  message: Message;
  order: { id: string; code: string } | null;
  /**
   * The one-time link the message carries, which the mailbox offers to send anew: a pass through
   * `POST /api/v2/orders/{id}/pass`, an invitation through `POST /api/v2/users/{id}/invitation`.
   */
  link: 'invitation' | 'pass' | null;
  /** The invited user of an invitation message. */
  invitee: { id: string } | null;
  /** Null when it can no longer be rendered (e.g. its order's pass was never created). */
  content: RenderedMessage | null;
  /** Its one-time link is masked: the reader is not its recipient (a password reset the reader asked for is theirs). */
  masked: boolean;
  contentError: string | null;
}

/**
 * The staging mailbox's messages the principal may see: those the mailbox captured (provider
 * `mailbox`) in its tenant whose subject it may see. An order message: the principal reads the
 * order. An invitation: the principal manages the invited user (users/manage.ts: an
 * all-companies invitee only for an all-companies principal, else the invitee's companies among
 * the principal's). A webhook endpoint disabled for failing: a principal linked to every company. Anything else: nobody.
 */
export function mailboxMessage(principal: Principal): SQL {
  const orderReadable = sql`exists (select 1 from ${orders} where ${orders.id} = ${messages.orderId} and ${visibleOrder(principal)})`;
  const inviteeManaged = sql`exists (select 1 from ${userInvitations} join ${users} on ${users.id} = ${userInvitations.userId}
    where ${userInvitations.id} = ${messages.invitationId} and ${manageableUser(principal)})`;
  // An unlock link's message (no order, no invitation): to the admins who manage its user.
  const unlockUserManaged = sql`(${messages.template} = 'signInUnlock' and exists (select 1 from ${users} where ${users.id} = ${messages.data}->>'userId' and ${manageableUser(principal)}))`;
  // A webhook endpoint's disabling (to the admins): to the principals who manage endpoints, those linked to every company.
  const endpointManaged = principal.allCompanies ? sql`${messages.template} = 'webhookEndpointDisabled'` : sql`false`;
  const readable = sql`((${messages.orderId} is not null and ${orderReadable}) or (${messages.orderId} is null and ${messages.invitationId} is not null and ${inviteeManaged}) or (${messages.orderId} is null and ${messages.invitationId} is null and (${unlockUserManaged} or ${endpointManaged})))`;
  return and(eq(messages.tenantId, principal.tenantId), eq(messages.provider, 'mailbox'), readable)!;
}

/**
 * The staging mailbox of the principal (see `mailboxMessage`), newest first, rendered as sent
 * but with the pass or invitation link masked: the reader is not its recipient, and a live link
 * would let it open the participant's pass or take over the invited account.
 */
export async function listMailbox(ctx: Ctx, q: PageQuery): Promise<{ data: MailboxEntry[]; total: number; page: number; limit: number }> {
  const where = mailboxMessage(ctx);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ message: messages, code: orders.code, inviteeId: userInvitations.userId })
      .from(messages)
      .leftJoin(orders, eq(orders.id, messages.orderId))
      .leftJoin(userInvitations, eq(userInvitations.id, messages.invitationId))
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    ctx.db.select({ total: count() }).from(messages).where(where),
  ]);
  const data = await Promise.all(
    rows.map(async ({ message, code, inviteeId }): Promise<MailboxEntry> => {
      const entry = {
        message: serializeMessage(message),
        order: message.orderId && code ? { id: message.orderId, code } : null,
        link: message.template === 'userInvitation' ? ('invitation' as const) : message.orderId ? ('pass' as const) : null,
        invitee: message.invitationId && inviteeId ? { id: inviteeId } : null,
      };
      try {
        // The reader's own mail (a password reset it asked for) is theirs to open: masked for anyone else.
        const own = ctx.actor.type === 'user' && openSecret(message.toEncrypted).trim().toLowerCase() === ctx.actor.email.toLowerCase();
        return { ...entry, masked: !own, content: await renderMessage(ctx.db, message, { masked: !own }), contentError: null };
      } catch (error) {
        if (!(error instanceof RenderError)) throw error;
        return { ...entry, masked: true, content: null, contentError: error.message };
      }
    }),
  );
  return page(data, total, q);
}
