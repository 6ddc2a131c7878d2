import { operations } from '@/lib/api/operations';
import { issueApiToken } from '@/lib/domain/api-tokens';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: operation({ ...operations.createApiToken, handler: ({ ctx, body }) => issueApiToken({ ctx, input: body }) }),
});
