/**
 * The webhook delivery worker: a hand-written outbox reader over `webhook_deliveries` (the outbox
 * row IS the delivery; lib/domain/orders/bookkeeping.ts writes it in the order's transaction).
 *
 * One round (`runDueDeliveries`):
 * 1. Claim: one statement picks due rows (`status = 'pending' and next_attempt_at <= now`) with
 *    `FOR UPDATE SKIP LOCKED`, increments `attempt_count` and pushes `next_attempt_at` forward by
 *    the lease (60 s), and returns each row with its tenant's current signing secret. Concurrent
 *    workers skip each other's rows, and a worker that dies after claiming leaves a row that
 *    becomes due again when the lease ends: nothing is lost, and no two workers send the same
 *    attempt. `attempt_count` is the fencing token of the claim.
 * 2. Send each claimed event (lib/worker/send.ts), signed with the tenant's current secret, over
 *    up to `concurrency` lanes (kept-alive connections, lib/worker/send.ts).
 * 3. Record: a `webhook_attempts` row (time, status code, duration, error) and the outcome —
 *    `delivered`, `pending` with the next retry time (lib/worker/retry.ts), or `failed` when the
 *    schedule is used up — in one statement per delivery, the update only if the claim is still
 *    ours. The lanes' outcomes are written together: while one write is under way, the outcomes
 *    that finish meanwhile wait and go in the next one (a group commit), so a busy round writes a
 *    few statements instead of four round trips per delivery. A round returns once all of its
 *    outcomes are written.
 *
 * Ordering: a later event of an order waits while an earlier one of the same order has never been
 * attempted, so a healthy receiver gets one order's events in `sequence` order. An event in retry
 * does not hold later ones back; receivers drop stale events by `sequence` (DESIGN.md "Events").
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/lib/db/client';
import { tenants, webhookAttempts, webhookDeliveries, webhookEndpoints } from '@/lib/db/schema';
import { privateCallbacksAllowed } from '@/lib/domain/outbox/callback-url';
import { signWebhook, webhookHeaders } from '@/lib/domain/outbox/webhook-signature';
import { FAILING_DAYS_BEFORE_DISABLE } from '@/lib/domain/webhook-endpoints/rules';
import { endpointSigningSecrets } from '@/lib/domain/webhook-endpoints/signing';
import { disableFailingEndpoints } from '@/lib/domain/webhooks/disable-failing-endpoints';
import { newId } from '@/lib/ids';
import { nextRetryDelayMs, retryScheduleFromEnv } from './retry';
import { sendWebhook, timeoutFromEnv, type SendOptions, type SendResult } from './send';

export const DEFAULT_LEASE_MS = 60_000;
/**
 * A round claims up to 64 deliveries and sends them over 32 lanes: two waves, so that even when
 * every attempt runs into the timeout (at most 15 s) the round ends well within the lease.
 */
export const DEFAULT_BATCH_SIZE = 64;
export const DEFAULT_CONCURRENCY = 32;

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
  /** Only deliveries of these orders (tests and tools sharing a database); with `endpointIds`, those of either. */
  orderIds?: readonly string[];
  /** Only deliveries to these account webhook endpoints (tests sharing a database), e.g. test sends, which are about no order. */
  endpointIds?: readonly string[];
  /** Host resolution for the send (tests). */
  resolve?: SendOptions['resolve'];
}

