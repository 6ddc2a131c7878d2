/**
 * The changes of a plan's tests that more than one operation makes, always in the caller's
 * transaction with the plan row locked: a test falls due (creation, resume, the sweep), an ordered
 * test's order settles (the sweep), the plan completes.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { actions, agencies, followUpPlans, followUpTests, locations, orders } from '@/lib/db/schema';
import { raiseAction, resolveActions } from '@/lib/domain/actions';
import { auditChange } from '@/lib/domain/audit';
import { API } from '@/lib/domain/contract/representation';
import { followUpPlanUrl } from '@/lib/domain/contract/follow-up';
import type { Ctx } from '@/lib/domain/context';
import type { InTransaction } from '@/lib/domain/transaction';
import { emitEvent } from '@/lib/domain/webhook-endpoints/fan-out';
import { zoneOf } from '@/lib/domain/clinics/hours';
import type { ClearinghouseItem } from '@/lib/domain/contract/result-details';
import { CLEARINGHOUSE_AGENCY, CLEARINGHOUSE_REPORTERS, clearinghouseItems } from '@/lib/domain/order-model/clearinghouse';
import { storeOrderDocuments } from '@/lib/domain/order-model/documents';
import { RESULT_ACTIONS } from '@/lib/domain/results/action-types';
import { newId } from '@/lib/ids';
import { drawDay, makeUpWindow } from './schedule';
import type { PlanRow, TestRow } from './serialize';
import { addDays } from './windows';

export type Tx = InTransaction<Ctx>;

/**
 * Orders that do not count (DESIGN.md 7.3; PROGRAM-FACTS: "a cancelled follow-up test does not
 * count and must be recollected"): cancelled, expired, a no-show, and an MRO's or lab's cancelled or
 * lost test. Every other final status is a result and counts.
 */
export const NOT_COUNTED_ORDER_STATUSES = ['cancelled', 'expired', 'noShow', 'testCancelled', 'lostInTransit'] as const;

/** Tests of an active plan whose day has come: `scheduled` → `due`. */
export async function fallDue(tx: Tx, plan: PlanRow, tests: readonly TestRow[], today: string): Promise<TestRow[]> {
  if (plan.status !== 'active') return [];
  const due = tests.filter((t) => t.status === 'scheduled' && t.dueOn <= today);
  if (due.length === 0) return [];
  const now = new Date();
  const rows = await tx.db
    .update(followUpTests)
    .set({ status: 'due', updatedAt: now })
    .where(and(eq(followUpTests.planId, plan.id), inArray(followUpTests.id, due.map((t) => t.id))))
    .returning();
  for (const t of rows) {
    await auditChange(tx, { action: 'followUpTest.due', subject: { type: 'followUpPlan', id: plan.id }, data: { testId: t.id, number: t.number, dueOn: t.dueOn } });
    await emitEvent(tx, {
      tenantId: plan.tenantId,
      type: 'followUpTest.due',
      companyId: plan.companyId,
      data: {
        followUpPlan: { id: plan.id, object: 'followUpPlan', url: followUpPlanUrl(plan.id) },
        employee: { id: plan.employeeId, object: 'employee', url: `${API}/employees/${plan.employeeId}` },
        test: { id: t.id, number: t.number, dueOn: t.dueOn, makeUpOf: t.makeUpOfId },
      },
    });
  }
  await raiseDueAction(tx, plan, rows);
  return rows;
}

/**
 * The action center's follow-up types (DESIGN.md 7.4; the types table's `followUpTestDue` and
 * `followUpTestOverdue`, 49 CFR 40.309), one open per type and plan: the earliest due test names it.
 */
export const FOLLOW_UP_CITATION = '49 CFR 40.309';
/** A due test not ordered 7 days after its day is overdue (DESIGN.md 7.4). */
export const OVERDUE_DAYS = 7;
const startOf = (d: string) => new Date(`${d}T00:00:00.000Z`);

/** Raises `followUpTestDue` for the earliest of `due` (nothing when one is open for the plan). */
export async function raiseDueAction(tx: Tx, plan: PlanRow, due: readonly TestRow[]): Promise<void> {
  const first = [...due].sort((a, b) => a.dueOn.localeCompare(b.dueOn))[0];
  if (!first) return;
  await raiseAction(tx.db, {
    tenantId: plan.tenantId,
    type: 'followUpTestDue',
    severity: 'high',
    title: `Follow-up test ${first.number} is due: order it`,
    subject: { object: 'followUpPlan', id: plan.id },
    companyId: plan.companyId,
    dueAt: startOf(first.dueOn),
    citation: FOLLOW_UP_CITATION,
  });
}

/** Raises `followUpTestOverdue` once per test: never again for a test whose overdue action was dismissed. */
export async function raiseOverdueAction(tx: Tx, plan: PlanRow, test: TestRow): Promise<void> {
  const dueAt = startOf(addDays(test.dueOn, OVERDUE_DAYS));
  const [before] = await tx.db
    .select({ id: actions.id })
    .from(actions)
    .where(and(eq(actions.tenantId, plan.tenantId), eq(actions.type, 'followUpTestOverdue'), eq(actions.subjectObject, 'followUpPlan'), eq(actions.subjectId, plan.id), eq(actions.dueAt, dueAt)));
  if (before) return;
  await raiseAction(tx.db, {
    tenantId: plan.tenantId,
    type: 'followUpTestOverdue',
    severity: 'critical',
    title: `Follow-up test ${test.number} is ${OVERDUE_DAYS} days overdue: order it`,
    subject: { object: 'followUpPlan', id: plan.id },
    companyId: plan.companyId,
    dueAt,
    citation: FOLLOW_UP_CITATION,
  });
}

