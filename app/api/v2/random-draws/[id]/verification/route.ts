import { getDrawVerification } from '@/lib/domain/random';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.getRandomDrawVerification, handler: ({ ctx, params }) => getDrawVerification(ctx, params.id) }),
});
