/**
 * Fixtures of the follow-up plan tests: an employee, its negative return-to-duty order, a plan body.
 * Employees come from the roster's API and orders name them (`employee: { id }`, DESIGN.md 7.1).
 */
import { randomUUID } from 'node:crypto';
import { DEMO } from '@/lib/seed';
import { call, token } from './harness';
import { orderBody, uniqueName } from './orders-fixtures';

export interface EmployeeFixture {
  id: string;
  companyId: string;
  email: string;
}

/** An employee through the roster's API (Acme's primary company unless given), FMCSA-covered unless `agencyId` is null. */
export async function createEmployee(opts: { bearer?: string; companyId?: string; agencyId?: string | null; email?: string | null } = {}): Promise<EmployeeFixture> {
  const lastName = uniqueName();
  const email = opts.email === undefined ? `dana.${lastName.toLowerCase()}@example.com` : opts.email;
  const agencyId = opts.agencyId === undefined ? DEMO.agencies.FMCSA : opts.agencyId;
  const res = await call('POST', '/api/v2/employees', {
    token: opts.bearer ?? (await token()),
    body: {
      company: { id: opts.companyId ?? DEMO.acme.companies.primary },
      externalId: `E-${randomUUID().slice(0, 8)}`,
      firstName: 'Dana',
      lastName,
      birthDate: '1985-04-02',
      ...(email ? { email } : {}),
      ...(agencyId ? { dot: { agency: { id: agencyId } } } : {}),
    },
  });
  if (res.status !== 201) throw new Error(`employee: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, companyId: res.body.company.id, email: email ?? '' };
}

/** An order for the employee (a non-DOT package unless given), moved to `status` service by service. */
export async function employeeOrder(bearer: string, employee: EmployeeFixture, opts: { status?: string | null; testReason?: string; body?: Record<string, unknown> } = {}) {
  const res = await call('POST', '/api/v2/orders', { token: bearer, body: orderBody({ employee: { id: employee.id }, testReason: opts.testReason ?? 'returnToDuty', ...(opts.body ?? {}) }) });
  if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(res.body)}`);
  const status = opts.status === undefined ? 'negative' : opts.status;
  if (status)
    for (const s of res.body.services) {
      const moved = await call('POST', `/api/v2/orders/${res.body.id}/services/${s.id}/events`, { token: bearer, body: { status } });
      if (moved.status !== 200) throw new Error(`event: ${moved.status} ${JSON.stringify(moved.body)}`);
    }
  return res.body as { id: string };
}

export function planBody(returnToDutyOrderId: string, overrides: Record<string, unknown> = {}) {
  return {
    sap: { name: 'Dr. Robin Ames', email: 'sap@example.com', phone: '+12145550123' },
    returnToDutyOrder: { id: returnToDutyOrderId },
    startsOn: '2026-01-05',
    phases: [{ months: 12, tests: 6 }, { months: 12, tests: 4 }],
    substances: ['drug', 'alcohol'],
    ...overrides,
  };
}

/** "Order now" body: the employee's e-mail gets the link. */
export function orderNowBody(overrides: Record<string, unknown> = {}) {
  return {
    deliveryMethods: [{ type: 'email' }],
    location: { id: DEMO.acme.locations.primary },
    package: { id: DEMO.acme.packages.nonDot },
    requester: { email: 'manager@acme.test', name: 'Morgan Lee' },
    ...overrides,
  };
}
