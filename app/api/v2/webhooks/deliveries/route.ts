import { operations } from '@/lib/api/operations';
import { listWebhookDeliveries } from '@/lib/domain/webhooks/queries';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listWebhookDeliveries, handler: ({ ctx, query }) => listWebhookDeliveries(ctx, query) }),
});
