import { operations } from '@/lib/api/operations';
import { employeeImportTemplate } from '@/lib/domain/employees/import-employees';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({
    ...operations.getEmployeeImportTemplate,
    handler: async ({ ctx }) =>
      new Response(await employeeImportTemplate(ctx), {
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="employees-template.csv"', 'Cache-Control': 'no-store' },
      }),
  }),
});
