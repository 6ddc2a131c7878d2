import { operations } from '@/lib/api/operations';
import { importClinicFile } from '@/lib/domain/clinics/import-clinic-file';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: operation({ ...operations.importClinics, handler: ({ ctx, query, raw }) => importClinicFile({ ctx, input: { file: raw!.bytes, dryRun: query.dryRun } }) }),
});
