/**
 * The employee page's "Follow-up plan" section (DESIGN.md 7.3): each plan with its progress and
 * tests. Presentational: the page reads the plans (`listFollowUpPlans`) and decides `showDueDays`
 * from the viewer's role. Due days are the employer's alone: with `showDueDays` false only the
 * windows' progress shows, never a day.
 */
import Link from 'next/link';
import type { FollowUpPlan, FollowUpTest } from '@/lib/api/representations';
import { Badge, type Tone } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';

const PLAN_TONES: Record<FollowUpPlan['status'], Tone> = { active: 'brand', paused: 'warning', completed: 'success', cancelled: 'muted' };
const TEST_TONES: Record<FollowUpTest['status'], Tone> = {
  scheduled: 'neutral',
  due: 'warning',
  ordered: 'info',
  completed: 'success',
  missed: 'danger',
  cancelled: 'muted',
};

function Progress({ done, of }: { done: number; of: number }) {
  const pct = of === 0 ? 0 : Math.round((done / of) * 100);
  return (
    <div className="flex items-center gap-3" data-testid="follow-up-progress">
      <div className="h-2 w-40 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800" role="progressbar" aria-valuemin={0} aria-valuemax={of} aria-valuenow={done}>
        <div className="h-full bg-brand-600" style={{ width: `${pct}%` }} />
      </div>
      <span className="text-sm text-slate-700 dark:text-slate-300">
        {done} of {of} tests
      </span>
    </div>
  );
}

export function FollowUpPlanPanel({ plans, showDueDays }: { plans: readonly FollowUpPlan[]; showDueDays: boolean }) {
  return (
    <Card aria-labelledby="follow-up-plan-title" data-testid="follow-up-plan-panel">
      <CardHeader id="follow-up-plan-title" title="Follow-up plan" description="Tests the SAP directed after a violation (49 CFR 40.307). Due days are drawn at random and never shown to the employee." />
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
            </div>
            <table className="w-full text-left text-sm">
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
                  <tr key={t.id} className="border-t border-slate-100 dark:border-slate-800">
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
                    <td className="py-1">{t.order ? <Link className="text-brand-700 hover:underline dark:text-brand-300" href={`/orders/${t.order.id}`}>Open</Link> : '—'}</td>
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
