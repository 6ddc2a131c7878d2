import { rotateEndpointSecret } from '@/lib/domain/webhook-endpoints';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: operation({ ...operations.rotateWebhookEndpointSecret, handler: ({ ctx, params }) => rotateEndpointSecret({ ctx, id: params.id }) }),
});
