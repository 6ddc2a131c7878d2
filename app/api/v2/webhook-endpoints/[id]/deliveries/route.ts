import { listEndpointDeliveries } from '@/lib/domain/webhook-endpoints';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listWebhookEndpointDeliveries, handler: ({ ctx, params, query }) => listEndpointDeliveries(ctx, params.id, query) }),
});
