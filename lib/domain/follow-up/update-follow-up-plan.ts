/**
 * `PATCH /api/v2/follow-up-plans/{id}` `{ status }` (DESIGN.md 7.3): pause, resume, cancel. A pause
 * stops the clock of the plan: on resume every open test (scheduled or due) moves by the whole
 * days it was paused, window and due day alike, so the days stay as unpredictable as drawn.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { followUpPlans, followUpTests } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import { tenantNow } from '@/lib/domain/clock';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';
import { plansWithTests, visiblePlan } from './queries';
import { pausedDays, shiftTest } from './schedule';
import type { UpdateFollowUpPlanBody } from './schemas';
import type { FollowUpPlan } from './serialize';
import { fallDue, raiseDueAction, resolveDueActions } from './transitions';
import { dayOf } from './windows';

const OPEN_TEST_STATUSES = ['scheduled', 'due'];

export async function updateFollowUpPlan({ ctx, id, input }: { ctx: Ctx; id: string; input: UpdateFollowUpPlanBody }): Promise<FollowUpPlan> {
  return withTransaction(ctx, async (tx) => {
    const [plan] = await tx.db.select().from(followUpPlans).where(and(visiblePlan(ctx), eq(followUpPlans.id, id))).for('update');
    if (!plan) throw notFound('Follow-up plan');
    if (plan.status === input.status) return (await plansWithTests(tx.db, [plan]))[0];
    if (plan.status === 'completed' || plan.status === 'cancelled')
      throw new DomainError('invalidState', `The plan is ${plan.status}; its status no longer changes.`, { pointer: '/status', meta: { status: plan.status } });
    const now = await tenantNow(tx);
    const today = dayOf(now);
    const tests = await tx.db.select().from(followUpTests).where(eq(followUpTests.planId, id));
    const open = tests.filter((t) => OPEN_TEST_STATUSES.includes(t.status));
    let shiftedDays = 0;
    if (input.status === 'paused') {
      await tx.db.update(followUpPlans).set({ status: 'paused', pausedAt: now, updatedAt: new Date() }).where(eq(followUpPlans.id, id));
    } else if (input.status === 'cancelled') {
      if (open.length)
        await tx.db.update(followUpTests).set({ status: 'cancelled', updatedAt: new Date() }).where(inArray(followUpTests.id, open.map((t) => t.id)));
      await tx.db.update(followUpPlans).set({ status: 'cancelled', pausedAt: null, updatedAt: new Date() }).where(eq(followUpPlans.id, id));
    } else {
      // paused → active: the open tests move by the paused time; a due test whose day now lies ahead is scheduled again.
      shiftedDays = pausedDays(dayOf(plan.pausedAt ?? now), today);
      for (const t of open) {
        const moved = shiftTest(t, shiftedDays);
        await tx.db
          .update(followUpTests)
          .set({ ...moved, status: moved.dueOn > today ? 'scheduled' : t.status, updatedAt: new Date() })
          .where(eq(followUpTests.id, t.id));
      }
      await tx.db.update(followUpPlans).set({ status: 'active', pausedAt: null, updatedAt: new Date() }).where(eq(followUpPlans.id, id));
    }
    await auditChange(tx, { action: 'followUpPlan.updated', subject: { type: 'followUpPlan', id }, data: { from: plan.status, to: input.status, ...(shiftedDays ? { shiftedDays } : {}) } });
    const [after] = await tx.db.select().from(followUpPlans).where(eq(followUpPlans.id, id));
    if (after.status === 'active') {
      const fell = await fallDue(tx, after, await tx.db.select().from(followUpTests).where(eq(followUpTests.planId, id)), today);
      // Tests that stayed due across the pause are due again in the action center.
      if (fell.length === 0) await raiseDueAction(tx, after, await tx.db.select().from(followUpTests).where(and(eq(followUpTests.planId, id), eq(followUpTests.status, 'due'))));
    } else await resolveDueActions(tx, after);
    return (await plansWithTests(tx.db, [after]))[0];
  });
}
