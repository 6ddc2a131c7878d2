/** Account webhook endpoints (DESIGN.md 7.6): schemas, reads, one file per change, the fan-out of emitted events. */
export { createWebhookEndpoint } from './create-webhook-endpoint';
export { emitEvent, endpointTakes, fanOutEvent, newEventId, type EmittedEvent, type EventToEmit } from './fan-out';
export { getWebhookEndpoint, listEndpointDeliveries, listWebhookEndpoints } from './queries';
export { rotateEndpointSecret } from './rotate-secret';
export { CreateWebhookEndpointBody, ListEndpointDeliveriesQuery, ListWebhookEndpointsQuery, MAX_ENDPOINTS_PER_TENANT, TestWebhookEndpointBody, UpdateWebhookEndpointBody, WebhookRecoveryBody } from './schemas';
export { serializeEndpointDelivery, serializeWebhookEndpoint, type WebhookEndpoint } from './serialize';
export { changeWebhookEndpoint } from './update-webhook-endpoint';
export { recoverEvents } from './recover-events';
export { redeliverEndpointDelivery, requeueEndpointDelivery } from './redeliver-delivery';
export { sendTestEvent } from './send-test-event';
