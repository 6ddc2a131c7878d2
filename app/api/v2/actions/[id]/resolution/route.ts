import { operations } from '@/lib/api/operations';
import { resolveAction } from '@/lib/domain/actions';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: operation({ ...operations.resolveAction, handler: ({ ctx, params, body }) => resolveAction({ ctx, id: params.id, input: body }) }),
});
