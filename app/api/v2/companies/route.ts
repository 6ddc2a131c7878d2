import { listCompanies, ListCompaniesQuery } from '@/lib/domain/companies';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ scope: 'company.list', query: ListCompaniesQuery, handler: ({ ctx, query }) => listCompanies(ctx, query) }),
});
