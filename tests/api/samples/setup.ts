/** Samples of lib/api/operations/setup.ts for the isolation matrix and the fuzz run (see ../operation-samples.ts). */
import { DEMO } from '@/lib/seed';
import { call } from '../harness';
import type { Fixtures, SampleOf } from '../operation-samples';
import { missing } from './ids';

const address = { line1: '2100 Ross Ave', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' };
const acme = DEMO.acme;

export const samples = {
  createCompany: () => ({
    path: '/api/v2/companies',
    body: { name: 'Sample Freight Co', phone: '+12145550100', address, orderMatching: { enabled: true, windowDays: 14 } },
    companyScoped: true,
    tenantWide: true,
  }),
  updateCompany: (f) => ({ path: `/api/v2/companies/${f.setupCompanyId}`, missingPath: `/api/v2/companies/${missing}`, body: { name: 'Sample Company (renamed)' }, companyScoped: true }),
  createLocation: () => ({
    path: '/api/v2/locations',
    body: { company: { id: acme.companies.primary }, name: 'Sample Yard', address, scheduleStrategies: ['participantChoice', 'clinic'], feeCap: 95.5 },
    companyScoped: true,
    notFoundPointer: '/company/id',
  }),
  updateLocation: (f) => ({ path: `/api/v2/locations/${f.setupLocationId}`, missingPath: `/api/v2/locations/${missing}`, body: { name: 'Sample Location (renamed)' }, companyScoped: true }),
  createPackage: () => ({
    path: '/api/v2/packages',
    body: { name: 'Sample package', company: { id: acme.companies.primary }, services: [{ id: acme.services.dotUrine }, { id: acme.services.dotBreathAlcohol }] },
    companyScoped: true,
    notFoundPointer: '/company/id',
  }),
  updatePackage: (f) => ({
    path: `/api/v2/packages/${f.setupPackageId}`,
    missingPath: `/api/v2/packages/${missing}`,
    body: { name: 'Sample package (renamed)', services: [{ id: acme.services.nonDotUrine }] },
    companyScoped: true,
  }),
  listNearbyClinics: () => ({
    path: `/api/v2/locations/${acme.locations.primary}/nearbyClinics`,
    missingPath: `/api/v2/locations/${missing}/nearbyClinics`,
    query: { serviceIds: acme.services.dotUrine },
    companyScoped: true,
  }),
} satisfies Record<string, SampleOf>;

/** Resources the samples need, made once with the admin token `t`; merged into the fixtures. */
export async function fixtures(t: string, _base: Fixtures): Promise<Record<string, string>> {
  const made = async (path: string, body: unknown) => {
    const res = await call('POST', path, { token: t, body });
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  const setupCompanyId = await made('/api/v2/companies', { name: 'Setup sample company', address });
  const setupLocationId = await made('/api/v2/locations', { company: { id: acme.companies.primary }, name: 'Setup sample location', address });
  const setupPackageId = await made('/api/v2/packages', { name: 'Setup sample package', company: { id: acme.companies.primary }, services: [{ id: acme.services.nonDotUrine }] });
  return { setupCompanyId, setupLocationId, setupPackageId };
}
