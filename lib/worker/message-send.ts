/**
 * The message worker (DESIGN.md 6.1): reads the `messages` outbox (lib/domain/outbox/message-queue.ts
 * writes it in the transaction of the change that sends it) the way the webhook delivery worker
 * reads its own (lib/worker/delivery-worker.ts).
 *
 * One round (`runDueMessages`):
 * 1. Claim: one statement picks due rows (`status = 'queued' and next_attempt_at <= now`) with
 *    `FOR UPDATE SKIP LOCKED`, increments `attempts` and pushes `next_attempt_at` forward by the
 *    lease (60 s). The status stays `queued`: a worker killed after claiming (even after its SMTP
 *    server took the message but before it recorded that) leaves a row that becomes due again when
 *    the lease ends, so nothing is lost; concurrent workers skip each other's rows, so no two send
 *    the same attempt. `attempts` is the fencing token of the claim.
 * 2. Render (lib/domain/messages/render.ts) and send through the channel's provider
 *    (lib/worker/providers): SMTP or Twilio, the staging mailbox, or none in production.
 * 3. Record, only if the claim is still ours: `sent` (with `sent_at`, `provider`,
 *    `provider_message_id`), `queued` again with the next retry time (transient failure, the
 *    webhook schedule of lib/config/retry-schedule.ts: about a day), or `failed` (a permanent
 *    failure, the schedule used up, no provider in production: `providerNotConfigured`), with the
 *    `message.failed` event in the same transaction (lib/domain/messages/message-failed.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { messages } from '@/lib/db/schema';
import { DEFAULT_RETRY_SCHEDULE_SECONDS } from '@/lib/config/retry-schedule';
import { emitMessageFailed } from '@/lib/domain/messages/message-failed';
import { renderMessage, RenderError } from '@/lib/domain/messages/render';
import { withTransaction } from '@/lib/domain/transaction';
import { openSecret } from '@/lib/secrets';
import { providersFromEnv, type Providers, type SendOutcome } from './providers';
import { errorText } from './providers/types';
import { nextRetryDelayMs } from './retry';
import { describeErrorBriefly } from '@/lib/log';

export const MESSAGE_LEASE_MS = 60_000;
/**
 * A round claims up to 32 messages and works on 16 at once (rendering reads the database; the SMTP
 * provider sends over a pool of at most 10 connections): two waves, well within the lease.
 */
export const MESSAGE_BATCH_SIZE = 32;
export const MESSAGE_CONCURRENCY = 16;
export const PROVIDER_NOT_CONFIGURED = 'providerNotConfigured';

export interface MessageRunOptions {
  db: Db;
  /** Clock for claims and retry times (tests move it forward). Default: real time. */
  now?: () => Date;
  batchSize?: number;
  concurrency?: number;
  /** How long a claim holds a row before another worker may take it again. */
  leaseMs?: number;
  /** Retry delays in seconds after each failed attempt; default 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
  retrySchedule?: readonly number[];
  /** Default: from the environment (lib/worker/providers/index.ts). */
  providers?: Providers;
  /** Only these messages (tests and tools sharing a database). */
  messageIds?: readonly string[];
}

type MessageRow = typeof messages.$inferSelect;

export interface MessageRunResult {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  /** Attempts whose outcome was not recorded because the claim was taken over meanwhile. */
  superseded: number;
}

const realNow = () => new Date();

