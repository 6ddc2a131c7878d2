import { recordServiceEvent } from '@/lib/domain/orders/record-service-event';
import { afterServiceEvent } from '@/lib/domain/results';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: operation({ ...operations.recordServiceEvent, handler: ({ ctx, params, body }) => recordServiceEvent({ ctx, orderId: params.id, serviceId: params.serviceId, input: body, afterServiceEvent }),
  }),
});
