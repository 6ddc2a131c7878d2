import { getCompany } from '@/lib/domain/companies';
import { updateCompany } from '@/lib/domain/companies';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.getCompany, handler: ({ ctx, params }) => getCompany(ctx, params.id) }),
  PATCH: operation({ ...operations.updateCompany, handler: ({ ctx, params, body }) => updateCompany({ ctx, id: params.id, input: body }) }),
});