export interface ClaimedDelivery {
  id: string;
  tenantId: string;
  /** null: an event about no order (a test send, a draw), sent on its own. */
  orderId: string | null;
  eventId: string;
  sequence: number;
  url: string;
  payload: Record<string, unknown>;
  /** The attempt number this claim makes, and the fencing token of the claim. */
  attemptCount: number;
  /** The tenant's current signing secret, read by the claim (null: the tenant has none). */
  secret?: string | null;
  /** The account webhook endpoint it goes to (null: the order's callback URL). */
  endpointId?: string | null;
  /** The endpoint's status and sealed secrets at claim time (the previous one only while it still signs). */
  endpoint?: { status: string; secret: string; previousSecret: string | null } | null;
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
  const list = (ids: readonly string[]) => sql.join([...ids, ''].map((id) => sql`${id}`), sql`, `);
  const only =
    options.orderIds || options.endpointIds
      ? sql`and (d.order_id in (${list(options.orderIds ?? [])}) or d.endpoint_id in (${list(options.endpointIds ?? [])}))`
      : sql``;
  // The gate of `sequence` order is a sub-plan probed per candidate through the index on
  // (order_id, sequence) (`offset 0` keeps the planner from turning it into an anti-join over every
  // pending row), and the candidates come in the order of the due index (status, next_attempt_at)
  // with no other sort key, so a claim reads about `batchSize` rows however long the backlog is.
  const due = sql`(
    select d.id from ${webhookDeliveries} d
    where d.status = 'pending' and d.next_attempt_at <= ${now.toISOString()}::timestamptz ${only}
      and not exists (
        select 1 from ${webhookDeliveries} e
        where e.order_id = d.order_id and e.sequence < d.sequence and e.status = 'pending' and e.last_attempt_at is null
        offset 0
      )
    order by d.next_attempt_at
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
      // The current secret at claim time: a rotation is used from the next claim on.
      secret: sql<string | null>`(select t.webhook_secret from ${tenants} t where t.id = ${webhookDeliveries.tenantId})`,
      endpointId: webhookDeliveries.endpointId,
      // An endpoint's delivery is signed with the endpoint's secret, and the one before a rotation
      // while its overlap lasts.
      endpoint: sql<{ status: string; secret: string; previousSecret: string | null } | null>`(
        select json_build_object('status', w.status, 'secret', w.secret_encrypted,
          'previousSecret', case when w.previous_secret_expires_at > ${now.toISOString()}::timestamptz then w.previous_secret_encrypted end)
        from ${webhookEndpoints} w where w.id = ${webhookDeliveries.endpointId})`,
    });
  return rows.sort((a, b) => (a.orderId ?? '').localeCompare(b.orderId ?? '') || a.sequence - b.sequence);
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
/** At most 1024 bytes of UTF-8, cut on a character boundary. */
export function firstKiB(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= 1024) return text;
  return bytes.subarray(0, 1024).toString('utf8').replace(/\uFFFD$/, '');
}
const rank = (key: string) => (key === 'id' ? 0 : key === 'object' ? 1 : 2);

/** Sends one claimed delivery (step 2). */
export async function attemptDelivery(claim: ClaimedDelivery, secret: string | readonly string[], options: DeliveryRunOptions): Promise<SendResult> {
  const body = eventBody(claim.payload);
  const [first, ...others] = typeof secret === 'string' ? [secret] : secret;
  // The signature timestamp is real time: receivers check it against their own clock.
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = webhookHeaders({ secret: first, id: claim.eventId, timestamp, body });
  // During a rotation's overlap every secret signs: space-separated `v1,` signatures (Standard Webhooks).
  for (const other of others) headers['webhook-signature'] += ` ${signWebhook({ secret: other, id: claim.eventId, timestamp, body })}`;
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
type Sent = Pick<SendResult, 'ok' | 'statusCode' | 'durationMs' | 'error'> & { responseBody?: string | null };

export interface AttemptRecord {
  claim: Pick<ClaimedDelivery, 'id' | 'attemptCount'>;
  result: Sent;
  attemptedAt: Date;
}

/**
 * Records attempts and their outcomes (step 3) in one statement: every attempt row, and each
 * delivery's outcome only where its claim is still ours (a claim taken over meanwhile keeps only
 * its attempt row: `superseded`). One statement is one transaction: all of it or nothing.
 *
 * The statement also keeps each account endpoint's failing streak (`failing_since`: from its first
 * failed attempt until a 2xx). A failed attempt of an endpoint failing for 5 days in a row
 * (DESIGN.md 7.6) disables it, with its action and the admins' e-mail
 * (lib/domain/webhooks/disable-failing-endpoints.ts), in the same transaction: a batch with a
 * failed attempt is written in a transaction, one of successes only in its one statement.
 */
export async function recordAttempts(db: Db, records: readonly AttemptRecord[], options: { retrySchedule: readonly number[] }): Promise<Outcome[]> {
  if (records.length === 0) return [];
  const rows = records.map(({ claim, result, attemptedAt }) => {
    const delay = result.ok ? null : nextRetryDelayMs(claim.attemptCount, options.retrySchedule);
    const outcome: Exclude<Outcome, 'superseded'> = result.ok ? 'delivered' : delay === null ? 'failed' : 'retrying';
    return {
      outcome,
      row: {
        id: claim.id,
        attempt_count: claim.attemptCount,
        attempt_id: newId(),
        attempted_at: attemptedAt.toISOString(),
        status_code: result.statusCode,
        duration_ms: result.durationMs,
        error: result.error ? result.error.slice(0, 1000) : null,
        ok: result.ok,
        // The delivery log shows the first 1 KiB of the answer.
        response_excerpt: result.responseBody ? firstKiB(result.responseBody) : null,
        status: outcome === 'delivered' ? 'delivered' : outcome === 'failed' ? 'failed' : 'pending',
        next_attempt_at: delay === null ? null : new Date(attemptedAt.getTime() + result.durationMs + delay).toISOString(),
        delivered_at: result.ok ? new Date(attemptedAt.getTime() + result.durationMs).toISOString() : null,
      },
    };
  });
  const write = async (tx: Db) => {
    const [written] = rowsOf<{ updated: Array<{ id: string; endpointId: string | null }>; disable: Array<{ id: string; tenantId: string; failingSince: string; at: string }> }>(
      await tx.execute(sql`
        with v as (
          select * from jsonb_to_recordset(${JSON.stringify(rows.map((r) => r.row))}::jsonb) as v(
            id text, attempt_count integer, attempt_id text, attempted_at timestamptz, status_code integer, duration_ms integer,
            error text, ok boolean, response_excerpt text, status text, next_attempt_at timestamptz, delivered_at timestamptz)
        ), attempts as (
          insert into ${webhookAttempts} (id, delivery_id, attempted_at, status_code, duration_ms, error, response_excerpt)
          select attempt_id, id, attempted_at, status_code, duration_ms, error, response_excerpt from v
        ), endpoint_outcomes as (
          select e.endpoint_id, bool_or(v.ok) as ok, min(v.attempted_at) as first_failure, max(v.attempted_at) as last_failure
          from v join ${webhookDeliveries} e on e.id = v.id
          where e.endpoint_id is not null
          group by e.endpoint_id
        ), failing as (
          -- An enabled endpoint fails from its first failed attempt until a 2xx (a disabled one is not tried).
          update ${webhookEndpoints} w set failing_since = case when o.ok then null else coalesce(w.failing_since, o.first_failure) end
          from endpoint_outcomes o
          where w.id = o.endpoint_id and w.status = 'enabled'
          returning w.id, w.tenant_id, w.failing_since, o.ok, o.last_failure
        ), updated as (
          update ${webhookDeliveries} d set
            status = v.status, next_attempt_at = v.next_attempt_at, last_attempt_at = v.attempted_at,
            last_status_code = v.status_code, last_error = v.error, delivered_at = coalesce(v.delivered_at, d.delivered_at)
          from v
          where d.id = v.id and d.attempt_count = v.attempt_count and d.status = 'pending'
          returning d.id, d.endpoint_id
        )
        select
          (select coalesce(json_agg(json_build_object('id', u.id, 'endpointId', u.endpoint_id)), '[]'::json) from updated u) as updated,
          (select coalesce(json_agg(json_build_object('id', f.id, 'tenantId', f.tenant_id, 'failingSince', f.failing_since, 'at', f.last_failure)), '[]'::json)
            from failing f
            where not f.ok and f.failing_since <= f.last_failure - make_interval(days => ${FAILING_DAYS_BEFORE_DISABLE})) as disable`),
    );
    const disabled = new Set<string>();
    for (const e of written.disable)
      for (const id of await disableFailingEndpoints(tx, [{ id: e.id, tenantId: e.tenantId, failingSince: new Date(e.failingSince) }], new Date(e.at), written.updated.map((u) => u.id)))
        disabled.add(id);
    return { updated: written.updated, disabled };
  };
  const { updated, disabled } = records.some((r) => !r.result.ok) ? await db.transaction((tx) => write(tx as unknown as Db)) : await write(db);
  const mine = new Map(updated.map((u) => [u.id, u.endpointId]));
  return rows.map((r) => {
    if (!mine.has(r.row.id)) return 'superseded';
    // Its endpoint was disabled by this batch: its retries are over (the delivery is failed).
    const endpointId = mine.get(r.row.id);
    return r.outcome === 'retrying' && endpointId && disabled.has(endpointId) ? 'failed' : r.outcome;
  });
}

/** Records one attempt and its outcome (step 3); a claim taken over meanwhile keeps only the attempt row. */
export async function recordAttempt(
  db: Db,
  claim: Pick<ClaimedDelivery, 'id' | 'attemptCount'>,
  result: Sent,
  options: { attemptedAt: Date; retrySchedule: readonly number[] },
): Promise<Outcome> {
  const [outcome] = await recordAttempts(db, [{ claim, result, attemptedAt: options.attemptedAt }], options);
  return outcome;
}

/**
 * Group commit of outcomes: `record` queues one and resolves once it is written. One write at a
 * time; what is queued while it runs goes in the next (at most `max` per statement).
 */
function outcomeWriter(db: Db, options: { retrySchedule: readonly number[] }, max = 200) {
  const queue: Array<{ record: AttemptRecord; resolve: (o: Outcome) => void; reject: (e: unknown) => void }> = [];
  let writing = false;
  const drain = async () => {
    writing = true;
    try {
      while (queue.length) {
        const batch = queue.splice(0, max);
        try {
          const outcomes = await recordAttempts(db, batch.map((b) => b.record), options);
          batch.forEach((b, i) => b.resolve(outcomes[i]));
        } catch (error) {
          for (const b of batch) b.reject(error);
        }
      }
    } finally {
      writing = false;
    }
  };
  return (record: AttemptRecord) =>
    new Promise<Outcome>((resolve, reject) => {
      queue.push({ record, resolve, reject });
      if (!writing) void drain();
    });
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
  const record = outcomeWriter(options.db, { retrySchedule: schedule });
  const byOrder = new Map<string, ClaimedDelivery[]>();
  for (const claim of claims) {
    // A delivery about no order has nothing to wait for: a group of its own.
    const key = claim.orderId ?? `delivery:${claim.id}`;
    byOrder.set(key, [...(byOrder.get(key) ?? []), claim]);
  }
  await inParallel([...byOrder.values()], options.concurrency ?? DEFAULT_CONCURRENCY, async (group) => {
    for (const claim of group) {
      const attemptedAt = clock();
      const sent: Sent = claim.endpoint
        ? claim.endpoint.status === 'enabled'
          ? await attemptDelivery(claim, endpointSigningSecrets(claim.endpoint), options)
          : { ok: false, statusCode: null, durationMs: 0, error: 'The webhook endpoint is disabled' }
        : claim.secret
          ? await attemptDelivery(claim, claim.secret, options)
          : { ok: false, statusCode: null, durationMs: 0, error: 'The tenant has no webhook signing secret' };
      // The next event of the order is sent only once this outcome is written.
      result[await record({ claim, result: sent, attemptedAt })]++;
    }
  });
  return result;
}
