import { getLocation } from '@/lib/domain/locations';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.getLocation, handler: ({ ctx, params }) => getLocation(ctx, params.id) }),
});
