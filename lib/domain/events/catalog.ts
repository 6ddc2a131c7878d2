/**
 * The event catalog (DESIGN.md 7.6): every type of event the product sends, with what it means, the
 * schema of its payload and an example. `GET /api/v2/event-types` lists it and the OpenAPI
 * document's `webhooks` section is built from it, so the two cannot disagree. A new type is one
 * entry here and one `emitEvent(...)` call (lib/domain/webhook-endpoints/fan-out.ts) in the
 * transaction of the change it reports. Payloads never carry participant identifiers.
 */
import type { z } from 'zod';
import { ActionCreatedEvent, ActionResolvedEvent } from '@/lib/domain/contract/actions';
import { DocumentCreatedEvent, OrderUpdatedEvent } from '@/lib/domain/contract/representation';
import { EXAMPLE_ACTION, EXAMPLE_CANCELLED_ORDER, EXAMPLE_DOCUMENT, EXAMPLE_EXPIRED_ORDER, EXAMPLE_NEW_ORDER, EXAMPLE_ORDER } from './examples';
import { EXAMPLE_FOLLOW_UP_TEST_DUE, FollowUpTestDueEvent } from './follow-up-payloads';
import { MessageFailedEvent, OrderCancelledEvent, OrderCompletedEvent, OrderCreatedEvent, OrderExpiredEvent } from './payloads';
import { RandomDrawCreatedEvent, RandomSelectionUpdatedEvent } from '@/lib/domain/contract/random';
import { EXAMPLE_RANDOM_DRAW, EXAMPLE_RANDOM_SELECTION } from './random-examples';

export interface EventTypeDefinition {
  type: string;
  /** One line: what happened. */
  summary: string;
  /** Who receives it, when, and how to read it. */
  description: string;
  /** The whole payload (the Standard Webhooks body), as delivered. */
  schema: z.ZodType;
  example: unknown;
  /**
   * Also sent to the order's own `callback.url` (spec: only `order.updated` and `document.created`);
   * every type goes to the tenant's matching webhook endpoints.
   */
  toOrderCallback?: boolean;
}

const SIGNED =
  'Signed as Standard Webhooks define (`webhook-id`, `webhook-timestamp`, `webhook-signature`: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the signing secret) ' +
  'and retried with backoff for about a day on a non-2xx answer.';
const TO_ENDPOINTS = 'Sent to the webhook endpoints that enabled it (or `*`) and take the order\'s company; not to the order\'s `callback.url`.';
const WITH_UPDATED =
  'It comes with the `order.updated` event of the same change (same `sequence`): an endpoint with `*` receives both, so act on one of them.';

