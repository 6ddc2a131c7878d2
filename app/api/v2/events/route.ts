import { operations } from '@/lib/api/operations';
import { listEvents } from '@/lib/domain/events/queries';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listEvents, handler: ({ ctx, query }) => listEvents(ctx, query) }),
});
