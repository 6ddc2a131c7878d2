import { getRandomPool, updateRandomPool } from '@/lib/domain/random';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.getRandomPool, handler: ({ ctx, params }) => getRandomPool(ctx, params.id) }),
  PATCH: operation({ ...operations.updateRandomPool, handler: ({ ctx, params, body }) => updateRandomPool({ ctx, id: params.id, input: body }) }),
});
