import { recoverEvents } from '@/lib/domain/webhook-endpoints';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: operation({ ...operations.recoverWebhookEndpointEvents, handler: ({ ctx, params, body }) => recoverEvents({ ctx, id: params.id, input: body }) }),
});
