/**
 * The changes of a plan's tests that more than one operation makes, always in the caller's
 * transaction with the plan row locked: a test falls due (creation, resume, the sweep), an ordered
 * test's order settles (the sweep), the plan completes.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { followUpPlans, followUpTests } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import type { InTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { drawDay, makeUpWindow } from './schedule';
import type { PlanRow, TestRow } from './serialize';

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
  for (const t of rows)
    await auditChange(tx, { action: 'followUpTest.due', subject: { type: 'followUpPlan', id: plan.id }, data: { testId: t.id, number: t.number, dueOn: t.dueOn } });
  return rows;
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

/** The plan completes once every required test is completed. True: it did now. */
export async function completeIfDone(tx: Tx, plan: PlanRow): Promise<boolean> {
  if (plan.status !== 'active' && plan.status !== 'paused') return false;
  const tests = await tx.db.select({ status: followUpTests.status }).from(followUpTests).where(eq(followUpTests.planId, plan.id));
  const completed = tests.filter((t) => t.status === 'completed').length;
  if (completed < plan.testsRequired) return false;
  await tx.db.update(followUpPlans).set({ status: 'completed', pausedAt: null, updatedAt: new Date() }).where(eq(followUpPlans.id, plan.id));
  await auditChange(tx, { action: 'followUpPlan.completed', subject: { type: 'followUpPlan', id: plan.id }, data: { testsCompleted: completed } });
  return true;
}
