/**
 * The payloads of the event types this module adds to the catalog (catalog.ts): the Standard
 * Webhooks body, as delivered. `order.updated` and `document.created` keep theirs in the contract
 * (lib/domain/contract/representation.ts). None carries a participant identifier, an address or a
 * phone number.
 */
import { z } from 'zod';
import { Order } from '@/lib/domain/contract/representation';

const DateTime = z.iso.datetime().describe('ISO 8601 date-time with milliseconds, UTC (`Z`).');

const SEQUENCE = 'The `sequence` of the order\'s `order.updated` event written in the same change (0 for `order.created`): it does not advance the order\'s sequence.';

/** An event about one order, carrying the order as `GET /api/v2/orders/{id}` answers it (without identifiers). */
function orderEvent<T extends string>(type: T, id: string) {
  return z
    .object({
      id: z.string().describe('`evt_…`: the `webhook-id` of every delivery of this event.'),
      object: z.literal('event'),
      type: z.literal(type),
      sequence: z.number().int().describe(SEQUENCE),
      createdAt: DateTime,
      data: z.object({ order: Order }),
    })
    .meta({ id });
}

export const OrderCreatedEvent = orderEvent('order.created', 'OrderCreatedEvent');
export const OrderCompletedEvent = orderEvent('order.completed', 'OrderCompletedEvent');
export const OrderCancelledEvent = orderEvent('order.cancelled', 'OrderCancelledEvent');
export const OrderExpiredEvent = orderEvent('order.expired', 'OrderExpiredEvent');

/** A message that failed for good, without its address: what, to whom (by order) and why. */
export const FailedMessage = z
  .object({
    id: z.string().describe('The message (`GET /api/v2/orders/{id}/messages` lists it with the order).'),
    channel: z.enum(['email', 'sms']),
    purpose: z
      .string()
      .describe('What the message was for: `orderCreated`, `reminder`, `passReissued`, `expirationExtended` (to the participant), `userInvitation`, `signInUnlock`, `passwordReset` (to a dashboard user); open list.'),
    order: z.object({ id: z.string(), url: z.string() }).nullable().describe('The order it was about; null for a message to a dashboard user.'),
    failedAt: DateTime.describe('When the last attempt failed.'),
    error: z
      .string()
      .describe('Why, as the provider answered (e-mail addresses and phone numbers replaced by `[address]`); `providerNotConfigured` when no provider is configured.'),
  })
  .describe('The message, without its address.');
export type FailedMessage = z.output<typeof FailedMessage>;

export const MessageFailedEvent = z
  .object({
    id: z.string().describe('`evt_…`: the `webhook-id` of every delivery of this event.'),
    object: z.literal('event'),
    type: z.literal('message.failed'),
    createdAt: DateTime,
    data: z.object({ message: FailedMessage }),
  })
  .meta({ id: 'MessageFailedEvent' });
