import { orderFollowUpTest } from '@/lib/domain/follow-up';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: operation({ ...operations.orderFollowUpTest, handler: ({ ctx, params, body }) => orderFollowUpTest({ ctx, id: params.id, number: params.number, input: body }) }),
});
