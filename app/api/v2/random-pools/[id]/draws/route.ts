import { createDraw, listPoolDraws } from '@/lib/domain/random';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listRandomDraws, handler: ({ ctx, params, query }) => listPoolDraws(ctx, params.id, query) }),
  POST: operation({
    ...operations.createRandomDraw,
    handler: async ({ ctx, params, body }) => ({ randomDraw: await createDraw({ ctx, poolId: params.id, input: body }), matched: null }),
  }),
});
