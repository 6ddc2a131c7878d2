/**
 * What every order change writes in its own transaction besides the change itself: the audit
 * event (lib/domain/audit.ts), the status counters and the order's events (`order.updated` and the
 * status it reached).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { orderCounters, orders } from '@/lib/db/schema';
import type { InTransaction } from '@/lib/domain/transaction';
import { tenantNow } from '@/lib/domain/clock';
import { emitEvent } from '@/lib/domain/webhook-endpoints';
import type { Order } from '@/lib/domain/order-model/serialize';
import { isFinalOrderStatus } from '@/lib/domain/order-model/status';

/** How many rows share one (tenant, company, status) count (migration 0014). */
export const ORDER_COUNTER_SLOTS = 16;

/** The counter row a change adds to: any, so that concurrent changes rarely wait on one row's lock. */
export const counterSlot = () => Math.floor(Math.random() * ORDER_COUNTER_SLOTS);

/** Moves one order between status counters (from = null for a new order). */
export async function countStatusChange(db: Db, tenantId: string, companyId: string, from: string | null, to: string): Promise<void> {
  if (from === to) return;
  const slot = counterSlot();
  const bump = (status: string, delta: number) =>
    db
      .insert(orderCounters)
      .values({ tenantId, companyId, status, slot, count: delta })
      .onConflictDoUpdate({
        target: [orderCounters.tenantId, orderCounters.companyId, orderCounters.status, orderCounters.slot],
        set: { count: sql`${orderCounters.count} + ${delta}` },
      });
  if (from !== null) await bump(from, -1);
  await bump(to, 1);
}

/** Rebuilds every counter from the orders table (after bulk loads such as the seed). */
export async function rebuildOrderCounters(db: Db): Promise<void> {
  await db.delete(orderCounters);
  await db.execute(sql`insert into ${orderCounters} (tenant_id, company_id, status, count)
    select tenant_id, company_id, status, count(*)::int from ${orders} group by 1, 2, 3`);
}

/**
 * Emits the events of one order change (lib/domain/webhook-endpoints/fan-out.ts): `order.updated`,
 * to the order's callback, if it has one, and to the tenant's matching webhook endpoints; and with
 * it, in the same change and with the same `sequence`, the event of the status the order reached:
 * `order.cancelled`, `order.expired`, or `order.completed` when `isFinal` turns true (the
 * catalog's descriptions). The payloads never hold participant identifiers. `sequence` increases
 * per order so receivers can drop stale events. The events are stamped with `meta.at`, the tenant's
 * now that the change read already; without it the tenant's clock is read here once for them all.
 */
export async function enqueueOrderUpdated(
  tx: InTransaction<{ db: Db }>,
  order: Order,
  meta: { tenantId: string; callbackUrl: string | null; previousStatus: string; at?: Date },
): Promise<void> {
  const [{ sequence }] = await tx.db
    .update(orders)
    .set({ eventSequence: sql`${orders.eventSequence} + 1` })
    .where(sql`${orders.id} = ${order.id}`)
    .returning({ sequence: orders.eventSequence });
  const data = { order: eventOrder(order) };
  const at = meta.at ?? (await tenantNow({ db: tx.db, tenantId: meta.tenantId }));
  const about = { tenantId: meta.tenantId, at, companyId: order.company?.id ?? null, order: { id: order.id, sequence, callbackUrl: meta.callbackUrl }, data };
  await emitEvent(tx, { ...about, type: 'order.updated' });
  const reached = order.status !== meta.previousStatus ? order.status : null;
  if (reached === 'cancelled') await emitEvent(tx, { ...about, type: 'order.cancelled' });
  else if (reached === 'expired') await emitEvent(tx, { ...about, type: 'order.expired' });
  else if (order.isFinal && !isFinalOrderStatus(meta.previousStatus)) await emitEvent(tx, { ...about, type: 'order.completed' });
}

/** The order as events carry it: never its participant's identifiers. */
export function eventOrder(order: Order): Order {
  const { identifiers: _omit, ...participant } = order.participant as Order['participant'] & { identifiers?: unknown };
  return { ...order, participant };
}
