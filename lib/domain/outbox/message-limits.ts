/**
 * Hourly limits on messages to participants (issue 26: 15 reissues in 0.3 s sent 15 e-mails).
 * The messages table is the counter: the rows of the last hour for the order, and for the
 * recipient (`to_hash`) within the tenant, counted in the transaction that would add one more.
 * Under the order's row lock (a reissue, an extension) the order's count is exact. Concurrent
 * changes of different orders to one address may each find room, and so may concurrent creates
 * (their one-statement insert is its own transaction, checked just before): one message apiece.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { messages } from '@/lib/db/schema';
import { namedStatement } from '@/lib/db/prepared';
import { DomainError } from '@/lib/domain/errors';

/**
 * Messages about one order in an hour. An order sends one when it is created, perhaps a reissue or
 * an extension after a call with the participant, and reminders a day apart: 5 leaves room for
 * four changes in an hour, and stops a loop or a held-down "Reissue" button.
 */
export const MESSAGES_PER_ORDER_PER_HOUR = 5;

/**
 * Messages to one address (e-mail or phone) within a tenant in an hour, across its orders: a
 * participant with a few orders placed at once stays well under it; flooding someone's inbox
 * through new orders does not.
 */
export const MESSAGES_PER_RECIPIENT_PER_HOUR = 10;

/**
 * Seconds until one more message is within the limit for the rows `where` selects, or no row when it
 * is now: of `limit` rows in the last hour, the newest `limit`-th (offset `skip`) has to leave first.
 * A prepared statement, as creating an order runs it on its hot path.
 */
const secondsUntilRoom = (name: string, where: SQL) =>
  namedStatement<{ seconds: number }>(
    name,
    () => sql`select ceil(extract(epoch from ${messages.createdAt} + interval '1 hour' - now()))::int as seconds
      from ${messages}
      where ${where} and ${messages.createdAt} > now() - interval '1 hour'
      order by ${messages.createdAt} desc
      offset ${sql.placeholder('skip')} limit 1`,
  );
const orderRoom = secondsUntilRoom('message_limit_order', sql`${messages.orderId} = ${sql.placeholder('orderId')}`);
const recipientRoom = secondsUntilRoom(
  'message_limit_recipient',
  sql`${messages.tenantId} = ${sql.placeholder('tenantId')} and ${messages.toHash} = ${sql.placeholder('toHash')}`,
);

const inMinutes = (seconds: number) => (seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`);

function tooMany(detail: string, limit: number, row: { seconds: number }, per: 'order' | 'recipient', pointer?: string) {
  const seconds = Math.max(1, Number(row.seconds));
  return new DomainError('tooManyRequests', `${detail} Try again in ${inMinutes(seconds)}.`, { pointer, meta: { limit, retryAfterSeconds: seconds, per } });
}

type MessageRow = { tenantId: string; toHash: string; toMasked: string };

/** 429 `tooManyRequests` when the address had MESSAGES_PER_RECIPIENT_PER_HOUR messages of the tenant in the last hour (`pointer`: the address's field). */
export async function assertRoomForRecipient(db: Db, message: MessageRow, pointer?: string): Promise<void> {
  const limit = MESSAGES_PER_RECIPIENT_PER_HOUR;
  const [full] = await recipientRoom(db, { tenantId: message.tenantId, toHash: message.toHash, skip: limit - 1 });
  if (full) throw tooMany(`${message.toMasked} was sent ${limit} messages in the last hour, the most an hour allows for one address.`, limit, full, 'recipient', pointer);
}

/** Both limits for one more message about an existing order: the order's first, then the address's. */
export async function assertRoomForMessage(db: Db, message: MessageRow & { orderId: string | null }): Promise<void> {
  if (message.orderId) {
    const limit = MESSAGES_PER_ORDER_PER_HOUR;
    const [full] = await orderRoom(db, { orderId: message.orderId, skip: limit - 1 });
    if (full) throw tooMany(`The participant was sent ${limit} messages about this order in the last hour, the most an hour allows.`, limit, full, 'order');
  }
  await assertRoomForRecipient(db, message);
}
