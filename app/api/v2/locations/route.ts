import { listLocations } from '@/lib/domain/locations';
import { createLocation } from '@/lib/domain/locations';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listLocations, handler: ({ ctx, query }) => listLocations(ctx, query) }),
  POST: operation({ ...operations.createLocation, handler: ({ ctx, body }) => createLocation({ ctx, input: body }) }),
});
