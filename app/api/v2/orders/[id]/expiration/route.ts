import { operations } from '@/lib/api/operations';
import { extendExpiration } from '@/lib/domain/orders/expiry';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: operation({ ...operations.extendOrderExpiration, handler: ({ ctx, params, body }) => extendExpiration({ ctx, orderId: params.id, input: body }) }),
});
