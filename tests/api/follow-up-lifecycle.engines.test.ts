/**
 * A follow-up plan's life on the tenant clock (DESIGN.md 7.3 and 7.6), on both engines: a tenant of
 * its own steps through the plan's year with `PUT /api/v2/sandbox/clock`; each test falls due on its
 * day and not before, is ordered ("Order now"), and counts once its order has a result; a cancelled
 * and an expired order each leave a make-up test due within the next 14 days; the last result
 * completes the plan. A pause moves the open due days by the paused time.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/lib/db/client';
import { addDays } from '@/lib/domain/follow-up/windows';
import { ownTenant } from './own-tenant';
import { createEmployee, employeeOrder, planBody, type EmployeeFixture } from './follow-up-fixtures';
import { call, db, get, withTestDatabase } from './harness';

withTestDatabase();

const DAY = 86_400_000;

interface Sandbox {
  bearer: string;
  companyId: string;
  locationId: string;
  packageId: string;
}

async function sandboxTenant(): Promise<Sandbox> {
  const { bearer, companyId, locationId, made, serviceId } = await ownTenant('Follow-up');
  const packageId = await made('/api/v2/packages', { name: 'Follow-up package', company: { id: companyId }, services: [{ id: await serviceId('Non-DOT 10-Panel Urine Drug Screen') }] });
  return { bearer, companyId, locationId, packageId };
}

interface Test {
  id: string;
  number: number;
  windowStart: string;
  windowEnd: string;
  dueOn: string;
  status: string;
  makeUpOf: string | null;
  order: { id: string } | null;
}

const nowOf = async (s: Sandbox) => new Date((await call('GET', '/api/v2/sandbox/clock', { token: s.bearer })).body.now);
async function moveTo(s: Sandbox, at: Date) {
  const res = await call('PUT', '/api/v2/sandbox/clock', { token: s.bearer, body: { now: at.toISOString() } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
/** A minute on: the sweep runs before the answer. */
const tick = async (s: Sandbox) => moveTo(s, new Date((await nowOf(s)).getTime() + 60_000));
const planOf = async (s: Sandbox, id: string) => (await get(`/api/v2/follow-up-plans/${id}`, { token: s.bearer })).body as { status: string; testsCompleted: number; tests: Test[] };
const today = async (s: Sandbox) => (await nowOf(s)).toISOString().slice(0, 10);

