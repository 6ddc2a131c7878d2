/**
 * Orders for the roster's employees (DESIGN.md 7.1): create-order's `employee: { id }` fills the
 * participant (members given override it for the order only), the Order's `employee` reference in
 * the response and the stored document, list orders' `employeeId`, and the errors at `/employee/id`.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, orders } from '@/lib/db/schema';
import { SCOPES } from '@/lib/domain/scopes';
import { newId } from '@/lib/ids';
import { DEMO } from '@/lib/seed';
import { call, db, expectError, get, token, withTestDatabase } from './harness';
import { orderBody, uniqueName, uniquePhone } from './orders-fixtures';

withTestDatabase();

const acme = DEMO.acme;

/** An employee of Acme's primary company (or `company`) with a unique name and e-mail. */
async function employee(t: string, extra: Record<string, unknown> = {}) {
  const lastName = uniqueName();
  const res = await call('POST', '/api/v2/employees', {
    token: t,
    body: {
      company: { id: acme.companies.primary },
      externalId: `O-${newId().slice(-10)}`,
      firstName: 'Robin',
      middleName: 'J',
      lastName,
      birthDate: '1979-11-03',
      email: `robin.${lastName.toLowerCase()}@example.com`,
      phone: uniquePhone(),
      ...extra,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** An order body for the employee: no participant, order matching off (two orders of one person would match). */
const forEmployee = (id: string, overrides: Record<string, unknown> = {}) => {
  const { participant: _none, ...body } = orderBody({ employee: { id }, orderMatching: { enabled: false }, ...overrides });
  return body;
};

const postOrder = async (body: unknown, t?: string) => call('POST', '/api/v2/orders', { token: t ?? (await token()), body });

describe('POST /api/v2/orders with employee', () => {
  it('201: the participant filled from the employee, `employee` on the Order, in the stored document and the audit entry', async () => {
    const t = await token();
    const e = await employee(t);
    const res = await postOrder(forEmployee(e.id), t);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.employee).toEqual({ id: e.id, object: 'employee', url: `/api/v2/employees/${e.id}` });
    expect(res.body.participant).toMatchObject({ firstName: 'Robin', middleName: 'J', lastName: e.lastName, birthDate: '1979-11-03', email: e.email, phone: e.phone, address: null });
    const read = await get(`/api/v2/orders/${res.body.id}`, { token: t });
    expect(read.body.employee).toEqual(res.body.employee);
    const [row] = await db().select({ employeeId: orders.employeeId, document: orders.document }).from(orders).where(eq(orders.id, res.body.id));
    expect(row.employeeId).toBe(e.id);
    expect((row.document as { employeeId?: string }).employeeId).toBe(e.id);
    const [entry] = await db().select().from(auditEvents).where(and(eq(auditEvents.orderId, res.body.id), eq(auditEvents.action, 'order.created')));
    expect(entry.data).toMatchObject({ employeeId: e.id });
  });

  it('members given in participant override the employee\'s for this order only', async () => {
    const t = await token();
    const e = await employee(t);
    const email = `other.${uniqueName().toLowerCase()}@example.com`;
    const res = await postOrder({ ...forEmployee(e.id), participant: { email, middleName: null, language: 'es' } }, t);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.participant).toMatchObject({ firstName: 'Robin', lastName: e.lastName, middleName: null, email, language: 'es' });
    expect((await get(`/api/v2/employees/${e.id}`, { token: t })).body).toMatchObject({ email: e.email, middleName: 'J' });
  });

  it('a DOT order takes the employee\'s agency, and a driver\'s CDL as the participant identifier (shown with order.participant.read)', async () => {
    const t = await token();
    const e = await employee(t, { cdl: { number: 'T7654321', state: 'TX' }, dot: { agency: { id: DEMO.agencies.FMCSA } } });
    const res = await postOrder(forEmployee(e.id, { package: { id: acme.packages.dot }, testReason: 'random' }), t);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.agency).toMatchObject({ id: DEMO.agencies.FMCSA, code: 'FMCSA' });
    expect(res.body.participant.identifiers).toEqual([{ object: 'participantIdentifier', type: 'driversLicense', value: 'T7654321', issuingCountry: 'US', issuingState: 'TX' }]);
    const masked = await get(`/api/v2/orders/${res.body.id}`, { token: await token({ scopes: SCOPES.filter((s) => s !== 'order.participant.read') }) });
    expect(masked.body.participant.identifiers).toBeUndefined();
  });

  it('an FMCSA driver with a job category on the roster: the order takes the agency and no job category (FMCSA orders name none)', async () => {
    const t = await token();
    const categories = await get(`/api/v2/agencies/${DEMO.agencies.FMCSA}/jobCategories`, { token: t });
    const driver = categories.body.data.find((c: { name: string }) => c.name === 'CDL Driver') as { id: string };
    const e = await employee(t, { dot: { agency: { id: DEMO.agencies.FMCSA }, jobCategory: { id: driver.id } } });
    const res = await postOrder(forEmployee(e.id, { package: { id: acme.packages.dot }, testReason: 'random' }), t);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ agency: { id: DEMO.agencies.FMCSA }, jobCategory: null });
  });

  it('404 notFound at /employee/id for an unknown employee, another company\'s or another tenant\'s', async () => {
    const t = await token();
    expectError(await postOrder(forEmployee('no-such-employee'), t), 404, 'notFound', '/employee/id');
    const elsewhere = await employee(t, { company: { id: acme.companies.secondary } });
    expectError(await postOrder(forEmployee(elsewhere.id), t), 404, 'notFound', '/employee/id');
    const northwind = await token({ tenant: 'northwind' });
    const theirs = await postOrder(forEmployee(elsewhere.id, { location: { id: DEMO.northwind.locations.primary }, package: { id: DEMO.northwind.packages.nonDot } }), northwind);
    expectError(theirs, 404, 'notFound', '/employee/id');
  });

  it('422 invalidState at /employee/id for an inactive employee', async () => {
    const t = await token();
    const e = await employee(t);
    expect((await call('PATCH', `/api/v2/employees/${e.id}`, { token: t, body: { status: 'inactive' } })).status).toBe(200);
    expectError(await postOrder(forEmployee(e.id), t), 422, 'invalidState', '/employee/id');
  });

  it('400 required at /participant without participant or employee; at /participant/email when neither the employee nor the body has one; 403 without employee.read', async () => {
    const t = await token();
    const { participant: _none, ...bare } = orderBody();
    expectError(await postOrder(bare, t), 400, 'required', '/participant');
    expectError(await postOrder(orderBody({ participant: { lastName: 'Only' } }), t), 400, 'required', '/participant/firstName');
    const e = await employee(t, { email: null });
    expectError(await postOrder(forEmployee(e.id), t), 400, 'required', '/participant/email');
    expect((await postOrder(forEmployee(e.id, { deliveryMethods: [{ type: 'sms' }] }), t)).status).toBe(201);
    const noRoster = await token({ scopes: SCOPES.filter((s) => s !== 'employee.read') });
    expectError(await postOrder(forEmployee(e.id), noRoster), 403, 'insufficientScope', '/employee');
  });
});

describe('GET /api/v2/orders?employeeId=', () => {
  it('lists the employee\'s orders only, newest first', async () => {
    const t = await token();
    const e = await employee(t);
    const first = await postOrder(forEmployee(e.id), t);
    const second = await postOrder(forEmployee(e.id, { deliveryMethods: [{ type: 'none' }] }), t);
    await postOrder(orderBody(), t);
    const res = await get('/api/v2/orders', { token: t, query: { employeeId: e.id } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.data.map((o: { id: string }) => o.id)).toEqual([second.body.id, first.body.id]);
    const limited = await get('/api/v2/orders', { token: await token({ companies: [acme.companies.secondary] }), query: { employeeId: e.id } });
    expect(limited.body.total).toBe(0);
  });
});
