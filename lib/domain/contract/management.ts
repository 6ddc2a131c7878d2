/**
 * The representations of the operations the dashboard's settings and editors go through (issue 28):
 * dashboard users, API tokens, the tenant's webhook signing secret, the package editor's clinic check
 * and the results inbox's acknowledgement of several orders at once. Like representation.ts: one zod
 * schema per representation with its same-name type, the serializers' return types, the OpenAPI
 * document's schemas and what the API tests validate every response against.
 */
import { z } from 'zod';
import { ROLES } from '@/lib/domain/scopes';
import { API } from './representation';

const DateTime = z.iso.datetime().describe('ISO 8601 date-time with milliseconds, UTC (`Z`).');

// -- Dashboard users (DESIGN.md 6.4) --

export const User = z
  .object({
    id: z.string(),
    object: z.literal('user'),
    url: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    role: z.enum(ROLES).describe('`admin`, `manager`, `staff` or `viewer`: the role decides the scopes.'),
    allCompanies: z.boolean().describe('Linked to every company of the tenant, present and future.'),
    companyIds: z.array(z.string()).describe('The linked companies; empty when `allCompanies`.'),
    status: z.enum(['invited', 'active', 'deactivated']).describe('`invited` until the user sets a password through the invitation link.'),
    invitationExpiresAt: DateTime.nullable().describe('When the open invitation link expires (an invited user); null otherwise.'),
    invitationMessage: z
      .object({
        status: z.enum(['queued', 'sent', 'failed']).describe('`queued` until sent (transient failures are retried), `sent`, or `failed` for good.'),
        lastError: z.string().nullable().describe('Why the last attempt failed; `providerNotConfigured` when no e-mail provider is configured in production.'),
        sentAt: DateTime.nullable(),
      })
      .nullable()
      .describe('The e-mail of the open invitation as it stands (an invited user); null otherwise.'),
    invitationLinkAvailable: z
      .boolean()
      .describe('The principal sent the open invitation, its e-mail failed and its link was not shown yet: `POST /api/v2/users/{id}/invitation/link` shows it, once.'),
    createdAt: DateTime,
  })
  .meta({ id: 'User' });
export type User = z.output<typeof User>;

export const userUrl = (id: string) => `${API}/users/${id}`;

export const InvitationLink = z
  .object({
    object: z.literal('invitationLink'),
    url: z.string().describe('The invitation link, to pass on to the invitee by hand. Shown in this response only.'),
    expiresAt: DateTime,
  })
  .meta({ id: 'InvitationLink' });
export type InvitationLink = z.output<typeof InvitationLink>;

// -- API tokens --

const apiTokenShape = {
  id: z.string(),
  object: z.literal('apiToken'),
  url: z.string(),
  name: z.string(),
  prefix: z.string().describe('The first characters of the token, to recognise it; the token itself is shown once, at creation.'),
  scopes: z.array(z.string()),
  allCompanies: z.boolean().describe('Reaches every company of the tenant, present and future.'),
  companyIds: z.array(z.string()).describe('The linked companies; empty when `allCompanies`.'),
  expiresAt: DateTime.nullable().describe('Null: never expires.'),
  revokedAt: DateTime.nullable(),
  lastUsedAt: DateTime.nullable().describe('Updated at most once a minute.'),
  createdAt: DateTime,
};

export const ApiToken = z.object(apiTokenShape).meta({ id: 'ApiToken' });
export type ApiToken = z.output<typeof ApiToken>;

export const CreatedApiToken = z
  .object({ ...apiTokenShape, token: z.string().describe('The bearer token. Shown in this response only: only its hash is stored.') })
  .meta({ id: 'CreatedApiToken' });
export type CreatedApiToken = z.output<typeof CreatedApiToken>;

export const apiTokenUrl = (id: string) => `${API}/apiTokens/${id}`;

// -- The tenant's webhook signing secret --

export const WebhookSecret = z
  .object({
    object: z.literal('webhookSecret'),
    secret: z.string().describe('`whsec_` and base64: the Standard Webhooks signing secret. Shown in this response; deliveries from now on are signed with it.'),
    rotatedAt: DateTime,
  })
  .meta({ id: 'WebhookSecret' });
export type WebhookSecret = z.output<typeof WebhookSecret>;

// -- The package editor's clinic check (DESIGN.md 6.4) --

export const NearbyClinics = z
  .object({
    object: z.literal('nearbyClinics'),
    postalCode: z.string().nullable().describe('The location\'s ZIP code searched around; null when it has none known (nothing searched).'),
    radiusMiles: z.number(),
    total: z.number().int().describe('Active clinics within the radius that offer every given service.'),
    clinics: z
      .array(z.object({ id: z.string(), name: z.string(), city: z.string().nullable(), state: z.string().nullable(), miles: z.number() }))
      .describe('The nearest few, nearest first.'),
  })
  .meta({ id: 'NearbyClinics' });
export type NearbyClinics = z.output<typeof NearbyClinics>;

// -- Acknowledging several results at once (DESIGN.md 6.2) --

export const Acknowledgements = z
  .object({
    object: z.literal('acknowledgements'),
    acknowledged: z.array(z.string()).describe('The orders this request acknowledged.'),
    alreadyAcknowledged: z.array(z.string()).describe('The orders acknowledged before; their first acknowledgement stays.'),
  })
  .meta({ id: 'Acknowledgements' });