/** Resolves the plan's open due and overdue actions (the test was ordered, the plan paused or cancelled). */
export async function resolveDueActions(tx: Tx, plan: PlanRow): Promise<void> {
  for (const type of ['followUpTestDue', 'followUpTestOverdue'])
    await resolveActions(tx.db, { tenantId: plan.tenantId, type, subject: { object: 'followUpPlan', id: plan.id }, by: tx.actor });
}

/** An ordered test whose order settled: `completed`, or `missed` with a make-up test drawn in the next 14 days. */
export async function settleTest(tx: Tx, plan: PlanRow, test: TestRow, orderStatus: string, today: string): Promise<{ completed: boolean; makeUp: TestRow | null }> {
  const now = new Date();
  if (!(NOT_COUNTED_ORDER_STATUSES as readonly string[]).includes(orderStatus)) {
    await tx.db.update(followUpTests).set({ status: 'completed', updatedAt: now }).where(eq(followUpTests.id, test.id));
    await auditChange(tx, { action: 'followUpTest.completed', subject: { type: 'followUpPlan', id: plan.id }, data: { testId: test.id, number: test.number, orderId: test.orderId, orderStatus } });
    return { completed: true, makeUp: null };
  }
  await tx.db.update(followUpTests).set({ status: 'missed', updatedAt: now }).where(eq(followUpTests.id, test.id));
  if (plan.status === 'cancelled' || plan.status === 'completed') {
    // A plan that is over draws no make-up.
    await auditChange(tx, { action: 'followUpTest.missed', subject: { type: 'followUpPlan', id: plan.id }, data: { testId: test.id, number: test.number, orderId: test.orderId, orderStatus } });
    return { completed: false, makeUp: null };
  }
  const window = makeUpWindow(today);
  const [makeUp] = await tx.db
    .insert(followUpTests)
    .values({
      id: newId(),
      tenantId: plan.tenantId,
      planId: plan.id,
      number: test.number,
      windowStart: window.start,
      windowEnd: window.end,
      dueOn: drawDay(window.start, window.end),
      status: 'scheduled',
      makeUpOfId: test.id,
    })
    .returning();
  await auditChange(tx, {
    action: 'followUpTest.missed',
    subject: { type: 'followUpPlan', id: plan.id },
    data: { testId: test.id, number: test.number, orderId: test.orderId, orderStatus, makeUpTestId: makeUp.id },
  });
  return { completed: false, makeUp };
}

/** The plan completes once every required test is completed (`lastOrderId`: the order that completed it). True: it did now. */
export async function completeIfDone(tx: Tx, plan: PlanRow, now: Date, lastOrderId: string | null): Promise<boolean> {
  if (plan.status !== 'active' && plan.status !== 'paused') return false;
  const tests = await tx.db.select({ status: followUpTests.status }).from(followUpTests).where(eq(followUpTests.planId, plan.id));
  const completed = tests.filter((t) => t.status === 'completed').length;
  if (completed < plan.testsRequired) return false;
  await tx.db.update(followUpPlans).set({ status: 'completed', pausedAt: null, updatedAt: new Date() }).where(eq(followUpPlans.id, plan.id));
  await auditChange(tx, { action: 'followUpPlan.completed', subject: { type: 'followUpPlan', id: plan.id }, data: { testsCompleted: completed } });
  await resolveDueActions(tx, plan);
  if (lastOrderId) await addClearinghouseItem(tx, plan, lastOrderId, now);
  return true;
}

/**
 * FMCSA (49 CFR 382.705(b)): the employer reports the date follow-up testing was completed to the
 * Clearinghouse by the close of the 3rd business day. The item joins the Clearinghouse items of the
 * order whose result completed the plan (DESIGN.md 7.5), so `PUT /api/v2/orders/{id}/clearinghouse-
 * reports/followUpCompleted` records it and resolves the action, as for any employer item.
 */
async function addClearinghouseItem(tx: Tx, plan: PlanRow, orderId: string, now: Date): Promise<void> {
  if (!plan.agencyId) return;
  const [agency] = await tx.db.select({ code: agencies.code }).from(agencies).where(eq(agencies.id, plan.agencyId));
  if (agency?.code !== CLEARINGHOUSE_AGENCY) return;
  const [order] = await tx.db
    .select({ clearinghouse: orders.clearinghouse, state: locations.state })
    .from(orders)
    .leftJoin(locations, eq(locations.id, orders.locationId))
    .where(and(eq(orders.tenantId, plan.tenantId), eq(orders.id, orderId)))
    .for('update', { of: orders });
  if (!order) return;
  const items = (order.clearinghouse?.items ?? []) as ClearinghouseItem[];
  if (items.some((i) => i.kind === 'followUpCompleted')) return;
  const [item] = clearinghouseItems([{ kind: 'followUpCompleted', reporter: CLEARINGHOUSE_REPORTERS.followUpCompleted }], now, zoneOf(order.state ?? null) ?? 'America/New_York');
  await tx.db.update(orders).set({ clearinghouse: { items: [...items, item] }, updatedAt: new Date() }).where(eq(orders.id, orderId));
  await storeOrderDocuments(tx.db, [orderId]);
  const def = RESULT_ACTIONS.clearinghouseReportDue;
  await raiseAction(tx.db, {
    tenantId: plan.tenantId,
    type: def.type,
    severity: def.severity,
    citation: def.citation,
    title: 'Report the completed follow-up testing to the FMCSA Clearinghouse',
    subject: { object: 'order', id: orderId },
    companyId: plan.companyId,
    dueAt: new Date(item.dueAt!),
  });
}
