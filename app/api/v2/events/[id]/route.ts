import { operations } from '@/lib/api/operations';
import { getEvent } from '@/lib/domain/events/queries';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.getEvent, handler: ({ ctx, params }) => getEvent(ctx, params.id) }),
});