export type Acknowledgements = z.output<typeof Acknowledgements>;

// -- The signed-in user's own time zone (issue 29) --

export const UserTimeZone = z
  .object({
    object: z.literal('timeZone'),
    timeZone: z.string().describe('IANA time zone the dashboard shows this user\'s times in, e.g. `America/Chicago`.'),
    label: z.string().describe('How the dashboard names it: `Central Time (America/Chicago)`.'),
  })
  .meta({ id: 'UserTimeZone' });
export type UserTimeZone = z.output<typeof UserTimeZone>;

// -- The event catalog (DESIGN.md 7.6) --

export const EventType = z
  .object({
    object: z.literal('eventType'),
    type: z.string().describe('The `type` member of the events of this kind, e.g. `order.updated`.'),
    summary: z.string(),
    description: z.string(),
    schema: z.record(z.string(), z.unknown()).describe('JSON Schema (draft 2020-12) of the whole payload, as delivered.'),
    example: z.record(z.string(), z.unknown()).describe('An example payload.'),
  })
  .meta({ id: 'EventType' });
export type EventType = z.output<typeof EventType>;

export const EventDeliveries = z
  .object({
    total: z.number().int().describe('Deliveries of this event to the account\'s webhook endpoints (an order\'s own `callback.url` is not counted).'),
    delivered: z.number().int().describe('Acknowledged with a 2xx.'),
    pending: z.number().int().describe('Not sent yet, or being retried after a failed attempt.'),
    failed: z.number().int().describe('Failed for good: every retry was used up.'),
  })
  .describe('How the deliveries of the event to the account\'s webhook endpoints stand.');

export const Event = z
  .object({
    object: z.literal('event'),
    id: z.string().describe('`evt_…`: the `webhook-id` of every delivery of this event.'),
    type: z.string().describe('A type of the catalog (`GET /api/v2/event-types`).'),
    createdAt: DateTime,
    data: z.record(z.string(), z.unknown()).describe('The payload\'s `data`, as delivered (its schema is the type\'s in the catalog).'),
    deliveries: EventDeliveries,
  })
  .meta({ id: 'Event' });
export type Event = z.output<typeof Event>;

// -- Account webhook endpoints (DESIGN.md 7.6) --

const webhookEndpointShape = {
  object: z.literal('webhookEndpoint'),
  id: z.string(),
  url: z.string().describe('Where the events are sent.'),
  description: z.string().nullable(),
  enabledEvents: z.array(z.string()).describe('Event types of the catalog, or `["*"]` for every type.'),
  companies: z
    .array(z.object({ id: z.string(), object: z.literal('company'), url: z.string() }))
    .nullable()
    .describe('Only the events of these companies; null: every company of the tenant.'),
  status: z.enum(['enabled', 'disabled']),
  disabledReason: z.enum(['byUser', 'failing']).nullable().describe('Why it is disabled; null while enabled.'),
  failingSince: DateTime.nullable().describe('Since when every attempt failed (null after a 2xx answer); after 5 days in a row the endpoint is disabled.'),
  secretRotatedAt: DateTime.nullable().describe('When the secret was last rotated; null if never.'),
  previousSecretExpiresAt: DateTime.nullable().describe('Until when the secret before the last rotation signs too (a second `v1,` signature); null when none does.'),
  createdAt: DateTime,
  updatedAt: DateTime,
  resourceUrl: z.string().describe('This resource.'),
};

export const WebhookEndpoint = z.object(webhookEndpointShape).meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.output<typeof WebhookEndpoint>;

export const CreatedWebhookEndpoint = z
  .object({ ...webhookEndpointShape, secret: z.string().describe('`whsec_` and base64: the Standard Webhooks signing secret. Shown in this response only.') })
  .meta({ id: 'CreatedWebhookEndpoint' });
export type CreatedWebhookEndpoint = z.output<typeof CreatedWebhookEndpoint>;

export const webhookEndpointUrl = (id: string) => `${API}/webhook-endpoints/${id}`;

export const EndpointDelivery = z
  .object({
    object: z.literal('webhookEndpointDelivery'),
    id: z.string(),
    eventId: z.string().describe('The `webhook-id`.'),
    eventType: z.string(),
    status: z.enum(['pending', 'delivered', 'failed']),
    createdAt: DateTime,
    deliveredAt: DateTime.nullable(),
    attempts: z
      .array(
        z.object({
          attemptedAt: DateTime,
          statusCode: z.number().int().nullable(),
          durationMs: z.number().int(),
          error: z.string().nullable(),
          responseExcerpt: z.string().nullable().describe('The first 1 KiB of the answer.'),
        }),
      )
      .describe('Newest first, at most 20.'),
  })
  .meta({ id: 'WebhookEndpointDelivery' });
export type EndpointDelivery = z.output<typeof EndpointDelivery>;

export const WebhookRecovery = z
  .object({
    object: z.literal('webhookRecovery'),
    endpoint: z.string().describe('The endpoint the events are sent to again.'),
    since: DateTime.describe('Events created at or after this time...'),
    until: DateTime.describe('...and before this one.'),
    events: z.number().int().describe('How many events were queued: those of the range the endpoint takes now (its `enabledEvents` and `companies`), oldest first, each with its original id as `webhook-id`.'),
  })
  .meta({ id: 'WebhookRecovery' });
export type WebhookRecovery = z.output<typeof WebhookRecovery>;
