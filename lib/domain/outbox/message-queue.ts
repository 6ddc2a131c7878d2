/**
 * Queueing a message to a person (DESIGN.md 6.1): one row of the `messages` outbox, written in the
 * transaction of the change that sends it, so a message exists exactly when its change committed.
 * The worker (lib/worker) renders and sends it; the address is stored encrypted and masked.
 */
import { messages } from '@/lib/db/schema';
import type { Db } from '@/lib/db/client';
import { newId } from '@/lib/ids';
import { keyedDigest, sealSecret } from '@/lib/secrets';
import { assertRoomForMessage } from '@/lib/domain/outbox/message-limits';
import type { ParticipantLanguage } from '@/lib/i18n/participant';

export const MESSAGE_TEMPLATES = ['orderCreated', 'reminder', 'passReissued', 'expirationExtended', 'userInvitation', 'signInUnlock', 'passwordReset', 'webhookEndpointDisabled'] as const;
export type MessageTemplate = (typeof MESSAGE_TEMPLATES)[number];
export type MessageChannel = 'email' | 'sms';

export interface QueueMessageInput {
  tenantId: string;
  /** The order the message is about (null for an invitation). */
  orderId?: string | null;
  invitationId?: string | null;
  channel: MessageChannel;
  /** E-mail address or E.164 phone number. */
  to: string;
  template: MessageTemplate;
  /** What the renderer needs besides the order (e.g. `{ passId }`); never identifiers, never results. */
  data?: Record<string, unknown>;
  /** The language it is rendered in (`messages.language`): a participant's message, the order's; else English. */
  language?: ParticipantLanguage;
}

/** `j***@example.com`, `+1******0123`. */
export function maskAddress(channel: MessageChannel, to: string): string {
  if (channel === 'email') {
    const at = to.lastIndexOf('@');
    return at <= 0 ? '***' : `${to[0]}***${to.slice(at)}`;
  }
  const digits = to.replace(/^\+/, '');
  const country = digits.length > 10 ? digits.slice(0, digits.length - 10) : '';
  const rest = digits.slice(country.length);
  return `+${country}${'*'.repeat(Math.max(rest.length - 4, 0))}${rest.slice(-4)}`;
}

/**
 * Who a message goes to, as messages are counted (./limits.ts): a keyed digest of the address,
 * an e-mail address lower-cased and without its `+tag` (`pat+1@` and `pat+2@` reach one mailbox).
 */
export function recipientHash(channel: MessageChannel, to: string): string {
  const address = channel === 'email' ? to.trim().toLowerCase().replace(/\+[^@]*(?=@[^@]*$)/, '') : to.trim();
  return keyedDigest('message-recipient', `${channel}:${address}`);
}

/** The outbox row of a message (also written by the create-order statement). */
export function messageValues(input: QueueMessageInput) {
  return {
    id: newId(),
    tenantId: input.tenantId,
    orderId: input.orderId ?? null,
    invitationId: input.invitationId ?? null,
    channel: input.channel,
    toEncrypted: sealSecret(input.to),
    toMasked: maskAddress(input.channel, input.to),
    toHash: recipientHash(input.channel, input.to),
    template: input.template,
    data: input.data ?? {},
    language: input.language ?? 'en',
    status: 'queued',
    nextAttemptAt: new Date(),
  };
}

/**
 * Writes the message into the outbox (`db` is the caller's transaction); the worker sends it.
 * `limited`: someone asked for it (a reissue, an extension), so it counts against the hourly
 * limits and is refused over them (429); a reminder of the sweep is only counted.
 */
export async function queueMessage(db: Db, input: QueueMessageInput, options: { limited?: boolean } = {}): Promise<{ id: string }> {
  const values = messageValues(input);
  if (options.limited) await assertRoomForMessage(db, values);
  await db.insert(messages).values(values);
  return { id: values.id };
}