async function orderNow(s: Sandbox, planId: string, number: number) {
  const res = await call('POST', `/api/v2/follow-up-plans/${planId}/tests/${number}/order`, {
    token: s.bearer,
    body: { deliveryMethods: [{ type: 'none' }], location: { id: s.locationId }, package: { id: s.packageId }, requester: { email: 'der@example.com' } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; services: Array<{ id: string }> };
}
async function resultOf(s: Sandbox, order: { id: string; services: Array<{ id: string }> }, status: string) {
  for (const service of order.services)
    expect((await call('POST', `/api/v2/orders/${order.id}/services/${service.id}/events`, { token: s.bearer, body: { status } })).status).toBe(200);
}

interface ActionRow {
  type: string;
  status: string;
  severity: string;
  citation: string | null;
  subject_object: string;
  subject_id: string;
  due_at: string | Date | null;
}
const actionsOf = async (subjectId: string) =>
  rowsOf<ActionRow>(await db().execute(sql`select type, status, severity, citation, subject_object, subject_id, due_at from actions where subject_id = ${subjectId} order by created_at`));
const dueEvents = async (planId: string) =>
  rowsOf<{ payload: { data: { test: { id: string; dueOn: string } } } }>(
    await db().execute(sql`select payload from events where type = 'followUpTest.due' and payload->'data'->'followUpPlan'->>'id' = ${planId} order by created_at`),
  );

let s: Sandbox;
let employee: EmployeeFixture;
let rtdId: string;
beforeAll(async () => {
  s = await sandboxTenant();
  employee = await createEmployee({ bearer: s.bearer, companyId: s.companyId });
  rtdId = (await employeeOrder(s.bearer, employee, { body: { location: { id: s.locationId }, package: { id: s.packageId } } })).id;
});

describe('a plan stepped through its year on the sandbox clock', () => {
  it('tests fall due on their days; a cancelled and an expired order are made up within 14 days; the sixth result completes the plan', async () => {
    const startsOn = addDays(await today(s), 1);
    const created = await call('POST', `/api/v2/employees/${employee.id}/follow-up-plans`, { token: s.bearer, body: planBody(rtdId, { startsOn, phases: [{ months: 12, tests: 6 }] }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const planId = created.body.id as string;
    expect(created.body.tests.every((t: Test) => t.status === 'scheduled')).toBe(true);

    const outcomes: Array<'cancel' | 'expire'> = [];
    let lastOrderId = '';
    for (let step = 0; step < 12; step++) {
      const plan = await planOf(s, planId);
      if (plan.status === 'completed') break;
      const next = plan.tests.filter((t) => t.status === 'scheduled' || t.status === 'due').sort((a, b) => a.dueOn.localeCompare(b.dueOn))[0];
      // The day before its due day it is not due yet.
      const eve = new Date(`${addDays(next.dueOn, -1)}T12:00:00.000Z`);
      if (eve > (await nowOf(s))) {
        await moveTo(s, eve);
        expect((await planOf(s, planId)).tests.find((t) => t.id === next.id)!.status).toBe('scheduled');
      }
      const noon = new Date(`${next.dueOn}T12:00:00.000Z`);
      if (noon > (await nowOf(s))) await moveTo(s, noon);
      const onItsDay = await planOf(s, planId);
      expect(onItsDay.tests.find((t) => t.id === next.id)!.status).toBe('due');
      // On its day: the action (49 CFR 40.309) and the event, once.
      expect((await actionsOf(planId)).filter((a) => a.type === 'followUpTestDue' && a.status === 'open')).toMatchObject([
        { severity: 'high', citation: '49 CFR 40.309', subject_object: 'followUpPlan' },
      ]);
      expect((await dueEvents(planId)).filter((e) => e.payload.data.test.id === next.id)).toHaveLength(1);
      // No test whose day has not come is due.
      const day = await today(s);
      for (const t of onItsDay.tests) if (t.status === 'scheduled') expect(t.dueOn > day).toBe(true);

      const order = await orderNow(s, planId, next.number);
      expect((await planOf(s, planId)).tests.find((t) => t.id === next.id)).toMatchObject({ status: 'ordered', order: { id: order.id } });
      // Ordering it resolves the actions in the same transaction; another test still due (after the 15-day step) keeps one open.
      const stillDue = (await planOf(s, planId)).tests.some((t) => t.status === 'due');
      expect((await actionsOf(planId)).filter((a) => a.status === 'open').map((a) => a.type)).toEqual(stillDue ? ['followUpTestDue'] : []);
      lastOrderId = order.id;
      if (next.number === 2 && !next.makeUpOf) {
        // Test 2's first order is cancelled: it does not count, a make-up follows.
        expect((await call('PUT', `/api/v2/orders/${order.id}/cancellation`, { token: s.bearer, body: {} })).status).toBe(200);
        outcomes.push('cancel');
        await tick(s);
      } else if (next.number === 3 && !next.makeUpOf) {
        // Test 3's first order expires uncollected (14 days by default).
        await moveTo(s, new Date((await nowOf(s)).getTime() + 15 * DAY));
        expect((await get(`/api/v2/orders/${order.id}`, { token: s.bearer })).body.status).toBe('expired');
        outcomes.push('expire');
      } else {
        await resultOf(s, order, 'negative');
        await tick(s);
        expect((await planOf(s, planId)).tests.find((t) => t.id === next.id)!.status).toBe('completed');
        continue;
      }
      const after = await planOf(s, planId);
      expect(after.tests.find((t) => t.id === next.id)!.status).toBe('missed');
      const makeUp = after.tests.find((t) => t.makeUpOf === next.id)!;
      expect(makeUp).toMatchObject({ number: next.number, order: null });
      const settledOn = await today(s);
      expect(makeUp.windowStart).toBe(addDays(settledOn, 1));
      expect(makeUp.windowEnd).toBe(addDays(settledOn, 14));
      expect(makeUp.dueOn >= makeUp.windowStart && makeUp.dueOn <= makeUp.windowEnd).toBe(true);
    }
    expect(outcomes).toEqual(['cancel', 'expire']);
    const done = await planOf(s, planId);
    expect(done).toMatchObject({ status: 'completed', testsCompleted: 6 });
    expect(done.tests.filter((t) => t.status === 'missed')).toHaveLength(2);
    const audits = rowsOf<{ action: string }>(await db().execute(sql`select action from audit_events where subject_id = ${planId} and action = 'followUpPlan.completed'`));
    expect(audits).toHaveLength(1);
    // An FMCSA plan: the employer reports the completion to the Clearinghouse by the 3rd business day (382.705(b)).
    const [report] = await actionsOf(lastOrderId);
    expect(report).toMatchObject({ type: 'clearinghouseReportDue', status: 'open', citation: '49 CFR 382.705(b)', subject_object: 'order' });
    const completedOn = await today(s);
    const due = new Date(report.due_at!).toISOString().slice(0, 10);
    expect(due > completedOn && due <= addDays(completedOn, 7)).toBe(true);
    // The item is the order's (DESIGN.md 7.5): recording the report resolves the action.
    const completing = (await get(`/api/v2/orders/${lastOrderId}`, { token: s.bearer })).body;
    expect(completing.clearinghouse?.items).toMatchObject([{ kind: 'followUpCompleted', reporter: 'employer', dueAt: new Date(report.due_at!).toISOString(), reportedAt: null }]);
    expect((await call('PUT', `/api/v2/orders/${lastOrderId}/clearinghouse-reports/followUpCompleted`, { token: s.bearer, body: {} })).status).toBe(200);
    expect((await actionsOf(lastOrderId)).map((a) => a.status)).toEqual(['resolved']);
  });
});

describe('followUpTestOverdue', () => {
  it('7 days after its day a test not ordered is overdue (critical); ordering it resolves both actions', async () => {
    const startsOn = addDays(await today(s), 1);
    const created = await call('POST', `/api/v2/employees/${employee.id}/follow-up-plans`, { token: s.bearer, body: planBody(rtdId, { startsOn, phases: [{ months: 12, tests: 6 }] }) });
    const planId = created.body.id as string;
    const first: Test = created.body.tests[0];
    await moveTo(s, new Date(`${addDays(first.dueOn, 6)}T12:00:00.000Z`));
    expect((await actionsOf(planId)).map((a) => a.type)).toEqual(['followUpTestDue']);
    await moveTo(s, new Date(`${addDays(first.dueOn, 7)}T12:00:00.000Z`));
    const open = await actionsOf(planId);
    expect(open.map((a) => [a.type, a.status, a.severity])).toEqual([['followUpTestDue', 'open', 'high'], ['followUpTestOverdue', 'open', 'critical']]);
    await tick(s);
    expect(await actionsOf(planId)).toHaveLength(2);
    await orderNow(s, planId, 1);
    expect((await actionsOf(planId)).map((a) => a.status)).toEqual(['resolved', 'resolved']);
  });
});

describe('pause and resume on the sandbox clock', () => {
  it('every open due day moves by the days the plan was paused; none falls due while paused', async () => {
    const startsOn = addDays(await today(s), 1);
    const created = await call('POST', `/api/v2/employees/${employee.id}/follow-up-plans`, { token: s.bearer, body: planBody(rtdId, { startsOn, phases: [{ months: 12, tests: 6 }] }) });
    const planId = created.body.id as string;
    const before: Test[] = created.body.tests;
    expect((await call('PATCH', `/api/v2/follow-up-plans/${planId}`, { token: s.bearer, body: { status: 'paused' } })).status).toBe(200);
    const pausedOn = await today(s);
    // Past the first due day while paused: nothing falls due.
    await moveTo(s, new Date(`${addDays(before[0].dueOn, 3)}T12:00:00.000Z`));
    expect((await planOf(s, planId)).tests.every((t) => t.status === 'scheduled')).toBe(true);
    const days = Math.round((Date.parse(await today(s)) - Date.parse(pausedOn)) / DAY);
    const resumed = await call('PATCH', `/api/v2/follow-up-plans/${planId}`, { token: s.bearer, body: { status: 'active' } });
    expect(resumed.status).toBe(200);
    resumed.body.tests.forEach((t: Test, i: number) => {
      expect(t.dueOn).toBe(addDays(before[i].dueOn, days));
      expect(t.windowStart).toBe(addDays(before[i].windowStart, days));
      expect(t.windowEnd).toBe(addDays(before[i].windowEnd, days));
      expect(t.status).toBe('scheduled');
    });
  });
});
