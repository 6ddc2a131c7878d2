import { getPoolProgress } from '@/lib/domain/random';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.getRandomPoolProgress, handler: ({ ctx, params, query }) => getPoolProgress(ctx, params.id, query) }),
});
