import { operations } from '@/lib/api/operations';
import { orderRecollection } from '@/lib/domain/results';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: operation({ ...operations.orderRecollection, handler: ({ ctx, params, body }) => orderRecollection({ ctx, id: params.id, input: body ?? {} }) }),
});
