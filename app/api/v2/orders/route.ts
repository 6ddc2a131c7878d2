import { createOrder } from '@/lib/domain/orders/create-order';
import { listOrders } from '@/lib/domain/orders/queries';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listOrders, handler: ({ ctx, query }) => listOrders(ctx, query) }),
  POST: operation({ ...operations.createOrder, handler: ({ ctx, body }) => createOrder({ ctx, input: body }) }),
});
