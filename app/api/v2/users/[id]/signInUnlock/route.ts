import { operations } from '@/lib/api/operations';
import { getUser } from '@/lib/domain/users';
import { unlockUserSignIn } from '@/lib/domain/users/sign-in-unlock';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: operation({
    ...operations.unlockUserSignIn,
    handler: async ({ ctx, params }) => {
      await unlockUserSignIn({ ctx, input: { id: params.id } });
      return getUser(ctx, params.id);
    },
  }),
});
