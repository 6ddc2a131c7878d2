import { cancelOrder } from '@/lib/domain/orders/cancel-order';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: operation({ ...operations.cancelOrder, handler: ({ ctx, params, body }) => cancelOrder({ ctx, id: params.id, input: body }),
  }),
});
