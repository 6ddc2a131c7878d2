import { operations } from '@/lib/api/operations';
import { getPass, reissuePass } from '@/lib/domain/passes/passes';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.getOrderPass, handler: ({ ctx, params }) => getPass(ctx, params.id) }),
  POST: operation({ ...operations.reissueOrderPass, handler: ({ ctx, params }) => reissuePass({ ctx, orderId: params.id }) }),
});
