import { operations } from '@/lib/api/operations';
import { resolveAcknowledgedResults } from '@/lib/domain/actions';
import { acknowledgeOrder } from '@/lib/domain/orders/acknowledge';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: operation({ ...operations.acknowledgeOrder, handler: ({ ctx, params }) => acknowledgeOrder({ ctx, id: params.id, afterAcknowledge: resolveAcknowledgedResults }) }),
});
