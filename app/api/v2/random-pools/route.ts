import { createRandomPool, listRandomPools } from '@/lib/domain/random';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listRandomPools, handler: ({ ctx, query }) => listRandomPools(ctx, query) }),
  POST: operation({ ...operations.createRandomPool, handler: ({ ctx, body }) => createRandomPool({ ctx, input: body }) }),
});
