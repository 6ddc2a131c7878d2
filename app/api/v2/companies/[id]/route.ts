import { getCompany } from '@/lib/domain/companies';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ scope: 'company.read', handler: ({ ctx, params }) => getCompany(ctx, params.id) }),
});
