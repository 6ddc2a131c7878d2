/**
 * "Order now" (`POST /api/v2/follow-up-plans/{id}/tests/{number}/order`, DESIGN.md 7.3): the order
 * of a plan's open test, made by create-order itself with `testReason: followUp` and the employee as
 * participant (create-order's `employee`), in one transaction with the test becoming `ordered`. Only orders made here count for
 * the plan (a random test never does). A test may be ordered before its day: the employer decides.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { followUpPlans, followUpTests, packages, packageServices, services } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import type { Order } from '@/lib/domain/order-model/serialize';
// A prohibited driver's order raises its critical action (DESIGN.md 7.5), whatever places it.
import { createOrderCheckingDriver } from '@/lib/domain/results/prohibited-driver';
import { CreateOrderBody } from '@/lib/domain/orders/schemas';
import { withTransaction } from '@/lib/domain/transaction';
import { visiblePlan } from './queries';
import type { OrderFollowUpTestBody } from './schemas';
import { raiseDueAction, resolveDueActions } from './transitions';

/** The create-order request of a follow-up test: the employee fills the participant (DESIGN.md 7.1); create-order's shape rules apply. */
function orderRequest(input: OrderFollowUpTestBody, employeeId: string, agencyId: string | null): CreateOrderBody {
  const candidate = {
    deliveryMethods: input.deliveryMethods,
    location: input.location,
    package: input.package,
    employee: { id: employeeId },
    requester: input.requester,
    settings: input.settings ?? {},
    testReason: 'followUp',
    ...(input.callback ? { callback: input.callback } : {}),
    ...(input.agency ? { agency: input.agency } : agencyId ? { agency: { id: agencyId } } : {}),
    ...(input.jobCategory ? { jobCategory: input.jobCategory } : {}),
    // Always a new order: never an equivalent open one of the employee's.
    orderMatching: { enabled: false },
  };
  const parsed = CreateOrderBody.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new DomainError('invalidValue', issue.message, { pointer: `/${issue.path.join('/')}` });
}

/** What create-order says of the participant comes from the employee's record: the delivery method is what this request can change. */
async function asFollowUpOrder<T>(create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (error) {
    const entry = error instanceof DomainError ? error.entries[0] : undefined;
    if (entry?.pointer?.startsWith('/participant/'))
      throw new DomainError('invalidValue', `The employee's record does not allow this order: ${entry.detail}`, { pointer: '/deliveryMethods/0/type' });
    throw error;
  }
}

export async function orderFollowUpTest({ ctx, id, number, input }: { ctx: Ctx; id: string; number: string; input: OrderFollowUpTestBody }): Promise<{ order: Order; matched: null }> {
  const n = Number(number);
  return withTransaction(ctx, async (tx) => {
    const [plan] = await tx.db.select().from(followUpPlans).where(and(visiblePlan(ctx), eq(followUpPlans.id, id))).for('update');
    if (!plan) throw notFound('Follow-up plan');
    const tests = Number.isSafeInteger(n) && n > 0 && n <= 10_000
      ? await tx.db.select().from(followUpTests).where(and(eq(followUpTests.planId, id), eq(followUpTests.number, n))).orderBy(desc(followUpTests.createdAt))
      : [];
    if (tests.length === 0) throw notFound('Follow-up test');
    if (plan.status !== 'active')
      throw new DomainError('invalidState', `The plan is ${plan.status}: its tests are ordered only while it is active.`, { meta: { status: plan.status } });
    const test = tests.find((t) => t.status === 'scheduled' || t.status === 'due');
    if (!test) throw new DomainError('invalidState', `Test ${n} has no open test to order (it is ${tests[0].status}).`, { meta: { status: tests[0].status } });
    // The plan's agency goes with a package that has a DOT service (create-order refuses it otherwise).
    const [dot] = plan.agencyId && !input.agency
      ? await tx.db
          .select({ id: services.id })
          .from(packageServices)
          .innerJoin(services, eq(services.id, packageServices.serviceId))
          .innerJoin(packages, eq(packages.id, packageServices.packageId))
          .where(and(eq(packages.tenantId, ctx.tenantId), eq(packages.id, input.package.id), eq(services.isDot, true)))
          .limit(1)
      : [];
    const request = orderRequest(input, plan.employeeId, dot ? plan.agencyId : null);
    const { order } = await asFollowUpOrder(() => createOrderCheckingDriver({ ctx: tx, input: request }));
    await tx.db.update(followUpTests).set({ status: 'ordered', orderId: order.id, updatedAt: new Date() }).where(inArray(followUpTests.id, [test.id]));
    // The fix resolves its actions in its own transaction; another test still due keeps one open.
    await resolveDueActions(tx, plan);
    await raiseDueAction(tx, plan, await tx.db.select().from(followUpTests).where(and(eq(followUpTests.planId, id), eq(followUpTests.status, 'due'))));
    await auditChange(tx, { action: 'followUpTest.ordered', subject: { type: 'followUpPlan', id: plan.id }, data: { testId: test.id, number: n, orderId: order.id } });
    return { order, matched: null };
  });
}
