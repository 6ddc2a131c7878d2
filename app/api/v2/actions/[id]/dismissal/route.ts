import { operations } from '@/lib/api/operations';
import { dismissAction } from '@/lib/domain/actions';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: operation({ ...operations.dismissAction, handler: ({ ctx, params, body }) => dismissAction({ ctx, id: params.id, input: body }) }),
});
