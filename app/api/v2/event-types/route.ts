import { operations } from '@/lib/api/operations';
import { listEventTypes } from '@/lib/domain/events/queries';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listEventTypes, handler: ({ query }) => listEventTypes(query) }),
});
