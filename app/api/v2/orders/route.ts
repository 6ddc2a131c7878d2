import { createOrder } from '@/lib/domain/orders/create-order';
import { listOrders } from '@/lib/domain/orders/queries';
import { Reply } from '@/lib/http/reply';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listOrders, handler: ({ ctx, query }) => listOrders(ctx, query) }),
  POST: operation({ ...operations.createOrder, handler: async ({ ctx, body, request }) => {
      const result = await createOrder({ ctx, input: body, idempotencyKey: request.headers.get('idempotency-key') });
      const order = result.body as { url: string };
      return new Reply(result.status, result.body, result.status === 201 ? { Location: order.url } : {});
    },
  }),
});
