/** Samples of lib/api/operations/employees.ts for the isolation matrix and the fuzz run (see ../operation-samples.ts). */
import { createToken } from '@/lib/domain/api-tokens/tokens';
import { EMPLOYEE_COLUMNS } from '@/lib/domain/employees/schemas';
import { DEMO } from '@/lib/seed';
import { newId } from '@/lib/ids';
import { createTestTenant } from '../admins';
import { call, db } from '../harness';
import type { Fixtures, SampleOf } from '../operation-samples';
import { missing } from './ids';

const acme = DEMO.acme;

/** A new employee of Acme's primary company (a fresh externalId each time: the sample may run more than once). */
export const employeeBody = (extra: Record<string, unknown> = {}) => ({
  company: { id: acme.companies.primary },
  externalId: `S-${newId().slice(-10)}`,
  location: { id: acme.locations.primary },
  firstName: 'Sample',
  lastName: 'Driver',
  birthDate: '1985-04-12',
  cdl: { number: 'D12345678', state: 'TX' },
  ...extra,
});

/** A roster CSV file as the import's body (a Blob: the harness sends it with its type as Content-Type). */
export const rosterFile = (...lines: string[]) => new Blob([[EMPLOYEE_COLUMNS.join(','), ...lines].join('\n')], { type: 'text/csv' });

export const samples = {
  listEmployees: () => ({ path: '/api/v2/employees', companyScoped: true }),
  getEmployee: (f) => ({ path: `/api/v2/employees/${f.employeeId}`, missingPath: `/api/v2/employees/${missing}`, companyScoped: true }),
  createEmployee: () => ({ path: '/api/v2/employees', body: employeeBody(), companyScoped: true, notFoundPointer: '/company/id' }),
  updateEmployee: (f) => ({ path: `/api/v2/employees/${f.employeeId}`, missingPath: `/api/v2/employees/${missing}`, body: { phone: '+12145550188' }, companyScoped: true }),
  // The import acts on a company of a tenant of its own (a dry run writes nothing anyway); the other
  // tenant's token meets a file naming a company it does not have: a report with that line's error.
  importEmployees: (f) => ({
    path: '/api/v2/employees/imports',
    query: { dryRun: 'true' },
    body: rosterFile(`S-1,${f.rosterCompanyId},,Sample,,Driver,1985-04-12,,,FMCSA,,D1234567,TX,active`),
    companyScoped: false,
    ownTenant: { bearer: f.rosterBearer, foreign: f.rosterForeignBearer },
  }),
  getEmployeeImportTemplate: (f) => ({
    path: '/api/v2/employees/imports/template',
    companyScoped: false,
    ownTenant: { bearer: f.rosterBearer, foreign: f.rosterForeignBearer },
  }),
} satisfies Record<string, SampleOf>;

export async function fixtures(t: string, _base: Fixtures): Promise<Record<string, string>> {
  const res = await call('POST', '/api/v2/employees', { token: t, body: employeeBody({ firstName: 'Fixture' }) });
  if (res.status !== 201) throw new Error(`employees: ${JSON.stringify(res.body)}`);
  const ownTenantToken = async () => {
    const tenant = await createTestTenant();
    return (await createToken(db(), { tenantId: tenant.id, name: 'roster import', scopes: 'all', companyIds: 'all' })).token;
  };
  const [rosterBearer, rosterForeignBearer] = await Promise.all([ownTenantToken(), ownTenantToken()]);
  const company = await call('POST', '/api/v2/companies', { token: rosterBearer, body: { name: 'Roster sample company' } });
  if (company.status !== 201) throw new Error(`employees: ${JSON.stringify(company.body)}`);
  return { employeeId: res.body.id, rosterBearer, rosterForeignBearer, rosterCompanyId: company.body.id };
}
