import { operations } from '@/lib/api/operations';
import { clinicImportTemplate } from '@/lib/domain/clinics/import-clinic-file';
import { methods, operation } from '@/lib/http/route';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({
    ...operations.getClinicImportTemplate,
    handler: async ({ ctx }) =>
      new Response(await clinicImportTemplate(ctx), {
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="clinics-template.csv"', 'Cache-Control': 'no-store' },
      }),
  }),
});
