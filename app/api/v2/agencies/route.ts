import { listAgencies, ListAgenciesQuery } from '@/lib/domain/agencies';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ scope: 'agency.list', query: ListAgenciesQuery, handler: ({ ctx, query }) => listAgencies(ctx, query) }),
});
