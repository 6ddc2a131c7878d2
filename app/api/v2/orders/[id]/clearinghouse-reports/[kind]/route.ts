import { operations } from '@/lib/api/operations';
import { reportToClearinghouse } from '@/lib/domain/results';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: operation({ ...operations.reportToClearinghouse, handler: ({ ctx, params, body }) => reportToClearinghouse({ ctx, id: params.id, kind: params.kind, input: body ?? {} }) }),
});
