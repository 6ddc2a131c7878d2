import { recordServiceEvent } from '@/lib/domain/orders/record-service-event';
import { ServiceEventBody } from '@/lib/domain/orders/schemas';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: operation({
    scope: 'order.service.write',
    body: ServiceEventBody,
    handler: ({ ctx, params, body }) => recordServiceEvent({ ctx, orderId: params.id, serviceId: params.serviceId, input: body }),
  }),
});
