import { getLocation } from '@/lib/domain/locations';
import { updateLocation } from '@/lib/domain/locations';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.getLocation, handler: ({ ctx, params }) => getLocation(ctx, params.id) }),
  PATCH: operation({ ...operations.updateLocation, handler: ({ ctx, params, body }) => updateLocation({ ctx, id: params.id, input: body }) }),
});