/** Claims up to `batchSize` due messages for one attempt each (step 1). */
export async function claimDueMessages(options: MessageRunOptions): Promise<MessageRow[]> {
  const now = (options.now ?? realNow)();
  const leaseUntil = new Date(now.getTime() + (options.leaseMs ?? MESSAGE_LEASE_MS));
  const only = options.messageIds ? sql`and m.id in (${sql.join([...options.messageIds, ''].map((id) => sql`${id}`), sql`, `)})` : sql``;
  // In the due index's own order (status, next_attempt_at) and no other sort key, so that a claim
  // reads about `batchSize` rows however long the queue is.
  const due = sql`(
    select m.id from ${messages} m
    where m.status = 'queued' and m.next_attempt_at <= ${now.toISOString()}::timestamptz ${only}
    order by m.next_attempt_at
    limit ${options.batchSize ?? MESSAGE_BATCH_SIZE}
    for update skip locked
  )`;
  const rows = await options.db
    .update(messages)
    .set({ attempts: sql`${messages.attempts} + 1`, nextAttemptAt: leaseUntil })
    // `= any(array(...))` runs the locking sub-select exactly once (an InitPlan), unlike `in (...)`.
    .where(sql`${messages.id} = any(array${due})`)
    .returning();
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

export type Attempt = SendOutcome & { provider: string | null };

/** Renders and sends one claimed message (step 2); never throws for a failure of the message itself. */
export async function attemptMessage(db: Db, claim: MessageRow, providers: Providers): Promise<Attempt> {
  const channel = claim.channel === 'sms' ? 'sms' : 'email';
  const provider = providers[channel];
  if (!provider) return { ok: false, permanent: true, error: PROVIDER_NOT_CONFIGURED, provider: null };
  let content;
  try {
    content = await renderMessage(db, claim);
  } catch (error) {
    if (error instanceof RenderError) return { ok: false, permanent: true, error: `${error.code}: ${error.message}`, provider: null };
    throw error;
  }
  const outcome = await provider.send({ id: claim.id, channel, to: openSecret(claim.toEncrypted), ...content });
  return { ...outcome, provider: provider.name };
}

type Outcome = 'sent' | 'retrying' | 'failed' | 'superseded';

/** Records the outcome of one attempt (step 3); a claim taken over meanwhile records nothing. */
export async function recordMessageAttempt(db: Db, claim: MessageRow, attempt: Attempt, options: { finishedAt: Date; retrySchedule: readonly number[] }): Promise<Outcome> {
  const delay = attempt.ok || attempt.permanent ? null : nextRetryDelayMs(claim.attempts, options.retrySchedule);
  const outcome: Outcome = attempt.ok ? 'sent' : delay === null ? 'failed' : 'retrying';
  const record = async (handle: Db): Promise<Outcome> => {
    const updated = await handle
      .update(messages)
      .set(
        attempt.ok
          ? { status: 'sent', sentAt: options.finishedAt, nextAttemptAt: null, lastError: null, provider: attempt.provider, providerMessageId: attempt.providerMessageId }
          : {
              status: outcome === 'failed' ? 'failed' : 'queued',
              nextAttemptAt: delay === null ? null : new Date(options.finishedAt.getTime() + delay),
              lastError: errorText(attempt.error),
              provider: attempt.provider,
            },
      )
      .where(and(eq(messages.id, claim.id), eq(messages.attempts, claim.attempts), eq(messages.status, 'queued')))
      .returning({ id: messages.id });
    return updated.length ? outcome : 'superseded';
  };
  if (attempt.ok || outcome !== 'failed') return record(db);
  // Failed for good: the status and the `message.failed` event (DESIGN.md 7.6) in one transaction.
  return withTransaction({ db }, async (t) => {
    const recorded = await record(t.db);
    if (recorded === 'failed') await emitMessageFailed(t, claim, { failedAt: options.finishedAt, error: errorText(attempt.error) });
    return recorded;
  });
}

/** Runs `task` over `items` with at most `limit` at a time. */
async function inParallel<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await task(items[next++]);
  });
  await Promise.all(lanes);
}

/** One round: claim, render and send, record. */
export async function runDueMessages(options: MessageRunOptions): Promise<MessageRunResult> {
  const clock = options.now ?? realNow;
  const schedule = options.retrySchedule ?? DEFAULT_RETRY_SCHEDULE_SECONDS;
  const providers = options.providers ?? providersFromEnv();
  const claims = await claimDueMessages(options);
  const result: MessageRunResult = { claimed: claims.length, sent: 0, retrying: 0, failed: 0, superseded: 0 };
  await inParallel(claims, options.concurrency ?? MESSAGE_CONCURRENCY, async (claim) => {
    let attempt: Attempt;
    try {
      attempt = await attemptMessage(options.db, claim, providers);
    } catch (error) {
      // A fault of ours (the database, the key): retried like a transient failure, and recorded.
      attempt = { ok: false, permanent: false, error: `internal: ${describeErrorBriefly(error)}`, provider: null };
    }
    result[await recordMessageAttempt(options.db, claim, attempt, { finishedAt: clock(), retrySchedule: schedule })]++;
  });
  return result;
}
