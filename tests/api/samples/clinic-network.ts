/** Samples of lib/api/operations/clinic-network.ts for the isolation matrix and the fuzz run (see ../operation-samples.ts). */
import { createToken } from '@/lib/domain/api-tokens/tokens';
import { CLINIC_COLUMNS } from '@/lib/domain/clinics/import-clinics';
import { createTestTenant } from '../admins';
import { db } from '../harness';
import type { Fixtures, SampleOf } from '../operation-samples';

/** A one-clinic CSV file as the import's body (a Blob: the harness sends it with its type as Content-Type). */
export const clinicFile = (...lines: string[]) => new Blob([[CLINIC_COLUMNS.join(','), ...lines].join('\n')], { type: 'text/csv' });

// The clinic network is the tenant's own: the samples act on two tenants of their own (a dry run writes nothing anyway).
export const samples = {
  importClinics: (f) => ({
    path: '/api/v2/clinics/imports',
    query: { dryRun: 'true' },
    body: clinicFile('sample-1,Sample Clinic,,,,Austin,TX,78701,,,,,,,,'),
    companyScoped: false,
    ownTenant: { bearer: f.clinicImportBearer, foreign: f.clinicImportForeignBearer },
  }),
  getClinicImportTemplate: (f) => ({
    path: '/api/v2/clinics/imports/template',
    companyScoped: false,
    ownTenant: { bearer: f.clinicImportBearer, foreign: f.clinicImportForeignBearer },
  }),
} satisfies Record<string, SampleOf>;

export async function fixtures(_t: string, _base: Fixtures): Promise<Record<string, string>> {
  const ownTenantToken = async () => {
    const tenant = await createTestTenant();
    return (await createToken(db(), { tenantId: tenant.id, name: 'clinic import', scopes: 'all', companyIds: 'all' })).token;
  };
  const [clinicImportBearer, clinicImportForeignBearer] = await Promise.all([ownTenantToken(), ownTenantToken()]);
  return { clinicImportBearer, clinicImportForeignBearer };
}
