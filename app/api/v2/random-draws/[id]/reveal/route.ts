import { revealDraw } from '@/lib/domain/random';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: operation({ ...operations.revealRandomDraw, handler: ({ ctx, params }) => revealDraw({ ctx, id: params.id }) }),
});
