/**
 * Fan-out of an emitted event (DESIGN.md 7.6), in the transaction of the change that emits it: the
 * event is recorded in `events` (its id is the `webhook-id`), and one `webhook_deliveries` row goes to
 * every enabled endpoint of the tenant that takes its type (or `*`) and the order's company. The
 * delivery worker sends them like an order's callback, signed with the endpoint's secret(s).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { events, webhookDeliveries, webhookEndpoints } from '@/lib/db/schema';
import { newId } from '@/lib/ids';

export interface EmittedEvent {
  tenantId: string;
  companyId: string | null;
  orderId: string;
  eventId: string;
  type: string;
  sequence: number;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/** Records the event and queues a delivery per matching endpoint; true when at least one was queued. */
export async function fanOutEvent(db: Db, e: EmittedEvent): Promise<boolean> {
  await db.insert(events).values({ id: e.eventId, tenantId: e.tenantId, type: e.type, companyId: e.companyId, orderId: e.orderId, payload: e.payload, createdAt: e.createdAt });
  const targets = await db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.tenantId, e.tenantId),
        eq(webhookEndpoints.status, 'enabled'),
        sql`(${e.type} = any(${webhookEndpoints.enabledEvents}) or '*' = any(${webhookEndpoints.enabledEvents}))`,
        e.companyId === null ? isNull(webhookEndpoints.companyIds) : sql`(${webhookEndpoints.companyIds} is null or ${e.companyId} = any(${webhookEndpoints.companyIds}))`,
      ),
    );
  if (targets.length === 0) return false;
  await db.insert(webhookDeliveries).values(
    targets.map((t) => ({
      id: newId(),
      tenantId: e.tenantId,
      orderId: e.orderId,
      endpointId: t.id,
      eventId: e.eventId,
      eventType: e.type,
      sequence: e.sequence,
      url: t.url,
      payload: e.payload,
      status: 'pending',
      nextAttemptAt: e.createdAt,
      createdAt: e.createdAt,
    })),
  );
  return true;
}
