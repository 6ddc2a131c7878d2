/**
 * `POST /api/v2/employees/{id}/follow-up-plans` (DESIGN.md 7.3): the SAP's plan under an employee,
 * with every test's window and a due day drawn in it (schedule.ts), in one transaction.
 */
import { and, eq } from 'drizzle-orm';
import { agencies, followUpPlans, followUpTests, orders } from '@/lib/db/schema';
import { visibleOrder } from '@/lib/domain/access';
import { auditChange } from '@/lib/domain/audit';
import { tenantNow } from '@/lib/domain/clock';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { plansWithTests, visibleEmployee } from './queries';
import { schedulePlan } from './schedule';
import type { CreateFollowUpPlanBody } from './schemas';
import type { FollowUpPlan } from './serialize';
import { fallDue } from './transitions';
import { dayOf } from './windows';

export async function createFollowUpPlan({ ctx, employeeId, input }: { ctx: Ctx; employeeId: string; input: CreateFollowUpPlanBody }): Promise<{ followUpPlan: FollowUpPlan; matched: null }> {
  const employee = await visibleEmployee(ctx, employeeId, { manage: true });
  let agencyId = employee.agencyId;
  if (input.agency) {
    const [agency] = await ctx.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, input.agency.id));
    if (!agency) throw new DomainError('invalidValue', 'agency must be one of the agencies of the list-agencies operation.', { pointer: '/agency/id' });
    agencyId = agency.id;
  }
  const [rtd] = await ctx.db
    .select({ id: orders.id, employeeId: orders.employeeId, status: orders.status, testReason: orders.testReason })
    .from(orders)
    .where(and(visibleOrder(ctx), eq(orders.id, input.returnToDutyOrder.id)));
  if (!rtd) throw notFound('Order', '/returnToDutyOrder/id');
  if (rtd.employeeId !== employee.id)
    throw new DomainError('invalidState', "returnToDutyOrder must be an order of this employee's.", { pointer: '/returnToDutyOrder/id' });
  if (rtd.status !== 'negative')
    throw new DomainError('invalidState', `returnToDutyOrder must be final and negative; it is ${rtd.status}.`, { pointer: '/returnToDutyOrder/id', meta: { status: rtd.status } });

  const scheduled = schedulePlan(input.startsOn, input.phases);
  const testsRequired = scheduled.length;
  return withTransaction(ctx, async (tx) => {
    const today = dayOf(await tenantNow(tx));
    const [plan] = await tx.db
      .insert(followUpPlans)
      .values({
        id: newId(),
        tenantId: ctx.tenantId,
        companyId: employee.companyId,
        employeeId: employee.id,
        agencyId,
        sap: { name: input.sap.name, email: input.sap.email ?? null, phone: input.sap.phone ?? null },
        returnToDutyOrderId: rtd.id,
        startsOn: input.startsOn,
        phases: input.phases,
        substances: input.substances,
        status: 'active',
        testsRequired,
      })
      .returning();
    const tests = await tx.db
      .insert(followUpTests)
      .values(scheduled.map((s) => ({ id: newId(), tenantId: ctx.tenantId, planId: plan.id, number: s.number, windowStart: s.start, windowEnd: s.end, dueOn: s.dueOn, status: 'scheduled' })))
      .returning();
    await auditChange(tx, {
      action: 'followUpPlan.created',
      subject: { type: 'followUpPlan', id: plan.id },
      data: { employeeId: employee.id, returnToDutyOrderId: rtd.id, startsOn: input.startsOn, phases: input.phases, testsRequired },
    });
    // A plan entered late: the days already passed fall due at once.
    await fallDue(tx, plan, tests, today);
    const [followUpPlan] = await plansWithTests(tx.db, [plan]);
    return { followUpPlan, matched: null };
  });
}
