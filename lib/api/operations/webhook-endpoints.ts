/** Account webhook endpoints (DESIGN.md 7.6): where a tenant receives the catalog's events. */
import { CreatedWebhookEndpoint, EndpointDelivery, WebhookEndpoint, WebhookRecovery } from '@/lib/domain/contract/management';
import {
  CreateWebhookEndpointBody,
  ListEndpointDeliveriesQuery,
  ListWebhookEndpointsQuery,
  TestWebhookEndpointBody,
  UpdateWebhookEndpointBody,
  WebhookRecoveryBody,
} from '@/lib/domain/webhook-endpoints/schemas';
import { pageOf } from '../representations';
import { accepted, ok, type OperationSpec } from './spec';

const TENANT_WIDE = 'Needs a principal linked to every company of the tenant (403 `insufficientScope` otherwise).';

export const webhookEndpointsOperations = {
  listWebhookEndpoints: {
    method: 'GET', path: '/api/v2/webhook-endpoints', scope: 'webhook.read', tag: 'webhooks', summary: 'List webhook endpoints',
    description: 'The tenant\'s webhook endpoints, oldest first. Secrets are never listed.',
    query: ListWebhookEndpointsQuery, responses: ok(pageOf(WebhookEndpoint, 'WebhookEndpoint')), errors: [400],
  },
  createWebhookEndpoint: {
    method: 'POST', path: '/api/v2/webhook-endpoints', scope: 'webhook.write', tag: 'webhooks', summary: 'Create a webhook endpoint',
    description:
      `${TENANT_WIDE} Up to 20 per tenant (422 \`invalidState\` beyond). ` +
      '`enabledEvents`: types of `GET /api/v2/event-types` or `["*"]` (400 `invalidValue` at `/enabledEvents/<i>`); ' +
      '`companies`: companies of the tenant (404 at `/companies/<i>/id`), null for all. ' +
      '`url`: https to a public host (400 `invalidValue` at `/url`). The signing secret `secret` is in this answer only.',
    body: CreateWebhookEndpointBody, created: 'webhookEndpoint',
    responses: { 201: { description: 'Created', schema: CreatedWebhookEndpoint, headers: { Location: 'Path of the new endpoint.' } } },
    errors: [400, 404, 413, 422],
  },
  getWebhookEndpoint: {
    method: 'GET', path: '/api/v2/webhook-endpoints/{id}', scope: 'webhook.read', tag: 'webhooks', summary: 'Get a webhook endpoint',
    responses: ok(WebhookEndpoint), errors: [404],
  },
  updateWebhookEndpoint: {
    method: 'PATCH', path: '/api/v2/webhook-endpoints/{id}', scope: 'webhook.write', tag: 'webhooks', summary: 'Change a webhook endpoint',
    description:
      `${TENANT_WIDE} The members sent change, the others keep their values; \`status: disabled\` stops its deliveries, \`companies: null\` takes every company. ` +
      'An endpoint whose every attempt failed for 5 days in a row is disabled (`disabledReason: failing`) with an action and an e-mail to the admins; ' +
      '`status: enabled` starts it again and resolves that action.',
    body: UpdateWebhookEndpointBody, responses: ok(WebhookEndpoint), errors: [400, 404, 413],
  },
  rotateWebhookEndpointSecret: {
    method: 'POST', path: '/api/v2/webhook-endpoints/{id}/secret-rotation', scope: 'webhook.write', tag: 'webhooks', summary: 'Rotate a webhook endpoint\'s secret',
    description:
      `${TENANT_WIDE} A new secret, in this answer only. The one before keeps signing for 24 hours (\`previousSecretExpiresAt\`): ` +
      'meanwhile every delivery carries two `v1,` signatures separated by a space, one per secret.',
    responses: ok(CreatedWebhookEndpoint), errors: [404],
  },
  listWebhookEndpointDeliveries: {
    method: 'GET', path: '/api/v2/webhook-endpoints/{id}/deliveries', scope: 'webhook.read', tag: 'webhooks', summary: 'List a webhook endpoint\'s deliveries',
    description: 'Newest first, each with its event type and its last 20 attempts (status code, duration, the first 1 KiB of the answer).',
    query: ListEndpointDeliveriesQuery, responses: ok(pageOf(EndpointDelivery, 'WebhookEndpointDelivery')), errors: [400, 404],
  },
  testWebhookEndpoint: {
    method: 'POST', path: '/api/v2/webhook-endpoints/{id}/test', scope: 'webhook.write', tag: 'webhooks', summary: 'Send a test event to a webhook endpoint',
    description:
      `${TENANT_WIDE} Queues one delivery, to this endpoint only, of the catalog's example payload of \`type\` (400 \`invalidValue\` at \`/type\` for a type not in ` +
      '`GET /api/v2/event-types`) with a fresh `evt_` id as `webhook-id` and `createdAt` now, signed like every delivery. ' +
      'It is not an event: the Events API and a recovery never show it. A disabled endpoint is 422 `invalidState`. The answer is the queued delivery, as its log shows it.',
    body: TestWebhookEndpointBody, responses: accepted(EndpointDelivery, 'Queued: the delivery, `pending`.'), errors: [400, 404, 413, 422],
  },
  recoverWebhookEndpointEvents: {
    method: 'POST', path: '/api/v2/webhook-endpoints/{id}/recovery', scope: 'webhook.write', tag: 'webhooks', summary: 'Send a webhook endpoint the events of a time range again',
    description:
      `${TENANT_WIDE} Queues every event of the tenant created at or after \`since\` and before \`until\` (default now) that the endpoint takes now ` +
      '(its `enabledEvents`, its `companies`), oldest first, each with its original id as `webhook-id` and its original payload; an order\'s events keep their `sequence`. ' +
      'Events are kept 30 days: an older `since` is 400 `invalidValue` at `/since`, an `until` not after `since` 400 `invalidValue` at `/until`. A disabled endpoint is 422 `invalidState`.',
    body: WebhookRecoveryBody, responses: accepted(WebhookRecovery, 'Queued: how many events.'), errors: [400, 404, 413, 422],
  },
  redeliverWebhookEndpointDelivery: {
    method: 'POST', path: '/api/v2/webhook-endpoints/{id}/deliveries/{deliveryId}/redelivery', scope: 'webhook.write', tag: 'webhooks', summary: 'Redeliver a webhook endpoint\'s delivery',
    description:
      `${TENANT_WIDE} Sends the delivery again now: the same event (same \`webhook-id\`, same payload) to the endpoint's current URL, signed with its current secret(s). ` +
      'It becomes `pending`; one more attempt, then the rest of the retry schedule if any. 404 for a delivery that is not this endpoint\'s; 422 `invalidState` for a disabled endpoint.',
    responses: accepted(EndpointDelivery, 'Queued: the delivery, `pending`.'), errors: [404, 422],
  },
} satisfies Record<string, OperationSpec>;

