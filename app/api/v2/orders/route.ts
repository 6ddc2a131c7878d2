import { listOrders } from '@/lib/domain/orders/queries';
import { operations } from '@/lib/api/operations';
import { createOrderCheckingDriver } from '@/lib/domain/results';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listOrders, handler: ({ ctx, query }) => listOrders(ctx, query) }),
  POST: operation({ ...operations.createOrder, handler: ({ ctx, body }) => createOrderCheckingDriver({ ctx, input: body }) }),
});
