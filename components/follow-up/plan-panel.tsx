/**
 * The employee page's "Follow-up plan" section (DESIGN.md 7.3): each plan with its progress and
 * tests. Presentational: the page reads the plans (`listFollowUpPlans`) and decides `showDueDays`
 * from the viewer's role. Due days are the employer's alone: with `showDueDays` false only the
 * windows' progress shows, never a day. What the viewer's scopes allow comes from the page too:
 * `create` (the plan form, employee.write), `manage` (pause and resume, employee.write) and
 * `orderNow` (order.create: each plan's "Order now" request, null when its return-to-duty order
 * gives no location or package). An ordered test shows its order's code (`orderCodes`).
 */
import type { ReactNode } from 'react';
import Link from 'next/link';
import type { FollowUpPlan, FollowUpTest } from '@/lib/api/representations';
import { Badge, type Tone } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { OrderNowButton, PlanStatusButton, type OrderNowRequest } from './plan-controls';

const PLAN_TONES: Record<FollowUpPlan['status'], Tone> = { active: 'brand', paused: 'warning', completed: 'success', cancelled: 'muted' };
const TEST_TONES: Record<FollowUpTest['status'], Tone> = {
  scheduled: 'neutral',
  due: 'warning',
  ordered: 'info',
  completed: 'success',
  missed: 'danger',
  cancelled: 'muted',
};

/** An ordered test's order (its code, linking to it), or "Order now" on a due test for a role that may order. */
function TestOrder({ test, code, request, planId }: { test: FollowUpTest; code: string | undefined; request: OrderNowRequest | null | undefined; planId: string }) {
  if (test.order)
    return (
      <Link className="font-mono font-semibold text-brand-700 hover:underline dark:text-brand-300" href={`/orders/${test.order.id}`} data-testid="follow-up-order">
        {code ?? 'Open the order'}
      </Link>
    );
  if (request) return <OrderNowButton planId={planId} number={test.number} request={request} />;
  return <>—</>;
}

function Progress({ done, of }: { done: number; of: number }) {
  const pct = of === 0 ? 0 : Math.round((done / of) * 100);
  return (
    <div className="flex items-center gap-3" data-testid="follow-up-progress">
      <div className="h-2 w-40 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800" role="progressbar" aria-label="Follow-up tests completed" aria-valuemin={0} aria-valuemax={of} aria-valuenow={done}>
        <div className="h-full bg-brand-600" style={{ width: `${pct}%` }} />
      </div>
      <span className="text-sm text-slate-700 dark:text-slate-300">
        {done} of {of} tests
      </span>
    </div>
  );
}

export function FollowUpPlanPanel({
  plans,
  showDueDays,
  create,
  manage = false,
  orderNow,
  orderCodes = {},
}: {
  plans: readonly FollowUpPlan[];
  showDueDays: boolean;
  /** The "Create follow-up plan" form, for a role that may create one. */
  create?: ReactNode;
  manage?: boolean;
  /** Per plan id, what "Order now" orders; absent without order.create. */
  orderNow?: Readonly<Record<string, OrderNowRequest | null>>;
  /** The code of each order the tests name, by order id. */
  orderCodes?: Readonly<Record<string, string>>;
}) {
  return (
    <Card aria-labelledby="follow-up-plan-title" data-testid="follow-up-plan-panel">
      <CardHeader
        id="follow-up-plan-title"
        title="Follow-up plan"
        description="Tests the SAP directed after a violation (49 CFR 40.307). Due days are drawn at random and never shown to the employee."
        actions={create}
      />
      <CardBody className="space-y-6">
        {plans.length === 0 ? <p className="text-sm text-slate-500">No follow-up plan.</p> : null}
        {plans.map((plan) => (
          <div key={plan.id} className="space-y-3" data-testid="follow-up-plan">
            <div className="flex flex-wrap items-center gap-3">
              <Badge tone={PLAN_TONES[plan.status]} dot>
                {plan.status}
              </Badge>
              <Progress done={plan.testsCompleted} of={plan.testsRequired} />
              <span className="text-sm text-slate-500">
                From {plan.startsOn} · {plan.phases.map((p) => `${p.tests} tests in ${p.months} months`).join(', then ')} · {plan.substances.join(' and ')} · SAP {plan.sap.name}
              </span>
              {manage && (plan.status === 'active' || plan.status === 'paused') ? <PlanStatusButton planId={plan.id} status={plan.status} /> : null}
            </div>
            {orderNow && plan.status === 'active' && orderNow[plan.id] === null && plan.tests.some((t) => t.status === 'due') ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">A test is due: place its order from the return-to-duty order&apos;s location and package on the new order page.</p>
            ) : null}
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Tests of the plan from {plan.startsOn}</caption>
              <thead className="text-xs uppercase text-slate-500">
                <tr>
                  <th className="py-1 pr-3">Test</th>
                  <th className="py-1 pr-3">Window</th>
                  {showDueDays ? <th className="py-1 pr-3">Due on</th> : null}
                  <th className="py-1 pr-3">Status</th>
                  <th className="py-1">Order</th>
                </tr>
              </thead>
              <tbody>
                {plan.tests.map((t) => (
                  <tr key={t.id} className="border-t border-slate-100 dark:border-slate-800" data-testid="follow-up-test" data-status={t.status}>
                    <td className="py-1 pr-3">
                      {t.number}
                      {t.makeUpOf ? ' (make-up)' : ''}
                    </td>
                    <td className="py-1 pr-3 tabular-nums">
                      {t.windowStart} – {t.windowEnd}
                    </td>
                    {showDueDays ? <td className="py-1 pr-3 tabular-nums">{t.dueOn}</td> : null}
                    <td className="py-1 pr-3">
                      <Badge tone={TEST_TONES[t.status]}>{t.status}</Badge>
                    </td>
                    <td className="py-1">
                      <TestOrder test={t} code={t.order ? orderCodes[t.order.id] : undefined} request={plan.status === 'active' && t.status === 'due' ? orderNow?.[plan.id] : null} planId={plan.id} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </CardBody>
    </Card>
  );
}
