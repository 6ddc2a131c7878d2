/**
 * The webhook delivery worker: a hand-written outbox reader over `webhook_deliveries` (the outbox
 * row IS the delivery; lib/domain/orders/bookkeeping.ts writes it in the order's transaction).
 *
 * One round (`runDueDeliveries`):
 * 1. Claim: one statement picks due rows (`status = 'pending' and next_attempt_at <= now`) with
 *    `FOR UPDATE SKIP LOCKED`, increments `attempt_count` and pushes `next_attempt_at` forward by
 *    the lease (60 s). Concurrent workers skip each other's rows, and a worker that dies after
 *    claiming leaves a row that becomes due again when the lease ends: nothing is lost, and no two
 *    workers send the same attempt. `attempt_count` is the fencing token of the claim.
 * 2. Send each claimed event (lib/worker/send.ts), signed with the tenant's current secret.
 * 3. Record: a `webhook_attempts` row (time, status code, duration, error) and the outcome —
 *    `delivered`, `pending` with the next retry time (lib/worker/retry.ts), or `failed` when the
 *    schedule is used up — in one transaction, only if the claim is still ours.
 *
 * Ordering: a later event of an order waits while an earlier one of the same order has never been
 * attempted, so a healthy receiver gets one order's events in `sequence` order. An event in retry
 * does not hold later ones back; receivers drop stale events by `sequence` (DESIGN.md "Events").
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { tenants, webhookAttempts, webhookDeliveries } from '@/lib/db/schema';
import { withTransaction } from '@/lib/domain/transaction';
import { privateCallbacksAllowed } from '@/lib/domain/webhooks/callback-url';
import { webhookHeaders } from '@/lib/domain/webhooks/signature';
import { newId } from '@/lib/ids';
import { nextRetryDelayMs, retryScheduleFromEnv } from './retry';
import { sendWebhook, timeoutFromEnv, type SendOptions, type SendResult } from './send';

export const DEFAULT_LEASE_MS = 60_000;
export const DEFAULT_BATCH_SIZE = 20;
export const DEFAULT_CONCURRENCY = 8;

export interface DeliveryRunOptions {
  db: Db;
  /** Clock for claims, attempt times and retry times (tests move it forward). Default: real time. */
  now?: () => Date;
  batchSize?: number;
  concurrency?: number;
  /** How long a claim holds a row before another worker may take it again. */
  leaseMs?: number;
  /** Per-attempt timeout (at most 15 s); default WEBHOOK_TIMEOUT_MS or 10 s. */
  timeoutMs?: number;
  /** Retry delays in seconds; default WEBHOOK_RETRY_SCHEDULE or the 24-hour schedule. */
  retrySchedule?: readonly number[];
  /** Default: ALLOW_PRIVATE_CALLBACKS=true. */
  allowPrivateCallbacks?: boolean;
  /** Only deliveries of these orders (tests and tools sharing a database). */
  orderIds?: readonly string[];
  /** Host resolution for the send (tests). */
  resolve?: SendOptions['resolve'];
}

export interface ClaimedDelivery {
  id: string;
  tenantId: string;
  orderId: string;
  eventId: string;
  sequence: number;
  url: string;
  payload: Record<string, unknown>;
  /** The attempt number this claim makes, and the fencing token of the claim. */
  attemptCount: number;
}

export interface DeliveryRunResult {
  claimed: number;
  delivered: number;
  retrying: number;
  failed: number;
  /** Attempts whose outcome was not recorded because the claim was taken over meanwhile. */
  superseded: number;
}

const realNow = () => new Date();

/** Claims up to `batchSize` due deliveries for one attempt each (step 1 above). */
export async function claimDueDeliveries(options: DeliveryRunOptions): Promise<ClaimedDelivery[]> {
  const now = (options.now ?? realNow)();
  const leaseUntil = new Date(now.getTime() + (options.leaseMs ?? DEFAULT_LEASE_MS));
  const only = options.orderIds ? sql`and d.order_id in (${sql.join([...options.orderIds, ''].map((id) => sql`${id}`), sql`, `)})` : sql``;
  const due = sql`(
    select d.id from ${webhookDeliveries} d
    where d.status = 'pending' and d.next_attempt_at <= ${now.toISOString()}::timestamptz ${only}
      and not exists (
        select 1 from ${webhookDeliveries} e
        where e.order_id = d.order_id and e.status = 'pending' and e.sequence < d.sequence and e.last_attempt_at is null
      )
    order by d.next_attempt_at, d.id
    limit ${options.batchSize ?? DEFAULT_BATCH_SIZE}
    for update skip locked
  )`;
  const rows = await options.db
    .update(webhookDeliveries)
    .set({ attemptCount: sql`${webhookDeliveries.attemptCount} + 1`, nextAttemptAt: leaseUntil })
    // `= any(array(...))` runs the locking sub-select exactly once (an InitPlan), unlike `in (...)`.
    .where(sql`${webhookDeliveries.id} = any(array${due})`)
    .returning({
      id: webhookDeliveries.id,
      tenantId: webhookDeliveries.tenantId,
      orderId: webhookDeliveries.orderId,
      eventId: webhookDeliveries.eventId,
      sequence: webhookDeliveries.sequence,
      url: webhookDeliveries.url,
      payload: webhookDeliveries.payload,
      attemptCount: webhookDeliveries.attemptCount,
    });
  return rows.sort((a, b) => a.orderId.localeCompare(b.orderId) || a.sequence - b.sequence);
}

