/**
 * Fixtures of the follow-up plan tests: an employee, its negative return-to-duty order, a plan body.
 * Employees are inserted through the database until the roster's API serves them (DESIGN.md 7.1);
 * orders go through the API and are tied to the employee the same way.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { employees, orders } from '@/lib/db/schema';
import { newId } from '@/lib/ids';
import { DEMO } from '@/lib/seed';
import { call, db } from './harness';
import { orderBody, uniqueName } from './orders-fixtures';

export interface EmployeeFixture {
  id: string;
  companyId: string;
  email: string;
}

export async function createEmployee(opts: { tenantId?: string; companyId?: string; locationId?: string | null; agencyId?: string | null; email?: string | null } = {}): Promise<EmployeeFixture> {
  const lastName = uniqueName();
  const email = opts.email === undefined ? `dana.${lastName.toLowerCase()}@example.com` : opts.email;
  const [row] = await db()
    .insert(employees)
    .values({
      id: newId(),
      tenantId: opts.tenantId ?? DEMO.tenants.acme.id,
      companyId: opts.companyId ?? DEMO.acme.companies.primary,
      locationId: opts.locationId ?? null,
      externalId: `E-${randomUUID().slice(0, 8)}`,
      firstName: 'Dana',
      lastName,
      birthDate: '1985-04-02',
      email,
      phone: null,
      agencyId: opts.agencyId === undefined ? DEMO.agencies.FMCSA : opts.agencyId,
      activeFrom: '2024-01-01',
    })
    .returning();
  return { id: row.id, companyId: row.companyId, email: email ?? '' };
}

/** An order of the employee's (a non-DOT package unless given), moved to `status` service by service. */
export async function employeeOrder(bearer: string, employee: EmployeeFixture, opts: { status?: string | null; testReason?: string; body?: Record<string, unknown> } = {}) {
  const res = await call('POST', '/api/v2/orders', { token: bearer, body: orderBody({ testReason: opts.testReason ?? 'returnToDuty', ...(opts.body ?? {}) }) });
  if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(res.body)}`);
  await db().update(orders).set({ employeeId: employee.id }).where(eq(orders.id, res.body.id));
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
