/** Samples of lib/api/operations/employees.ts for the isolation matrix and the fuzz run (see ../operation-samples.ts). */
import { DEMO } from '@/lib/seed';
import { newId } from '@/lib/ids';
import { call } from '../harness';
import { missing, type Fixtures, type SampleOf } from '../operation-samples';

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

export const samples = {
  listEmployees: () => ({ path: '/api/v2/employees', companyScoped: true }),
  getEmployee: (f) => ({ path: `/api/v2/employees/${f.employeeId}`, missingPath: `/api/v2/employees/${missing}`, companyScoped: true }),
  createEmployee: () => ({ path: '/api/v2/employees', body: employeeBody(), companyScoped: true, notFoundPointer: '/company/id' }),
  updateEmployee: (f) => ({ path: `/api/v2/employees/${f.employeeId}`, missingPath: `/api/v2/employees/${missing}`, body: { phone: '+12145550188' }, companyScoped: true }),
} satisfies Record<string, SampleOf>;

export async function fixtures(t: string, _base: Fixtures): Promise<Record<string, string>> {
  const res = await call('POST', '/api/v2/employees', { token: t, body: employeeBody({ firstName: 'Fixture' }) });
  if (res.status !== 201) throw new Error(`employees: ${JSON.stringify(res.body)}`);
  return { employeeId: res.body.id };
}
