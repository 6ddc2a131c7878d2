import { operations } from '@/lib/api/operations';
import { importEmployeeFile } from '@/lib/domain/employees/import-employees';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: operation({
    ...operations.importEmployees,
    handler: ({ ctx, query, raw }) => importEmployeeFile({ ctx, input: { file: raw!.bytes, dryRun: query.dryRun, deactivateMissing: query.deactivateMissing ?? false } }),
  }),
});
