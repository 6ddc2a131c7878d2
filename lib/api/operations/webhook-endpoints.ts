/** Account webhook endpoints (DESIGN.md 7.6): where a tenant receives the catalog's events. */
import { CreatedWebhookEndpoint, EndpointDelivery, WebhookEndpoint } from '@/lib/domain/contract/management';
import { CreateWebhookEndpointBody, ListEndpointDeliveriesQuery, ListWebhookEndpointsQuery, UpdateWebhookEndpointBody } from '@/lib/domain/webhook-endpoints/schemas';
import { pageOf } from '../representations';
import { ok, type OperationSpec } from './spec';

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
    description: `${TENANT_WIDE} The members sent change, the others keep their values; \`status: disabled\` stops its deliveries, \`companies: null\` takes every company.`,
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
} satisfies Record<string, OperationSpec>;

