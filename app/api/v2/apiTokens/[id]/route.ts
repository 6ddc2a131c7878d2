import { operations } from '@/lib/api/operations';
import { getApiToken, revokeApiToken } from '@/lib/domain/api-tokens';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: operation({
    ...operations.revokeApiToken,
    handler: async ({ ctx, params }) => {
      await revokeApiToken({ ctx, input: { id: params.id } });
      return getApiToken(ctx, params.id);
    },
  }),
});