const CATALOG = [
  {
    type: 'order.updated',
    summary: 'An order or one of its services changed status',
    description:
      `Sent to the \`callback.url\` given when the order was created, each time the order or one of its services changes, and to the webhook endpoints that enabled it. ${SIGNED} ` +
      '`sequence` orders the events of one order: drop an event older than the last one seen.',
    schema: OrderUpdatedEvent,
    toOrderCallback: true,
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
      `Sent to the order's \`callback.url\` when a document (MRO letter, lab report, custody and control form, alcohol testing form) is uploaded or generated, and to the webhook endpoints that enabled it. ${SIGNED} ` +
      'It carries the `sequence` of the order\'s latest `order.updated` without advancing it. Fetch the bytes from `data.document.contentUrl` with a token holding `document.read`.',
    schema: DocumentCreatedEvent,
    toOrderCallback: true,
    example: {
      id: 'evt_0000000000004000800000000000a002',
      object: 'event',
      type: 'document.created',
      sequence: 6,
      createdAt: '2026-07-11T20:31:12.040Z',
      data: { document: EXAMPLE_DOCUMENT },
    } satisfies z.input<typeof DocumentCreatedEvent>,
  },
  {
    type: 'order.created',
    summary: 'An order was created',
    description:
      `Sent when an order is created, by the API or the dashboard (orders of the demo data send nothing), with the order as \`GET /api/v2/orders/{id}\` answers it (without participant identifiers). ${TO_ENDPOINTS} ${SIGNED} ` +
      'Its `sequence` is 0: the order\'s first `order.updated` is 1.',
    schema: OrderCreatedEvent,
    example: {
      id: 'evt_0000000000004000800000000000a003',
      object: 'event',
      type: 'order.created',
      sequence: 0,
      createdAt: '2026-07-07T10:34:53.504Z',
      data: { order: EXAMPLE_NEW_ORDER },
    } satisfies z.input<typeof OrderCreatedEvent>,
  },
  {
    type: 'order.completed',
    summary: 'An order reached its result',
    description:
      'Sent once per order, when its `isFinal` turns true: every service has a final status and the order has a result (`negative`, `positive`, `nonNegative`, `pass`, `fail`, `complete`, `incomplete`, `adulterated`, ... ' +
      'any status but `ordered`, `scheduled`, `pending`, `integrationError`, `cancelled`, `expired` and `noShow`). A cancelled, expired or no-show order is not completed; a later correction of the result is an `order.updated` only. ' +
      `${WITH_UPDATED} ${TO_ENDPOINTS} ${SIGNED}`,
    schema: OrderCompletedEvent,
    example: {
      id: 'evt_0000000000004000800000000000a004',
      object: 'event',
      type: 'order.completed',
      sequence: 6,
      createdAt: '2026-07-11T20:30:03.120Z',
      data: { order: EXAMPLE_ORDER },
    } satisfies z.input<typeof OrderCompletedEvent>,
  },
  {
    type: 'order.cancelled',
    summary: 'An order was cancelled',
    description:
      `Sent when an order becomes \`cancelled\` (\`PUT /api/v2/orders/{id}/cancellation\`, the dashboard, or every service cancelled). ${WITH_UPDATED} ${TO_ENDPOINTS} ${SIGNED}`,
    schema: OrderCancelledEvent,
    example: {
      id: 'evt_0000000000004000800000000000a005',
      object: 'event',
      type: 'order.cancelled',
      sequence: 1,
      createdAt: '2026-07-07T15:02:11.990Z',
      data: { order: EXAMPLE_CANCELLED_ORDER },
    } satisfies z.input<typeof OrderCancelledEvent>,
  },
  {
    type: 'order.expired',
    summary: 'An order expired',
    description:
      'Sent when an order becomes `expired`: its `expiresAt` passed on the tenant\'s clock (the sandbox clock moves it on staging) before any collection started. ' +
      `${WITH_UPDATED} ${TO_ENDPOINTS} ${SIGNED}`,
    schema: OrderExpiredEvent,
    example: {
      id: 'evt_0000000000004000800000000000a006',
      object: 'event',
      type: 'order.expired',
      sequence: 1,
      createdAt: '2026-07-21T10:35:20.180Z',
      data: { order: EXAMPLE_EXPIRED_ORDER },
    } satisfies z.input<typeof OrderExpiredEvent>,
  },
  {
    type: 'message.failed',
    summary: 'An e-mail or text message could not be sent',
    description:
      'Sent when a message to a participant (the order\'s link, a reminder) or to a dashboard user (an invitation, a password reset) fails for good: the provider refused it for good, its retries (about a day) ran out, or no provider is configured. ' +
      'It names the message, its channel, purpose and order, never its address or phone number: reach the participant another way, or fix the address and send the link again. ' +
      `Sent to the webhook endpoints that enabled it and take the order's company (a message to a user belongs to no company: only endpoints without a company filter get it). ${SIGNED}`,
    schema: MessageFailedEvent,
    example: {
      id: 'evt_0000000000004000800000000000a007',
      object: 'event',
      type: 'message.failed',
      createdAt: '2026-07-08T10:40:05.311Z',
      data: {
        message: {
          id: '00000000-0000-4000-8000-000000000201',
          channel: 'email',
          purpose: 'orderCreated',
          order: { id: EXAMPLE_ORDER.id, url: EXAMPLE_ORDER.url },
          failedAt: '2026-07-08T10:40:05.298Z',
          error: '550 5.1.1 [address]: Recipient address rejected: User unknown',
        },
      },
    } satisfies z.input<typeof MessageFailedEvent>,
  },
  // Random testing (DESIGN.md 7.2): about no order, sent to the tenant's webhook endpoints only.
  {
    type: 'randomDraw.created',
    summary: 'A random pool\'s period was drawn',
    description:
      `Sent to the tenant's webhook endpoints when a pool's period is drawn (for a consortium pool, only to endpoints that take every company). ${SIGNED} ` +
      'The seed is null until the draw is revealed; the selections are at `GET /api/v2/random-draws/{id}/selections`.',
    schema: RandomDrawCreatedEvent,
    example: {
      id: 'evt_0000000000004000800000000000a008',
      object: 'event',
      type: 'randomDraw.created',
      createdAt: '2026-07-01T14:02:11.430Z',
      data: { randomDraw: EXAMPLE_RANDOM_DRAW },
    } satisfies z.input<typeof RandomDrawCreatedEvent>,
  },
  {
    type: 'randomSelection.updated',
    summary: 'A random selection was ordered, excused or replaced',
    description:
      `Sent to the tenant's webhook endpoints when a selection is ordered or excused, and for the alternate that replaces an excused one. ${SIGNED} ` +
      '`completed` and `lost` are computed when read (GET /api/v2/random-draws/{id}/selections): follow the order\'s own `order.updated` events for its result.',
    schema: RandomSelectionUpdatedEvent,
    example: {
      id: 'evt_0000000000004000800000000000a009',
      object: 'event',
      type: 'randomSelection.updated',
      createdAt: '2026-08-19T13:40:05.910Z',
      data: { randomSelection: EXAMPLE_RANDOM_SELECTION },
    } satisfies z.input<typeof RandomSelectionUpdatedEvent>,
  },
  {
    type: 'followUpTest.due',
    summary: "A follow-up test's due day has come",
    description:
      "Sent when a test of a follow-up plan (DESIGN.md 7.3) falls due on the tenant's clock: order it (`POST /api/v2/follow-up-plans/{id}/tests/{number}/order`). " +
      'Due days are drawn at random and are the employer\'s alone: never forward this to the employee. ' +
      `Sent to the webhook endpoints that enabled it and take the employee's company. ${SIGNED}`,
    schema: FollowUpTestDueEvent,
    example: EXAMPLE_FOLLOW_UP_TEST_DUE,
  },
  {
    type: 'action.created',
    summary: 'An action was raised: something is due, by when, under which rule',
    description:
      `Sent to the webhook endpoints that enabled it (or \`*\`) and take the action's company (an action of no company: only endpoints without a company filter) when the action center raises an action (DESIGN.md 7.4): a result to acknowledge, a post-accident window, a driver's annual query, a random draw or selection... ${SIGNED} ` +
      'It is about no order: it has no `sequence`; read `data.action.status` and `dueAt`.',
    schema: ActionCreatedEvent,
    example: {
      id: 'evt_0000000000004000800000000000a003',
      object: 'event',
      type: 'action.created',
      createdAt: '2026-07-12T20:30:05.000Z',
      data: { action: EXAMPLE_ACTION },
    } satisfies z.input<typeof ActionCreatedEvent>,
  },
  {
    type: 'action.resolved',
    summary: 'An action was resolved or dismissed',
    description:
      `Sent like \`action.created\` when an action closes: its cause was fixed (the result acknowledged, the specimen collected) or went away (\`resolution: automatic\`), or a person resolved or dismissed it with a note (\`manual\`; \`status\` says which). ${SIGNED}`,
    schema: ActionResolvedEvent,
    example: {
      id: 'evt_0000000000004000800000000000a004',
      object: 'event',
      type: 'action.resolved',
      createdAt: '2026-07-12T21:02:40.000Z',
      data: {
        action: {
          ...EXAMPLE_ACTION,
          status: 'resolved',
          overdue: false,
          resolvedAt: '2026-07-12T21:02:39.512Z',
          resolvedBy: { type: 'user', id: '3f1f4b6e-2d7c-4c55-9a41-0d6f1b2a7c90', name: 'Dana Fields' },
          resolution: 'automatic',
        },
      },
    } satisfies z.input<typeof ActionResolvedEvent>,
  },
] as const satisfies readonly EventTypeDefinition[];

export const EVENT_TYPES: readonly EventTypeDefinition[] = CATALOG;

/** The name of a type of the catalog: what `emitEvent` takes. */
export type EventTypeName = (typeof CATALOG)[number]['type'];

export const eventType = (type: string): EventTypeDefinition | undefined => EVENT_TYPES.find((t) => t.type === type);
