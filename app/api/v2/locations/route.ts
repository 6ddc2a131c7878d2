import { listLocations, ListLocationsQuery } from '@/lib/domain/locations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ scope: 'location.list', query: ListLocationsQuery, handler: ({ ctx, query }) => listLocations(ctx, query) }),
});
