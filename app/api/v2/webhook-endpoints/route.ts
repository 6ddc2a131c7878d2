import { createWebhookEndpoint, listWebhookEndpoints } from '@/lib/domain/webhook-endpoints';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listWebhookEndpoints, handler: ({ ctx, query }) => listWebhookEndpoints(ctx, query) }),
  POST: operation({ ...operations.createWebhookEndpoint, handler: ({ ctx, body }) => createWebhookEndpoint({ ctx, input: body }) }),
});
