/**
 * A driver the Clearinghouse says is prohibited may not perform safety-sensitive functions until the
 * return-to-duty process is done (49 CFR 382.501, 382.503): an order other than return-to-duty
 * placed for one raises the critical `prohibitedDriverOrder` action on the order, in the order's
 * transaction. Orders by name only (no employee) cannot be matched to a driver's status.
 */
import { and, eq } from 'drizzle-orm';
import { employees } from '@/lib/db/schema';
import { raiseWithEvent } from '@/lib/domain/actions';
import { tenantNow } from '@/lib/domain/clock';
import type { Ctx } from '@/lib/domain/context';
import type { Order } from '@/lib/domain/contract/representation';
import { createOrder } from '@/lib/domain/orders/create-order';
import type { CreateOrderBody } from '@/lib/domain/orders/schemas';
import { withTransaction, type InTransaction } from '@/lib/domain/transaction';
import { RESULT_ACTIONS } from './action-types';

/** Raises the action when `order` (just created) is for a prohibited driver and not a return-to-duty test. */
export async function raiseIfProhibitedDriver(tx: InTransaction<Ctx>, order: Order): Promise<void> {
  if (!order.employee || order.testReason === 'returnToDuty') return;
  const [employee] = await tx.db
    .select({ status: employees.clearinghouseStatus, companyId: employees.companyId })
    .from(employees)
    .where(and(eq(employees.tenantId, tx.tenantId), eq(employees.id, order.employee.id)));
  if (employee?.status !== 'prohibited') return;
  const def = RESULT_ACTIONS.prohibitedDriverOrder;
  const now = await tenantNow(tx);
  await raiseWithEvent(tx, {
    companyId: employee.companyId,
    type: def.type,
    severity: def.severity,
    citation: def.citation,
    title: `A test was ordered for a driver the Clearinghouse lists as prohibited: no safety-sensitive duty before return-to-duty`,
    subject: { object: 'order', id: order.id },
    // Due at once: the driver must not perform safety-sensitive duty (the tenant's now).
    dueAt: now,
  }, now);
}

/**
 * Create-order, and for an order naming an employee the prohibited-driver check in the same
 * transaction (an order by name only stays one statement, as create-order makes it).
 */
export async function createOrderCheckingDriver({ ctx, input }: { ctx: Ctx; input: CreateOrderBody }) {
  if (!input.employee) return createOrder({ ctx, input });
  return withTransaction(ctx, async (tx) => {
    const created = await createOrder({ ctx: tx, input });
    if (!created.matched) await raiseIfProhibitedDriver(tx, created.order);
    return created;
  });
}
