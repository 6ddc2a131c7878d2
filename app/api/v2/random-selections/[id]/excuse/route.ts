import { excuseSelection } from '@/lib/domain/random';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: operation({ ...operations.excuseRandomSelection, handler: ({ ctx, params, body }) => excuseSelection({ ctx, id: params.id, input: body }) }),
});
