import { getOrder } from '@/lib/domain/orders/queries';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.getOrder, handler: ({ ctx, params }) => getOrder(ctx, params.id) }),
});
