/** The follow-up plan representation (lib/domain/contract/follow-up.ts) from its rows. */
import { followUpPlans, followUpTests } from '@/lib/db/schema';
import { followUpPlanUrl, type FollowUpPlan, type FollowUpTest } from '@/lib/domain/contract/follow-up';
import { agencyRef, API, iso, isoOrNull } from '@/lib/domain/contract/representation';

export type { FollowUpPlan };
export type PlanRow = typeof followUpPlans.$inferSelect;
export type TestRow = typeof followUpTests.$inferSelect;

export function serializeTest(t: TestRow): FollowUpTest {
  return {
    id: t.id,
    object: 'followUpTest',
    number: t.number,
    windowStart: t.windowStart,
    windowEnd: t.windowEnd,
    dueOn: t.dueOn,
    status: t.status as FollowUpTest['status'],
    makeUpOf: t.makeUpOfId,
    order: t.orderId ? { id: t.orderId, object: 'order', url: `${API}/orders/${t.orderId}` } : null,
  };
}

/** Tests by number, each make-up after the test it makes up (by creation). */
const byNumber = (a: TestRow, b: TestRow) => a.number - b.number || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);

export function serializePlan(p: PlanRow, tests: readonly TestRow[], agency: { id: string; code: string } | null): FollowUpPlan {
  return {
    id: p.id,
    object: 'followUpPlan',
    url: followUpPlanUrl(p.id),
    employee: { id: p.employeeId, object: 'employee', url: `${API}/employees/${p.employeeId}` },
    company: { id: p.companyId, object: 'company', url: `${API}/companies/${p.companyId}` },
    agency: agency ? agencyRef(agency) : null,
    sap: { name: p.sap.name, email: p.sap.email ?? null, phone: p.sap.phone ?? null },
    returnToDutyOrder: { id: p.returnToDutyOrderId, object: 'order', url: `${API}/orders/${p.returnToDutyOrderId}` },
    startsOn: p.startsOn,
    phases: p.phases.map((ph) => ({ months: ph.months, tests: ph.tests })),
    substances: p.substances as FollowUpPlan['substances'],
    status: p.status as FollowUpPlan['status'],
    testsRequired: p.testsRequired,
    testsCompleted: tests.filter((t) => t.status === 'completed').length,
    pausedAt: p.status === 'paused' ? isoOrNull(p.pausedAt) : null,
    tests: [...tests].sort(byNumber).map(serializeTest),
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
  };
}
