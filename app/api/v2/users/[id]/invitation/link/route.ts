import { operations } from '@/lib/api/operations';
import { showInvitationLink } from '@/lib/domain/users';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: operation({
    ...operations.showUserInvitationLink,
    handler: ({ ctx, params }) => showInvitationLink({ ctx, input: { id: params.id } }),
  }),
});
