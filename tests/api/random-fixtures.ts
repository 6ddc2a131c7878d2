/**
 * Fixtures of the random-testing tests: an employer of its own (a company created through the API,
 * with a location and DOT drug, DOT alcohol and non-DOT packages), so that a pool's computed members
 * are exactly the employees a test adds, whatever else runs beside it; and its employees, created
 * through the roster's API.
 */
import { randomUUID } from 'node:crypto';
import { DEMO } from '@/lib/seed';
import { call, token } from './harness';

export interface Employer {
  companyId: string;
  locationId: string;
  drugPackageId: string;
  alcoholPackageId: string;
  nonDotPackageId: string;
}

async function created(method: string, path: string, t: string, body: unknown): Promise<string> {
  const res = await call(method, path, { token: t, body });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

const address = { line1: '1800 Irving Blvd', city: 'Dallas', state: 'TX', postalCode: '75207', country: 'US' };

/** A company of Acme's with a location and three packages; `t` must be a tenant-wide token of Acme's. */
export async function newEmployer(t: string, name = `Random Haulers ${randomUUID().slice(0, 6)}`): Promise<Employer> {
  const companyId = await created('POST', '/api/v2/companies', t, { name, address });
  const locationId = await created('POST', '/api/v2/locations', t, { company: { id: companyId }, name: 'Yard', address });
  const pkg = (pkgName: string, service: string) => created('POST', '/api/v2/packages', t, { name: pkgName, company: { id: companyId }, services: [{ id: service }] });
  const [drugPackageId, alcoholPackageId, nonDotPackageId] = await Promise.all([
    pkg('DOT urine', DEMO.acme.services.dotUrine),
    pkg('DOT breath alcohol', DEMO.acme.services.dotBreathAlcohol),
    pkg('Non-DOT urine', DEMO.acme.services.nonDotUrine),
  ]);
  return { companyId, locationId, drugPackageId, alcoholPackageId, nonDotPackageId };
}

export interface EmployeeOptions {
  /** An agency code (DOT coverage) or null for a non-DOT employee. */
  agency?: keyof typeof DEMO.agencies | null;
  locationId?: string | null;
  status?: 'active' | 'inactive';
  /** A tenant-wide token of Acme's (default: a new one). */
  token?: string;
}

/** `n` employees of a company through the roster's API (POST /api/v2/employees), returned with their ids. */
export async function addEmployees(companyId: string, n: number, options: EmployeeOptions = {}): Promise<string[]> {
  const t = options.token ?? (await token());
  const agency = options.agency === undefined ? 'FMCSA' : options.agency;
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = await created('POST', '/api/v2/employees', t, {
      company: { id: companyId },
      externalId: `E-${randomUUID().slice(0, 8)}`,
      firstName: 'Dana',
      lastName: `Driver${i + 1}-${randomUUID().slice(0, 4)}`,
      birthDate: '1985-04-02',
      email: `dana.${randomUUID().slice(0, 8)}@example.com`,
      ...(options.locationId ? { location: { id: options.locationId } } : {}),
      ...(agency ? { dot: { agency: { id: DEMO.agencies[agency] } } } : {}),
    });
    if (options.status === 'inactive') {
      const res = await call('PATCH', `/api/v2/employees/${id}`, { token: t, body: { status: 'inactive' } });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    }
    ids.push(id);
  }
  return ids;
}

/** A DOT pool body for an employer: FMCSA at the 2026 minimum, quarterly, with its packages. */
export function poolBody(e: Employer, overrides: Record<string, unknown> = {}) {
  return {
    name: `FMCSA drivers ${randomUUID().slice(0, 6)}`,
    kind: 'dot',
    agencies: [{ id: DEMO.agencies.FMCSA }],
    companies: [{ id: e.companyId }],
    drugRate: 0.5,
    alcoholRate: 0.1,
    frequency: 'quarterly',
    packages: { drug: { id: e.drugPackageId }, alcohol: { id: e.alcoholPackageId } },
    ...overrides,
  };
}
