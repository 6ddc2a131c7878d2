import { operations } from '@/lib/api/operations';
import { getAction } from '@/lib/domain/actions';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.getAction, handler: ({ ctx, params }) => getAction(ctx, params.id) }),
});
