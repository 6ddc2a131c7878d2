import { operations } from '@/lib/api/operations';
import { redeliverWebhook } from '@/lib/domain/webhooks/redeliver';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: operation({ ...operations.redeliverWebhook, handler: ({ ctx, params }) => redeliverWebhook({ ctx, id: params.id }) }),
});
