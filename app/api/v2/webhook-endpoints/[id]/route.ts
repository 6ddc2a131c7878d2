import { getWebhookEndpoint } from '@/lib/domain/webhook-endpoints';
import { updateWebhookEndpoint } from '@/lib/domain/webhooks/update-webhook-endpoint';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.getWebhookEndpoint, handler: ({ ctx, params }) => getWebhookEndpoint(ctx, params.id) }),
  PATCH: operation({ ...operations.updateWebhookEndpoint, handler: ({ ctx, params, body }) => updateWebhookEndpoint({ ctx, id: params.id, input: body }) }),
});
