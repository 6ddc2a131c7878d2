import { operations } from '@/lib/api/operations';
import { recordClearinghouseQuery } from '@/lib/domain/results';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: operation({ ...operations.recordClearinghouseQuery, handler: ({ ctx, params, body }) => recordClearinghouseQuery({ ctx, id: params.id, input: body }) }),
});
