import { operations } from '@/lib/api/operations';
import { createEmployee, listEmployees } from '@/lib/domain/employees';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.listEmployees, handler: ({ ctx, query }) => listEmployees(ctx, query) }),
  POST: operation({ ...operations.createEmployee, handler: ({ ctx, body }) => createEmployee({ ctx, input: body }) }),
});
