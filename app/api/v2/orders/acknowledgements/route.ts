import { operations } from '@/lib/api/operations';
import { resolveAcknowledgedResults } from '@/lib/domain/actions';
import { acknowledgeOrderBatch } from '@/lib/domain/orders/acknowledge-batch';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: operation({ ...operations.acknowledgeOrders, handler: ({ ctx, body }) => acknowledgeOrderBatch({ ctx, input: body, afterAcknowledge: resolveAcknowledgedResults }) }),
});
