/**
 * `POST /api/v2/random-selections/{id}/order` (DESIGN.md 7.2): the order of a selection, made by the
 * create-order domain function with `testReason: random`, the pool's package for the kind and the
 * employee's person (and DOT coverage, and location unless given); delivery method, requester and
 * settings as create-order takes them. In one transaction with the selection becoming `ordered`.
 */
import { and, eq } from 'drizzle-orm';
import { employees, orders, randomSelections } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import { tenantNow } from '@/lib/domain/clock';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { createOrder } from '@/lib/domain/orders/create-order';
import { CreateOrderBody } from '@/lib/domain/orders/schemas';
import { withTransaction } from '@/lib/domain/transaction';
import { emitSelectionUpdated } from './events';
import { dayOf } from './periods';
import { poolRow, selectionRow } from './queries';
import type { OrderSelectionBody } from './schemas';
import { serializeSelection, type RandomSelection } from './serialize';

export async function orderSelection({ ctx, id, input }: { ctx: Ctx; id: string; input: OrderSelectionBody }): Promise<RandomSelection> {
  return withTransaction(ctx, async (tx) => {
    const today = dayOf(await tenantNow(tx));
    // Lock the selection: two "Order" clicks make one order.
    const [locked] = await tx.db.select({ id: randomSelections.id }).from(randomSelections).where(and(eq(randomSelections.tenantId, ctx.tenantId), eq(randomSelections.id, id))).for('update');
    if (!locked) throw notFound('Random selection');
    const current = await selectionRow(tx, id, today);
    if (current.status !== 'selected')
      throw new DomainError('invalidState', `A selection that is ${current.status} cannot be ordered${current.status === 'lost' ? ': its period is over' : ''}.`, { meta: { status: current.status } });
    const pool = await poolRow(tx, current.poolId);
    const kind = current.selection.kind === 'alcohol' ? 'alcohol' : 'drug';
    const packageId = kind === 'alcohol' ? pool.alcoholPackageId : pool.drugPackageId;
    if (!packageId) throw new DomainError('invalidState', `The pool has no ${kind} package: set packages.${kind} on the pool to order its ${kind} selections.`);
    const [employee] = await tx.db.select().from(employees).where(and(eq(employees.tenantId, ctx.tenantId), eq(employees.id, current.employee.id)));
    if (!employee) throw notFound('Employee');
    const locationId = input.location?.id ?? employee.locationId;
    if (!locationId) throw new DomainError('required', 'location is required: the employee has no location.', { pointer: '/location' });

    const parsed = CreateOrderBody.safeParse({
      deliveryMethods: input.deliveryMethods,
      location: { id: locationId },
      package: { id: packageId },
      participant: {
        firstName: employee.firstName,
        lastName: employee.lastName,
        ...(employee.middleName ? { middleName: employee.middleName } : {}),
        ...(employee.birthDate ? { birthDate: employee.birthDate } : {}),
        ...(employee.email ? { email: employee.email } : {}),
        ...(employee.phone ? { phone: employee.phone } : {}),
      },
      requester: input.requester,
      settings: input.settings ?? {},
      testReason: 'random',
      // A random test is its own order: never matched to another open order of the person.
      orderMatching: { enabled: false },
      ...(employee.agencyId ? { agency: { id: employee.agencyId } } : {}),
      ...(employee.jobCategoryId ? { jobCategory: { id: employee.jobCategoryId } } : {}),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const onEmployee = issue.path[0] === 'participant';
      throw new DomainError('invalidValue', `The order cannot be made${onEmployee ? ' from the employee\'s record' : ''}: ${issue.path.join('.')}: ${issue.message}`, {
        pointer: onEmployee ? '/deliveryMethods/0/type' : `/${issue.path.join('/')}`,
      });
    }
    const { order } = await createOrder({ ctx: tx, input: parsed.data });
    // The order names its employee (orders.employee_id, DESIGN.md 7.1).
    await tx.db.update(orders).set({ employeeId: employee.id }).where(eq(orders.id, order.id));
    await tx.db.update(randomSelections).set({ orderId: order.id, status: 'ordered', updatedAt: new Date() }).where(eq(randomSelections.id, id));
    await auditChange(tx, { action: 'randomSelection.ordered', subject: { type: 'randomSelection', id }, data: { orderId: order.id, kind } });
    const row = await selectionRow(tx, id, today);
    const selection = serializeSelection(row);
    await emitSelectionUpdated(tx, selection);
    return selection;
  });
}
