import { getPackage } from '@/lib/domain/packages';
import { updatePackage } from '@/lib/domain/packages';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.getPackage, handler: ({ ctx, params }) => getPackage(ctx, params.id) }),
  PATCH: operation({ ...operations.updatePackage, handler: ({ ctx, params, body }) => updatePackage({ ctx, id: params.id, input: body }) }),
});
