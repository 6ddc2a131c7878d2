/**
 * Follow-up plans (DESIGN.md 7.3): create, list, get, pause/resume/cancel and "Order now" under an
 * employee, with the SAP's plan rules, the return-to-duty order checks, company isolation and the
 * audit trail. The plan's life on the tenant clock is follow-up-lifecycle.engines.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { orders } from '@/lib/db/schema';
import { planWindows } from '@/lib/domain/follow-up/windows';
import { SCOPES } from '@/lib/domain/scopes';
import { DEMO } from '@/lib/seed';
import { createEmployee, employeeOrder, orderNowBody, planBody, type EmployeeFixture } from './follow-up-fixtures';
import { call, db, expectError, get, token, withTestDatabase } from './harness';

withTestDatabase();

// A plan that starts next year: none of its days has come, every test is `scheduled`.
const startsOn = `${new Date().getUTCFullYear() + 1}-01-05`;

let admin: string;
let employee: EmployeeFixture;
let rtdId: string;
beforeAll(async () => {
  admin = await token();
  employee = await createEmployee();
  rtdId = (await employeeOrder(admin, employee)).id;
});

const createPlan = (employeeId: string, body: unknown, t = admin) => call('POST', `/api/v2/employees/${employeeId}/follow-up-plans`, { token: t, body });
async function newPlan(overrides: Record<string, unknown> = {}) {
  const res = await createPlan(employee.id, planBody(rtdId, { startsOn, ...overrides }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('POST /api/v2/employees/{id}/follow-up-plans', () => {
  it('201: the plan with its tests, one due day drawn inside each equal window, Location and an audit entry', async () => {
    const res = await createPlan(employee.id, planBody(rtdId, { startsOn }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const plan = res.body;
    expect(res.headers.get('location')).toBe(`/api/v2/follow-up-plans/${plan.id}`);
    expect(plan).toMatchObject({
      object: 'followUpPlan',
      employee: { id: employee.id, object: 'employee' },
      company: { id: DEMO.acme.companies.primary, object: 'company' },
      agency: { id: DEMO.agencies.FMCSA, code: 'FMCSA', object: 'agency' },
      sap: { name: 'Dr. Robin Ames', email: 'sap@example.com', phone: '+12145550123' },
      returnToDutyOrder: { id: rtdId, object: 'order', url: `/api/v2/orders/${rtdId}` },
      startsOn,
      phases: [{ months: 12, tests: 6 }, { months: 12, tests: 4 }],
      substances: ['drug', 'alcohol'],
      status: 'active',
      testsRequired: 10,
      testsCompleted: 0,
      pausedAt: null,
    });
    const windows = planWindows(startsOn, [{ months: 12, tests: 6 }, { months: 12, tests: 4 }]);
    expect(plan.tests.map((t: { number: number }) => t.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    plan.tests.forEach((t: { windowStart: string; windowEnd: string; dueOn: string; status: string; order: unknown; makeUpOf: unknown }, i: number) => {
      expect([t.windowStart, t.windowEnd]).toEqual([windows[i].start, windows[i].end]);
      expect(t.dueOn >= t.windowStart && t.dueOn <= t.windowEnd).toBe(true);
      expect(t).toMatchObject({ status: 'scheduled', order: null, makeUpOf: null });
    });
    const [audit] = rowsOf<{ action: string; subject_type: string }>(
      await db().execute(sql`select action, subject_type from audit_events where subject_id = ${plan.id}`),
    );
    expect(audit).toEqual({ action: 'followUpPlan.created', subject_type: 'followUpPlan' });
  });

  it('a plan that started in the past: the tests whose day has passed are due at once', async () => {
    const res = await createPlan(employee.id, planBody(rtdId, { startsOn: '2024-01-01', phases: [{ months: 12, tests: 6 }] }));
    expect(res.status).toBe(201);
    expect(res.body.tests.every((t: { status: string }) => t.status === 'due')).toBe(true);
  });

  it('400 tooSmall at /phases: fewer than 6 tests in the first 12 months (49 CFR 40.307(d))', async () => {
    expectError(await createPlan(employee.id, planBody(rtdId, { phases: [{ months: 12, tests: 5 }] })), 400, 'tooSmall', '/phases');
    // 6 tests over 24 months: only 3 windows end within the first year.
    expectError(await createPlan(employee.id, planBody(rtdId, { phases: [{ months: 24, tests: 6 }] })), 400, 'tooSmall', '/phases');
  });

  it('400 tooBig at /phases: more than 60 months in all', async () => {
    expectError(await createPlan(employee.id, planBody(rtdId, { phases: [{ months: 12, tests: 6 }, { months: 49, tests: 10 }] })), 400, 'tooBig', '/phases');
    const sixty = await createPlan(employee.id, planBody(rtdId, { startsOn, phases: [{ months: 12, tests: 6 }, { months: 48, tests: 8 }] }));
    expect(sixty.status).toBe(201);
    expect(sixty.body.testsRequired).toBe(14);
  });

  it('400 tooBig at /phases/{i}/tests: a phase with more tests than days', async () => {
    expectError(await createPlan(employee.id, planBody(rtdId, { phases: [{ months: 1, tests: 40 }] })), 400, 'tooBig', '/phases/0/tests');
  });

  it('400 for malformed members: startsOn, substances, the SAP', async () => {
    expectError(await createPlan(employee.id, planBody(rtdId, { startsOn: '2026-02-30' })), 400, 'invalidFormat', '/startsOn');
    expectError(await createPlan(employee.id, planBody(rtdId, { substances: ['drug', 'drug'] })), 400, 'invalidValue', '/substances');
    expectError(await createPlan(employee.id, planBody(rtdId, { substances: ['cannabis'] })), 400, 'invalidValue', '/substances/0');
    expectError(await createPlan(employee.id, planBody(rtdId, { sap: { email: 'sap@example.com' } })), 400, 'required', '/sap/name');
    expectError(await createPlan(employee.id, planBody(rtdId, { agency: { id: 'no-such-agency' } })), 400, 'invalidValue', '/agency/id');
  });

  it('422 invalidState at /returnToDutyOrder/id: an order of another employee, or not final and negative', async () => {
    const other = await createEmployee();
    const othersOrder = await employeeOrder(admin, other);
    expectError(await createPlan(employee.id, planBody(othersOrder.id)), 422, 'invalidState', '/returnToDutyOrder/id');
    const open = await employeeOrder(admin, employee, { status: null });
    expectError(await createPlan(employee.id, planBody(open.id)), 422, 'invalidState', '/returnToDutyOrder/id');
    const positive = await employeeOrder(admin, employee, { status: 'nonNegative' });
    expectError(await createPlan(employee.id, planBody(positive.id)), 422, 'invalidState', '/returnToDutyOrder/id');
  });

  it('404 at /returnToDutyOrder/id for an unknown order; 404 for an unknown employee', async () => {
    expectError(await createPlan(employee.id, planBody('00000000-0000-4000-8000-000000000000')), 404, 'notFound', '/returnToDutyOrder/id');
    expectError(await createPlan('00000000-0000-4000-8000-000000000000', planBody(rtdId)), 404, 'notFound');
  });

  it("isolation: another tenant's token and a token not linked to the employee's company meet 404; nothing is written", async () => {
    const before = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from follow_up_plans where employee_id = ${employee.id}`))[0].n;
    expectError(await createPlan(employee.id, planBody(rtdId), await token({ tenant: 'northwind' })), 404, 'notFound');
    expectError(await createPlan(employee.id, planBody(rtdId), await token({ companies: [DEMO.acme.companies.secondary] })), 404, 'notFound');
    const after = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from follow_up_plans where employee_id = ${employee.id}`))[0].n;
    expect(after).toBe(before);
  });

  it('403 insufficientScope without employee.write', async () => {
    expectError(await createPlan(employee.id, planBody(rtdId), await token({ scopes: SCOPES.filter((s) => s !== 'employee.write') })), 403, 'insufficientScope');
  });
});

describe('GET /api/v2/employees/{id}/follow-up-plans', () => {
  it("the employee's plans, newest first, in the page envelope", async () => {
    const someone = await createEmployee();
    const rtd = await employeeOrder(admin, someone);
    const first = await createPlan(someone.id, planBody(rtd.id, { startsOn }));
    const second = await createPlan(someone.id, planBody(rtd.id, { startsOn }));
    const res = await get(`/api/v2/employees/${someone.id}/follow-up-plans`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(res.body.data.map((p: { id: string }) => p.id)).toEqual([second.body.id, first.body.id]);
  });

  it('404 for an unknown employee and for a company the token is not linked to; 403 without employee.read', async () => {
    expectError(await get('/api/v2/employees/00000000-0000-4000-8000-000000000000/follow-up-plans', { token: admin }), 404, 'notFound');
    expectError(await get(`/api/v2/employees/${employee.id}/follow-up-plans`, { token: await token({ companies: [DEMO.acme.companies.secondary] }) }), 404, 'notFound');
    expectError(await get(`/api/v2/employees/${employee.id}/follow-up-plans`, { token: await token({ scopes: ['employee.list'] }) }), 403, 'insufficientScope');
  });
});

describe('GET /api/v2/follow-up-plans/{id}', () => {
  it('the plan; 404 for another tenant', async () => {
    const plan = await newPlan();
    const res = await get(`/api/v2/follow-up-plans/${plan.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(plan);
    expectError(await get(`/api/v2/follow-up-plans/${plan.id}`, { token: await token({ tenant: 'northwind' }) }), 404, 'notFound');
  });
});

describe('PATCH /api/v2/follow-up-plans/{id}', () => {
  const patch = (id: string, status: string, t = admin) => call('PATCH', `/api/v2/follow-up-plans/${id}`, { token: t, body: { status } });

  it('paused: pausedAt is set; active again the same day: the due days stay where they were', async () => {
    const plan = await newPlan();
    const paused = await patch(plan.id, 'paused');
    expect(paused.status).toBe(200);
    expect(paused.body.status).toBe('paused');
    expect(Date.parse(paused.body.pausedAt ?? '')).toBeGreaterThan(0);
    const resumed = await patch(plan.id, 'active');
    expect(resumed.body).toMatchObject({ status: 'active', pausedAt: null });
    expect(resumed.body.tests.map((t: { dueOn: string }) => t.dueOn)).toEqual(plan.tests.map((t: { dueOn: string }) => t.dueOn));
    const audits = rowsOf<{ action: string; data: { from: string; to: string } }>(
      await db().execute(sql`select action, data from audit_events where subject_id = ${plan.id} and action = 'followUpPlan.updated' order by created_at`),
    );
    expect(audits.map((a) => [a.data.from, a.data.to])).toEqual([['active', 'paused'], ['paused', 'active']]);
  });

  it('cancelled: every open test is cancelled; a cancelled plan no longer changes (422 invalidState at /status)', async () => {
    const plan = await newPlan();
    const res = await patch(plan.id, 'cancelled');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect(res.body.tests.every((t: { status: string }) => t.status === 'cancelled')).toBe(true);
    expectError(await patch(plan.id, 'active'), 422, 'invalidState', '/status');
  });

  it('400 for a status it cannot be set to; 404 unknown; 403 without employee.write', async () => {
    const plan = await newPlan();
    expectError(await patch(plan.id, 'completed'), 400, 'invalidValue', '/status');
    expectError(await patch('00000000-0000-4000-8000-000000000000', 'paused'), 404, 'notFound');
    expectError(await patch(plan.id, 'paused', await token({ scopes: SCOPES.filter((s) => s !== 'employee.write') })), 403, 'insufficientScope');
  });
});

describe('POST /api/v2/follow-up-plans/{id}/tests/{number}/order', () => {
  const orderNow = (planId: string, number: number | string, body: unknown = orderNowBody(), t = admin) =>
    call('POST', `/api/v2/follow-up-plans/${planId}/tests/${number}/order`, { token: t, body });

  it("201: the employee's follow-up order, made by create-order; the test becomes ordered", async () => {
    const plan = await newPlan();
    const res = await orderNow(plan.id, 1);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get('location')).toBe(`/api/v2/orders/${res.body.id}`);
    expect(res.body).toMatchObject({ testReason: 'followUp', status: 'ordered' });
    expect(res.body.participant).toMatchObject({ firstName: 'Dana', email: employee.email });
    const [row] = await db().select({ employeeId: orders.employeeId }).from(orders).where(eq(orders.id, res.body.id));
    expect(row.employeeId).toBe(employee.id);
    const after = (await get(`/api/v2/follow-up-plans/${plan.id}`, { token: admin })).body;
    expect(after.tests[0]).toMatchObject({ number: 1, status: 'ordered', order: { id: res.body.id, object: 'order' } });
    expect(after.tests.slice(1).every((t: { status: string }) => t.status === 'scheduled')).toBe(true);
    const [audit] = rowsOf<{ data: { orderId: string } }>(await db().execute(sql`select data from audit_events where subject_id = ${plan.id} and action = 'followUpTest.ordered'`));
    expect(audit.data.orderId).toBe(res.body.id);
  });

  it('422 invalidState for a test already ordered and for a plan that is not active; 404 for an unknown number', async () => {
    const plan = await newPlan();
    expect((await orderNow(plan.id, 2)).status).toBe(201);
    expectError(await orderNow(plan.id, 2), 422, 'invalidState');
    expectError(await orderNow(plan.id, 11), 404, 'notFound');
    expectError(await orderNow(plan.id, 'x'), 404, 'notFound');
    await call('PATCH', `/api/v2/follow-up-plans/${plan.id}`, { token: admin, body: { status: 'paused' } });
    expectError(await orderNow(plan.id, 3), 422, 'invalidState');
  });

  it('a DOT package: the plan\'s agency, always observed (49 CFR 40.67(b)); observedCollection false is 400 at /settings/observedCollection', async () => {
    const plan = await newPlan();
    const refused = await orderNow(plan.id, 1, orderNowBody({ package: { id: DEMO.acme.packages.dot }, settings: { observedCollection: false } }));
    expectError(refused, 400, 'invalidValue', '/settings/observedCollection');
    const res = await orderNow(plan.id, 1, orderNowBody({ package: { id: DEMO.acme.packages.dot } }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.agency).toMatchObject({ id: DEMO.agencies.FMCSA });
    expect(res.body.settings.observedCollection).toBe(true);
  });

  it('an employee without an e-mail address cannot get the email delivery method: 400 at /deliveryMethods/0/type', async () => {
    const noEmail = await createEmployee({ email: null });
    const rtd = await employeeOrder(admin, noEmail);
    const plan = (await createPlan(noEmail.id, planBody(rtd.id, { startsOn }))).body;
    expectError(await orderNow(plan.id, 1), 400, 'invalidValue', '/deliveryMethods/0/type');
    expect((await orderNow(plan.id, 1, orderNowBody({ deliveryMethods: [{ type: 'none' }] }))).status).toBe(201);
  });

  it("isolation: a token not linked to the plan's company meets 404; 403 without order.create", async () => {
    const plan = await newPlan();
    expectError(await orderNow(plan.id, 1, orderNowBody(), await token({ companies: [DEMO.acme.companies.secondary] })), 404, 'notFound');
    expectError(await orderNow(plan.id, 1, orderNowBody(), await token({ scopes: SCOPES.filter((s) => s !== 'order.create') })), 403, 'insufficientScope');
  });
});
