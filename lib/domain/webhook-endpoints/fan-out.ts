/**
 * Emitting an event (DESIGN.md 7.6), in the transaction of the change it reports: the event is
 * recorded in `events` (its id is the `webhook-id`; the Events API lists it), and one
 * `webhook_deliveries` row goes to every enabled endpoint of the tenant that takes its type (or `*`)
 * and its company (an event about no company: only endpoints without a company filter). The types
 * the spec sends to an order's own `callback.url` (`order.updated`, `document.created`: the
 * catalog's `toOrderCallback`) get a delivery there too. The delivery worker sends them all, each
 * signed with its destination's secret(s).
 *
 * A new event type is one catalog entry (lib/domain/events/catalog.ts) and one `emitEvent` call.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { events, webhookDeliveries, webhookEndpoints } from '@/lib/db/schema';
import { eventType, type EventTypeName } from '@/lib/domain/events/catalog';
import { tenantNow } from '@/lib/domain/clock';
import { notifyDeliveriesDue } from '@/lib/domain/outbox/webhook-wake';
import type { InTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';

export interface EmittedEvent {
  tenantId: string;
  companyId: string | null;
  /** The order the event is about; null for an event about no order (a failed invitation, a draw). */
  orderId: string | null;
  eventId: string;
  type: string;
  /** The order's event sequence (0 for an event about no order). */
  sequence: number;
  payload: Record<string, unknown>;
  /** When it happened, on the tenant's clock (the event's `createdAt`). */
  createdAt: Date;
  /** When its deliveries are queued: real time, the delivery worker's schedule. */
  queuedAt: Date;
}

/** A new event id: `evt_` and 32 hex digits (a UUID v7, so ids sort by time). */
export const newEventId = () => `evt_${newId().replace(/-/g, '')}`;

/**
 * SQL: the endpoint `w` (an alias of webhook_endpoints) takes an event of `type` about `companyId`
 * (null: about no company, taken only by endpoints without a company filter). The one rule, for
 * `fanOutEvent` and for statements that fan out in SQL (order creation).
 */
export function endpointTakes(w: SQL, tenantId: SQL | string, type: string, companyId: SQL | string | null): SQL {
  return sql`${w}.tenant_id = ${tenantId} and ${w}.status = 'enabled'
    and (${type} = any(${w}.enabled_events) or '*' = any(${w}.enabled_events))
    and ${companyId === null ? sql`${w}.company_ids is null` : sql`(${w}.company_ids is null or ${companyId} = any(${w}.company_ids))`}`;
}

/** Records the event and queues a delivery per matching endpoint; true when at least one was queued. */
export async function fanOutEvent(db: Db, e: EmittedEvent): Promise<boolean> {
  await db.insert(events).values({ id: e.eventId, tenantId: e.tenantId, type: e.type, companyId: e.companyId, orderId: e.orderId, payload: e.payload, createdAt: e.createdAt });
  const targets = await db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
    .from(webhookEndpoints)
    .where(endpointTakes(sql.raw('"webhook_endpoints"'), e.tenantId, e.type, e.companyId));
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
      nextAttemptAt: e.queuedAt,
      createdAt: e.queuedAt,
    })),
  );
  return true;
}

export interface EventToEmit {
  tenantId: string;
  type: EventTypeName;
  /** The company the event is about (endpoint company filters, Events API visibility); null for none. */
  companyId: string | null;
  /** The order it is about: its event sequence, and its `callback.url` for the types the spec sends there. */
  order?: { id: string; sequence: number; callbackUrl: string | null } | null;
  /** The payload's `data`. Never a participant identifier, address or phone number. */
  data: Record<string, unknown>;
  /** The tenant's now, when the caller has read it already (else read here). */
  at?: Date;
}

/**
 * Emits an event in the caller's transaction: the Standard Webhooks body `{ id, object, type,
 * sequence (events about an order), createdAt, data }`, recorded and queued for its destinations.
 * Once the transaction commits, a delivery worker of this process is woken to send it at once.
 */
export async function emitEvent(tx: InTransaction<{ db: Db }>, e: EventToEmit): Promise<{ id: string; payload: Record<string, unknown> }> {
  const def = eventType(e.type);
  if (!def) throw new Error(`Unknown event type ${e.type}`);
  const id = newEventId();
  // What happened is stamped on the tenant's clock (a sandbox tenant's events, like its orders, carry
  // its time: the Events API's filters and a recovery's range compare in it); the deliveries are
  // queued on real time, the worker's.
  const queuedAt = new Date();
  const createdAt = e.at ?? (await tenantNow({ db: tx.db, tenantId: e.tenantId }, queuedAt));
  const sequence = e.order?.sequence ?? 0;
  const payload = { id, object: 'event', type: e.type, ...(e.order ? { sequence } : {}), createdAt: createdAt.toISOString(), data: e.data };
  const toEndpoints = await fanOutEvent(tx.db, { tenantId: e.tenantId, companyId: e.companyId, orderId: e.order?.id ?? null, eventId: id, type: e.type, sequence, payload, createdAt, queuedAt });
  const callbackUrl = def.toOrderCallback ? (e.order?.callbackUrl ?? null) : null;
  if (callbackUrl)
    await tx.db.insert(webhookDeliveries).values({
      id: newId(),
      tenantId: e.tenantId,
      orderId: e.order!.id,
      eventId: id,
      eventType: e.type,
      sequence,
      url: callbackUrl,
      payload,
      status: 'pending',
      nextAttemptAt: queuedAt,
    });
  if (toEndpoints || callbackUrl) tx.afterCommit(notifyDeliveriesDue);
  return { id, payload };
}
