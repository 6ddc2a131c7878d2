import { operations } from '@/lib/api/operations';
import { getEmployee, updateEmployee } from '@/lib/domain/employees';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({ ...operations.getEmployee, handler: ({ ctx, params }) => getEmployee(ctx, params.id) }),
  PATCH: operation({ ...operations.updateEmployee, handler: ({ ctx, params, body }) => updateEmployee({ ctx, id: params.id, input: body }) }),
});
