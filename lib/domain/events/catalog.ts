/**
 * The event catalog (DESIGN.md 7.6): every type of event the product sends, with what it means, the
 * schema of its payload and an example. `GET /api/v2/event-types` lists it and the OpenAPI
 * document's `webhooks` section is built from it, so the two cannot disagree; a type joins here in
 * the change that starts sending it. Payloads never carry participant identifiers.
 */
import type { z } from 'zod';
import { DocumentCreatedEvent, OrderUpdatedEvent } from '@/lib/domain/contract/representation';
import { EXAMPLE_DOCUMENT, EXAMPLE_ORDER } from './examples';

export interface EventTypeDefinition {
  type: string;
  /** One line: what happened. */
  summary: string;
  /** Who receives it, when, and how to read it. */
  description: string;
  /** The whole payload (the Standard Webhooks body), as delivered. */
  schema: z.ZodType;
  example: unknown;
}

const SIGNED =
  'Signed as Standard Webhooks define (`webhook-id`, `webhook-timestamp`, `webhook-signature`: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the signing secret) ' +
  'and retried with backoff for about a day on a non-2xx answer.';

export const EVENT_TYPES: readonly EventTypeDefinition[] = [
  {
    type: 'order.updated',
    summary: 'An order or one of its services changed status',
    description:
      `Sent to the \`callback.url\` given when the order was created, each time the order or one of its services changes. ${SIGNED} ` +
      '`sequence` orders the events of one order: drop an event older than the last one seen.',
    schema: OrderUpdatedEvent,
    example: {
      id: 'evt_0000000000004000800000000000a001',
      object: 'event',
      type: 'order.updated',
      sequence: 6,
      createdAt: '2026-07-11T20:30:03.120Z',
      data: { order: EXAMPLE_ORDER },
    } satisfies z.input<typeof OrderUpdatedEvent>,
  },
  {
    type: 'document.created',
    summary: 'A result document was added to an order',
    description:
      `Sent to the order's \`callback.url\` when a document (MRO letter, lab report, custody and control form, alcohol testing form) is uploaded or generated. ${SIGNED} ` +
      'It carries the `sequence` of the order\'s latest `order.updated` without advancing it. Fetch the bytes from `data.document.contentUrl` with a token holding `document.read`.',
    schema: DocumentCreatedEvent,
    example: {
      id: 'evt_0000000000004000800000000000a002',
      object: 'event',
      type: 'document.created',
      sequence: 6,
      createdAt: '2026-07-11T20:31:12.040Z',
      data: { document: EXAMPLE_DOCUMENT },
    } satisfies z.input<typeof DocumentCreatedEvent>,
  },
];

export const eventType = (type: string): EventTypeDefinition | undefined => EVENT_TYPES.find((t) => t.type === type);
