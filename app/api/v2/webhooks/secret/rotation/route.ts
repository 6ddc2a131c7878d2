import { operations } from '@/lib/api/operations';
import { rotateWebhookSecretForApi } from '@/lib/domain/tenants';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: operation({ ...operations.rotateWebhookSecret, handler: ({ ctx }) => rotateWebhookSecretForApi({ ctx }) }),
});
