import { listServices, ListServicesQuery } from '@/lib/domain/services';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ scope: 'service.list', query: ListServicesQuery, handler: ({ ctx, query }) => listServices(ctx, query) }),
});
