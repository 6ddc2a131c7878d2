import { getOrder } from '@/lib/domain/orders/queries';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ scope: 'order.read', handler: ({ ctx, params }) => getOrder(ctx, params.id) }),
});
