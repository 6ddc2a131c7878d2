import { listCompanies } from '@/lib/domain/companies';
import { createCompany } from '@/lib/domain/companies';
import { operations } from '@/lib/api/operations';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listCompanies, handler: ({ ctx, query }) => listCompanies(ctx, query) }),
  POST: operation({ ...operations.createCompany, handler: ({ ctx, body }) => createCompany({ ctx, input: body }) }),
});
