import { operations } from '@/lib/api/operations';
import { changeUser } from '@/lib/domain/users';
import { companiesOf } from '@/lib/domain/users/schemas';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PATCH: operation({
    ...operations.updateUser,
    handler: ({ ctx, params, body }) => changeUser({ ctx, input: { id: params.id, role: body.role, companyIds: companiesOf(body), isActive: body.isActive } }),
  }),
});