/**
 * The body as sent: the stored payload (jsonb reorders keys) with `id` and `object` first and the
 * other members alphabetical at every level, so bodies read the same way every time.
 */
export function eventBody(payload: unknown): string {
  const order = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(order);
    if (value === null || typeof value !== 'object') return value;
    const keys = Object.keys(value).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(keys.map((k) => [k, order((value as Record<string, unknown>)[k])]));
  };
  return JSON.stringify(order(payload));
}
const rank = (key: string) => (key === 'id' ? 0 : key === 'object' ? 1 : 2);

/** Sends one claimed delivery (step 2). */
export async function attemptDelivery(claim: ClaimedDelivery, secret: string, options: DeliveryRunOptions): Promise<SendResult> {
  const body = eventBody(claim.payload);
  // The signature timestamp is real time: receivers check it against their own clock.
  const headers = webhookHeaders({ secret, id: claim.eventId, timestamp: Math.floor(Date.now() / 1000), body });
  return sendWebhook({
    url: claim.url,
    headers,
    body,
    timeoutMs: options.timeoutMs ?? timeoutFromEnv(),
    allowPrivate: options.allowPrivateCallbacks ?? privateCallbacksAllowed(),
    resolve: options.resolve,
  });
}

type Outcome = 'delivered' | 'retrying' | 'failed' | 'superseded';

/** Records one attempt and its outcome (step 3); a claim taken over meanwhile keeps only the attempt row. */
export async function recordAttempt(
  db: Db,
  claim: ClaimedDelivery,
  result: Pick<SendResult, 'ok' | 'statusCode' | 'durationMs' | 'error'>,
  options: { attemptedAt: Date; retrySchedule: readonly number[] },
): Promise<Outcome> {
  const { attemptedAt } = options;
  const delay = result.ok ? null : nextRetryDelayMs(claim.attemptCount, options.retrySchedule);
  const outcome: Outcome = result.ok ? 'delivered' : delay === null ? 'failed' : 'retrying';
  const error = result.error ? result.error.slice(0, 1000) : null;
  return withTransaction({ db }, async ({ db: tx }) => {
    await tx.insert(webhookAttempts).values({
      id: newId(),
      deliveryId: claim.id,
      attemptedAt,
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      error,
    });
    const updated = await tx
      .update(webhookDeliveries)
      .set({
        status: outcome === 'delivered' ? 'delivered' : outcome === 'failed' ? 'failed' : 'pending',
        nextAttemptAt: delay === null ? null : new Date(attemptedAt.getTime() + result.durationMs + delay),
        lastAttemptAt: attemptedAt,
        lastStatusCode: result.statusCode,
        lastError: error,
        ...(result.ok ? { deliveredAt: new Date(attemptedAt.getTime() + result.durationMs) } : {}),
      })
      .where(and(eq(webhookDeliveries.id, claim.id), eq(webhookDeliveries.attemptCount, claim.attemptCount), eq(webhookDeliveries.status, 'pending')))
      .returning({ id: webhookDeliveries.id });
    return updated.length ? outcome : 'superseded';
  });
}

async function secretsOf(db: Db, tenantIds: string[]): Promise<Map<string, string>> {
  if (tenantIds.length === 0) return new Map();
  const rows = await db.select({ id: tenants.id, secret: tenants.webhookSecret }).from(tenants).where(inArray(tenants.id, tenantIds)).orderBy(asc(tenants.id));
  return new Map(rows.map((r) => [r.id, r.secret]));
}

/** Runs `tasks` with at most `limit` at a time. */
async function inParallel<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await task(items[next++]);
  });
  await Promise.all(lanes);
}

/** One round: claim, send, record. Events of one order go one after another, in sequence. */
export async function runDueDeliveries(options: DeliveryRunOptions): Promise<DeliveryRunResult> {
  const clock = options.now ?? realNow;
  const schedule = options.retrySchedule ?? retryScheduleFromEnv();
  const claims = await claimDueDeliveries(options);
  const result: DeliveryRunResult = { claimed: claims.length, delivered: 0, retrying: 0, failed: 0, superseded: 0 };
  if (claims.length === 0) return result;
  const secrets = await secretsOf(options.db, [...new Set(claims.map((c) => c.tenantId))]);
  const byOrder = new Map<string, ClaimedDelivery[]>();
  for (const claim of claims) byOrder.set(claim.orderId, [...(byOrder.get(claim.orderId) ?? []), claim]);
  await inParallel([...byOrder.values()], options.concurrency ?? DEFAULT_CONCURRENCY, async (group) => {
    for (const claim of group) {
      const attemptedAt = clock();
      const secret = secrets.get(claim.tenantId);
      const sent: Pick<SendResult, 'ok' | 'statusCode' | 'durationMs' | 'error'> = secret
        ? await attemptDelivery(claim, secret, options)
        : { ok: false, statusCode: null, durationMs: 0, error: 'The tenant has no webhook signing secret' };
      result[await recordAttempt(options.db, claim, sent, { attemptedAt, retrySchedule: schedule })]++;
    }
  });
  return result;
}
