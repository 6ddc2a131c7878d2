/**
 * `POST /api/v2/random-selections/{id}/order` (DESIGN.md 7.2): the order of a selection, made by the
 * create-order domain function with `testReason: random`, the pool's package for the kind and the
 * employee (`employee: { id }`: the person, the DOT coverage and, unless given, the location);
 * delivery method, requester and settings as create-order takes them. In one transaction with the
 * selection becoming `ordered`.
 */
import { and, eq } from 'drizzle-orm';
import { employees, randomSelections } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import { tenantNow } from '@/lib/domain/clock';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
// A prohibited driver's order raises its critical action (DESIGN.md 7.5), whatever places it.
import { createOrderCheckingDriver } from '@/lib/domain/results/prohibited-driver';
import { CreateOrderBody } from '@/lib/domain/orders/schemas';
import { withTransaction } from '@/lib/domain/transaction';
import { emitSelectionUpdated } from './events';
import { dayOf } from './periods';
import { poolRow, selectionRow } from './queries';
import type { OrderSelectionBody } from './schemas';
import { serializeSelection, type RandomSelection } from './serialize';

export async function orderSelection({ ctx, id, input }: { ctx: Ctx; id: string; input: OrderSelectionBody }): Promise<RandomSelection> {
  return withTransaction(ctx, async (tx) => {
    const now = await tenantNow(tx);
    const today = dayOf(now);
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
      // The participant and the DOT coverage come from the roster (create-order's `employee`, DESIGN.md 7.1).
      employee: { id: employee.id },
      requester: input.requester,
      settings: input.settings ?? {},
      testReason: 'random',
      // A random test is its own order: never matched to another open order of the person.
      orderMatching: { enabled: false },
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new DomainError('invalidValue', `The order cannot be made: ${issue.path.join('.')}: ${issue.message}`, { pointer: `/${issue.path.join('/')}` });
    }
    let order;
    try {
      ({ order } = await createOrderCheckingDriver({ ctx: tx, input: parsed.data }));
    } catch (error) {
      // The participant is the employee's: a member it lacks (the e-mail of the email delivery method) is the roster's to fix.
      const entry = error instanceof DomainError ? error.entries[0] : undefined;
      if (entry?.pointer?.startsWith('/participant'))
        throw new DomainError(entry.code, `${entry.detail.replace(/ The employee has none on the roster: give it in participant\.$/, '')} The employee has none on the roster: add it there, or choose another delivery method.`, {
          pointer: '/deliveryMethods/0/type',
        });
      throw error;
    }
    await tx.db.update(randomSelections).set({ orderId: order.id, status: 'ordered', updatedAt: new Date() }).where(eq(randomSelections.id, id));
    await auditChange(tx, { action: 'randomSelection.ordered', subject: { type: 'randomSelection', id }, data: { orderId: order.id, kind } });
    const row = await selectionRow(tx, id, today);
    const selection = serializeSelection(row);
    await emitSelectionUpdated(tx, selection, now);
    return selection;
  });
}
