/**
 * The follow-up sweep (DESIGN.md 7.3), on each tenant's clock: run by the worker's round
 * (lib/worker/expiry-loop.ts) and by the sandbox clock's PUT before it answers.
 *
 * 1. Ordered tests whose order has settled: `completed` (a result), or `missed` with a make-up test
 *    (cancelled, expired, no-show: transitions.ts). Orders sit below this module in the domain's
 *    order, so the order's own change cannot reach the plan; the sweep does, within a round.
 * 2. Tests of active plans whose day has come fall `due`.
 * Each plan is taken in a transaction of its own, its row locked (`FOR UPDATE SKIP LOCKED`: two
 * workers never handle one plan at once) and its tests re-read under the lock.
 */
import { and, eq, inArray, lte, notInArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { followUpPlans, followUpTests, orders } from '@/lib/db/schema';
import { makeCtx, systemPrincipal } from '@/lib/domain/context';
import { OPEN_ORDER_STATUSES } from '@/lib/domain/order-model/status';
import { withTransaction } from '@/lib/domain/transaction';
import { completeIfDone, fallDue, OVERDUE_DAYS, raiseOverdueAction, settleTest } from './transitions';
import { addDays, dayOf } from './windows';

export interface FollowUpSweepResult {
  due: number;
  completed: number;
  missed: number;
  plansCompleted: number;
}

export async function runFollowUpSweep(args: { db: Db; now: Date; tenantId?: string; exceptTenantIds?: string[]; limit?: number }): Promise<FollowUpSweepResult> {
  const { db, now } = args;
  const today = dayOf(now);
  const limit = args.limit ?? 100;
  const scope = and(
    args.tenantId ? eq(followUpTests.tenantId, args.tenantId) : undefined,
    args.exceptTenantIds?.length ? notInArray(followUpTests.tenantId, args.exceptTenantIds) : undefined,
  );
  const settled = await db
    .selectDistinct({ planId: followUpTests.planId, tenantId: followUpTests.tenantId })
    .from(followUpTests)
    .innerJoin(orders, eq(orders.id, followUpTests.orderId))
    .where(and(scope, eq(followUpTests.status, 'ordered'), notInArray(orders.status, [...OPEN_ORDER_STATUSES])))
    .limit(limit);
  const falling = await db
    .selectDistinct({ planId: followUpTests.planId, tenantId: followUpTests.tenantId })
    .from(followUpTests)
    .innerJoin(followUpPlans, eq(followUpPlans.id, followUpTests.planId))
    .where(and(scope, eq(followUpTests.status, 'scheduled'), lte(followUpTests.dueOn, today), eq(followUpPlans.status, 'active')))
    .limit(limit);
  // Due tests of active plans not ordered 7 days after their day (the action's dedupe keeps it to once per test).
  const overdueBefore = addDays(today, -OVERDUE_DAYS);
  const overdue = await db
    .selectDistinct({ planId: followUpTests.planId, tenantId: followUpTests.tenantId })
    .from(followUpTests)
    .innerJoin(followUpPlans, eq(followUpPlans.id, followUpTests.planId))
    .where(and(scope, eq(followUpTests.status, 'due'), lte(followUpTests.dueOn, overdueBefore), eq(followUpPlans.status, 'active')))
    .limit(limit);
  const result: FollowUpSweepResult = { due: 0, completed: 0, missed: 0, plansCompleted: 0 };
  const plans = new Map([...settled, ...falling, ...overdue].map((p) => [p.planId, p.tenantId]));
  for (const [planId, tenantId] of plans) {
    const ctx = makeCtx(systemPrincipal('follow-up', { tenantId, companyIds: [] }), db);
    await withTransaction(ctx, async (tx) => {
      const [plan] = await tx.db.select().from(followUpPlans).where(eq(followUpPlans.id, planId)).for('update', { skipLocked: true });
      if (!plan) return;
      const tests = await tx.db.select().from(followUpTests).where(eq(followUpTests.planId, planId));
      const ordered = tests.filter((t) => t.status === 'ordered' && t.orderId);
      const orderStatuses = ordered.length
        ? await tx.db.select({ id: orders.id, status: orders.status }).from(orders).where(inArray(orders.id, ordered.map((t) => t.orderId!)))
        : [];
      let lastCompletedOrder: string | null = null;
      for (const t of ordered) {
        const status = orderStatuses.find((o) => o.id === t.orderId)?.status;
        if (!status || (OPEN_ORDER_STATUSES as readonly string[]).includes(status)) continue;
        const { completed, makeUp } = await settleTest(tx, plan, t, status, today);
        if (completed) {
          result.completed++;
          lastCompletedOrder = t.orderId;
        } else result.missed++;
        if (makeUp) tests.push(makeUp);
      }
      if (lastCompletedOrder && (await completeIfDone(tx, plan, now, lastCompletedOrder))) {
        result.plansCompleted++;
        return;
      }
      result.due += (await fallDue(tx, plan, tests, today)).length;
      if (plan.status === 'active')
        for (const t of tests) if (t.status === 'due' && t.dueOn <= overdueBefore) await raiseOverdueAction(tx, plan, t);
    });
  }
  return result;
}

/** For a sweep's log line: anything happened. */
export const sweptAnything = (r: FollowUpSweepResult) => r.due + r.completed + r.missed + r.plansCompleted > 0;
