import { operations } from '@/lib/api/operations';
import { inviteUser, userRepresentation } from '@/lib/domain/users';
import { companiesOf } from '@/lib/domain/users/schemas';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: operation({
    ...operations.inviteUser,
    handler: async ({ ctx, body }) => {
      const invited = await inviteUser({ ctx, input: { email: body.email, name: body.name ?? null, role: body.role, companyIds: companiesOf(body) ?? [] } });
      // Its e-mail was just queued: the users list and GET of the user follow it from here.
      const invitationMessage = { status: 'queued' as const, lastError: null, sentAt: null };
      return { user: userRepresentation({ ...invited, status: 'invited', invitationMessage, invitationLinkAvailable: false }), matched: null };
    },
  }),
});
