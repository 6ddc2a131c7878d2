import { cancelOrder } from '@/lib/domain/orders/cancel-order';
import { CancelOrderBody } from '@/lib/domain/orders/schemas';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: operation({
    scope: 'order.cancel',
    body: CancelOrderBody,
    bodyOptional: true,
    handler: ({ ctx, params, body }) => cancelOrder({ ctx, id: params.id, input: body }),
  }),
});
