import { operations } from '@/lib/api/operations';
import { getUser, resendInvitation } from '@/lib/domain/users';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: operation({
    ...operations.resendUserInvitation,
    handler: async ({ ctx, params }) => {
      await resendInvitation({ ctx, input: { id: params.id } });
      return getUser(ctx, params.id);
    },
  }),
});
