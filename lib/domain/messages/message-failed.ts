/**
 * `message.failed` (DESIGN.md 7.6): a message that failed for good is reported to the tenant's
 * webhook endpoints in the transaction that records the failure (lib/worker/message-send.ts). The
 * event names the message, its purpose and order, never where it went: the provider's error text
 * loses every e-mail address and phone number in it.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { messages, orders } from '@/lib/db/schema';
import type { FailedMessage } from '@/lib/domain/events/payloads';
import type { InTransaction } from '@/lib/domain/transaction';
import { emitEvent } from '@/lib/domain/webhook-endpoints';
import { openSecret } from '@/lib/secrets';

type MessageRow = typeof messages.$inferSelect;

const EMAIL = /[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+\.[A-Za-z]{2,}/g;
// International or US numbers written with separators: at least 7 digits in a row once separators are read.
const PHONE = /\+?\d[\d\s().-]{5,}\d/g;

/** The error text without addresses: the message's own recipient, any e-mail address, any phone number. */
export function withoutAddresses(error: string, to?: string | null): string {
  let text = to ? error.split(to).join('[address]') : error;
  text = text.replace(EMAIL, '[address]');
  return text.replace(PHONE, (m) => (m.replace(/\D/g, '').length >= 7 ? '[address]' : m));
}

/** Emits `message.failed` for `message`, which just failed for good at `failedAt` with `error`. */
export async function emitMessageFailed(tx: InTransaction<{ db: Db }>, message: MessageRow, failure: { failedAt: Date; error: string }): Promise<void> {
  const [order] = message.orderId
    ? await tx.db.select({ companyId: orders.companyId }).from(orders).where(eq(orders.id, message.orderId))
    : [];
  let to: string | null = null;
  try {
    to = openSecret(message.toEncrypted);
  } catch {
    // A key that no longer opens it: the patterns alone clean the text.
  }
  const data: FailedMessage = {
    id: message.id,
    channel: message.channel === 'sms' ? 'sms' : 'email',
    purpose: message.template,
    order: message.orderId ? { id: message.orderId, url: `/api/v2/orders/${message.orderId}` } : null,
    failedAt: failure.failedAt.toISOString(),
    error: withoutAddresses(failure.error, to),
  };
  await emitEvent(tx, { tenantId: message.tenantId, type: 'message.failed', companyId: order?.companyId ?? null, data: { message: data } });
}
