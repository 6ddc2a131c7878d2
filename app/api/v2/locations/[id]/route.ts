import { getLocation } from '@/lib/domain/locations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ scope: 'location.read', handler: ({ ctx, params }) => getLocation(ctx, params.id) }),
});
