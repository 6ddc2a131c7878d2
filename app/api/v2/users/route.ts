import { operations } from '@/lib/api/operations';
import { inviteUser, userRepresentation } from '@/lib/domain/users';
import { companiesOf } from '@/lib/domain/users/schemas';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: operation({
    ...operations.inviteUser,
    handler: async ({ ctx, body }) => {
      const invited = await inviteUser({ ctx, input: { email: body.email, name: body.name ?? null, role: body.role, companyIds: companiesOf(body) ?? [] } });
      return { user: userRepresentation({ ...invited, status: 'invited' }), matched: null };
    },
  }),
});
