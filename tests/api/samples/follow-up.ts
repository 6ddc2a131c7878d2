/** Samples of lib/api/operations/follow-up.ts for the isolation matrix and the fuzz run (see ../operation-samples.ts). */
import { createEmployee, employeeOrder, orderNowBody, planBody } from '../follow-up-fixtures';
import { call } from '../harness';
import type { Fixtures, SampleOf } from '../operation-samples';
import { missing } from './ids';

const plan = (f: Fixtures, tail = '') => ({
  path: `/api/v2/follow-up-plans/${f.followUpPlanId}${tail}`,
  missingPath: `/api/v2/follow-up-plans/${missing}${tail}`,
  companyScoped: true,
});

export const samples = {
  createFollowUpPlan: (f) => ({
    path: `/api/v2/employees/${f.followUpEmployeeId}/follow-up-plans`,
    missingPath: `/api/v2/employees/${missing}/follow-up-plans`,
    body: planBody(f.followUpRtdOrderId),
    companyScoped: true,
  }),
  listFollowUpPlans: (f) => ({
    path: `/api/v2/employees/${f.followUpEmployeeId}/follow-up-plans`,
    missingPath: `/api/v2/employees/${missing}/follow-up-plans`,
    companyScoped: true,
  }),
  getFollowUpPlan: (f) => plan(f),
  // Pausing a paused plan changes nothing: the sample answers 200 every time.
  updateFollowUpPlan: (f) => ({
    path: `/api/v2/follow-up-plans/${f.followUpPausedPlanId}`,
    missingPath: `/api/v2/follow-up-plans/${missing}`,
    body: { status: 'paused' },
    companyScoped: true,
  }),
  orderFollowUpTest: (f) => ({ ...plan(f, '/tests/1/order'), body: orderNowBody({ deliveryMethods: [{ type: 'none' }] }) }),
} satisfies Record<string, SampleOf>;

export async function fixtures(t: string, _base: Fixtures): Promise<Record<string, string>> {
  const employee = await createEmployee();
  const rtd = await employeeOrder(t, employee);
  const made = await call('POST', `/api/v2/employees/${employee.id}/follow-up-plans`, { token: t, body: planBody(rtd.id) });
  if (made.status !== 201) throw new Error(JSON.stringify(made.body));
  // A second plan for the pause sample, so that ordering the first one's test stays possible.
  const paused = await call('POST', `/api/v2/employees/${employee.id}/follow-up-plans`, { token: t, body: planBody(rtd.id) });
  return { followUpEmployeeId: employee.id, followUpRtdOrderId: rtd.id, followUpPlanId: made.body.id, followUpPausedPlanId: paused.body.id };
}
