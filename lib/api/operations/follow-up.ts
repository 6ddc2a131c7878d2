/**
 * Follow-up testing plans (DESIGN.md 7.3). Scopes (DESIGN.md 7 lists none of the plan's own): a plan
 * belongs to its employee, so reading one is `employee.read` and changing one `employee.write`;
 * "Order now" creates an order and takes `order.create`, as creating any order does.
 */
import { FollowUpPlan } from '@/lib/domain/contract/follow-up';
import { CreateFollowUpPlanBody, ListFollowUpPlansQuery, OrderFollowUpTestBody, UpdateFollowUpPlanBody } from '@/lib/domain/follow-up/schemas';
import * as R from '../representations';
import { pageOf } from '../representations';
import { ok, type OperationSpec } from './spec';

export const followUpOperations = {
  createFollowUpPlan: {
    method: 'POST', path: '/api/v2/employees/{id}/follow-up-plans', scope: 'employee.write', tag: 'followUpPlans', summary: "Create an employee's follow-up plan",
    description:
      'The SAP\'s plan (49 CFR 40.307): `phases` `[{ months, tests }]` with at least 6 tests whose window ends in the first 12 months (400 `tooSmall` at `/phases`) and at most 60 months in all (400 `tooBig` at `/phases`). ' +
      'Each phase\'s calendar months split into as many equal windows (by days) as it has tests; one due day is drawn uniformly at random (CSPRNG) in each. ' +
      '`returnToDutyOrder`: an order of this employee\'s, final and negative (422 `invalidState` at `/returnToDutyOrder/id` otherwise; 404 when unknown). Due days are shown to the employer only.',
    body: CreateFollowUpPlanBody, created: 'followUpPlan',
    responses: { 201: { description: 'Created', schema: FollowUpPlan, headers: { Location: 'Path of the new plan.' } } },
    errors: [400, 404, 413, 422],
  },
  listFollowUpPlans: {
    method: 'GET', path: '/api/v2/employees/{id}/follow-up-plans', scope: 'employee.read', tag: 'followUpPlans', summary: "List an employee's follow-up plans",
    description: 'Newest first, each with its tests.',
    query: ListFollowUpPlansQuery, responses: ok(pageOf(FollowUpPlan, 'FollowUpPlan')), errors: [400, 404],
  },
  getFollowUpPlan: {
    method: 'GET', path: '/api/v2/follow-up-plans/{id}', scope: 'employee.read', tag: 'followUpPlans', summary: 'Get a follow-up plan',
    responses: ok(FollowUpPlan), errors: [404],
  },
  updateFollowUpPlan: {
    method: 'PATCH', path: '/api/v2/follow-up-plans/{id}', scope: 'employee.write', tag: 'followUpPlans', summary: 'Pause, resume or cancel a follow-up plan',
    description:
      '`paused`: no test falls due; `active` (from paused): every open test (scheduled or due) moves by the whole days the plan was paused, window and due day alike; ' +
      '`cancelled`: the open tests are cancelled. A completed or cancelled plan no longer changes (422 `invalidState` at `/status`).',
    body: UpdateFollowUpPlanBody, responses: ok(FollowUpPlan), errors: [400, 404, 413, 422],
  },
  orderFollowUpTest: {
    method: 'POST', path: '/api/v2/follow-up-plans/{id}/tests/{number}/order', scope: 'order.create', tag: 'followUpPlans', summary: 'Order a follow-up test now',
    description:
      'Creates the order of the plan\'s open test `number` (scheduled or due; a make-up test keeps its number) as `POST /api/v2/orders` does, with `testReason: followUp`, the employee as participant ' +
      'and, for a package with a DOT service, the plan\'s agency unless `agency` is given. Observed collection is the rule (49 CFR 40.67(b)). The test becomes `ordered`; ' +
      'when its order settles it counts (a result) or is made up within 14 days (cancelled, expired, no-show). 422 `invalidState` when the plan is not active or the test has no open test to order.',
    body: OrderFollowUpTestBody, idempotent: true, created: 'order',
    responses: { 201: { description: 'Created', schema: R.Order, headers: { Location: 'Path of the new order.' } } },
    errors: [400, 404, 409, 413, 422, 429],
  },
} satisfies Record<string, OperationSpec>;
