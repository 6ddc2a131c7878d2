import { redeliverEndpointDelivery } from '@/lib/domain/webhook-endpoints';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: operation({
    ...operations.redeliverWebhookEndpointDelivery,
    handler: ({ ctx, params }) => redeliverEndpointDelivery({ ctx, id: params.id, deliveryId: params.deliveryId }),
  }),
});
