/**
 * What every order change writes in its own transaction besides the change itself: the audit
 * event (lib/domain/audit.ts), the status counters and the `order.updated` webhook outbox row.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { orderCounters, orders, webhookDeliveries } from '@/lib/db/schema';
import type { InTransaction } from '@/lib/domain/transaction';
import { notifyDeliveriesDue } from '@/lib/domain/outbox/webhook-wake';
import { fanOutEvent } from '@/lib/domain/webhook-endpoints';
import { newId } from '@/lib/ids';
import type { Order } from '@/lib/domain/order-model/serialize';

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
 * Enqueues one `order.updated` event for the order's callback, if it has one, and for the tenant's
 * matching webhook endpoints (the event is recorded in `events` either way). The payload never
 * holds participant identifiers. `sequence` increases per order so receivers can drop stale events.
 * Once the transaction commits, a delivery worker in this process is woken to send it without
 * waiting for its next poll.
 */
export async function enqueueOrderUpdated(tx: InTransaction<{ db: Db }>, order: Order, meta: { tenantId: string; callbackUrl: string | null }): Promise<void> {
  const { db } = tx;
  const [{ sequence }] = await db
    .update(orders)
    .set({ eventSequence: sql`${orders.eventSequence} + 1` })
    .where(sql`${orders.id} = ${order.id}`)
    .returning({ sequence: orders.eventSequence });
  const eventId = `evt_${newId().replace(/-/g, '')}`;
  const { identifiers: _omit, ...participant } = order.participant as Order['participant'] & { identifiers?: unknown };
  const createdAt = new Date();
  const payload = {
    id: eventId,
    object: 'event',
    type: 'order.updated',
    sequence,
    createdAt: createdAt.toISOString(),
    data: { order: { ...order, participant } },
  };
  // Recorded in `events` and sent to the tenant's matching webhook endpoints (DESIGN.md 7.6).
  const toEndpoints = await fanOutEvent(db, { tenantId: meta.tenantId, companyId: order.company?.id ?? null, orderId: order.id, eventId, type: 'order.updated', sequence, payload, createdAt });
  if (meta.callbackUrl)
    await db.insert(webhookDeliveries).values({
      id: newId(),
      tenantId: meta.tenantId,
      orderId: order.id,
      eventId,
      eventType: 'order.updated',
      sequence,
      url: meta.callbackUrl,
      payload,
      status: 'pending',
      nextAttemptAt: createdAt,
    });
  if (!meta.callbackUrl && !toEndpoints) return;
  tx.afterCommit(notifyDeliveriesDue);
}
