/**
 * Rate limits in fixed windows: per token or dashboard user (one minute), per client address for
 * calls without valid credentials and for sign-in attempts (one minute), and failed sign-ins per
 * account (15 minutes). The client address is the socket's (lib/http/client-address.ts), never a
 * header the client controls. The count is shared by every instance: in Redis when REDIS_URL is
 * set, else in PostgreSQL when the service runs on it; in memory on the embedded default (one
 * process by construction).
 */
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { getDatabase } from '@/lib/app-db';
import { env } from '@/lib/config/env';
import { rateLimitCounters } from '@/lib/db/schema';
import { DomainError } from '@/lib/domain/errors';
import { describeError, log } from '@/lib/log';
import { runtime } from '@/lib/runtime';

const MINUTE_MS = 60_000;
/**
 * The longest window a limit may have (the unlock link's hour per e-mail): the clean-ups remove
 * counters whose window started longer ago than this (memory) or twice this (PostgreSQL). A limit
 * with a longer window is refused, not silently reset by a clean-up in the middle of its window.
 */
export const LONGEST_WINDOW_MS = 60 * MINUTE_MS;

function assertWindow(limit: Limit): void {
  if (limit.windowMs > LONGEST_WINDOW_MS) throw new Error(`A rate-limit window of ${limit.windowMs} ms is longer than the clean-up keeps (${LONGEST_WINDOW_MS} ms).`);
}

export interface RateLimitResult {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  reset: number;
}

interface Store {
  /** Counts one hit; returns the count in the window that starts at `windowStart`. */
  hit(key: string, windowStart: number, windowMs: number): Promise<number>;
  /** The count so far in that window, without counting. */
  peek(key: string, windowStart: number): Promise<number>;
  /**
   * Counts one hit where every instance sees it at once, and returns the count: for rare events
   * whose budget is small (sign-in attempts), where hit()'s batching would let parallel attempts
   * on other instances through.
   */
  take(key: string, windowStart: number, windowMs: number): Promise<number>;
  /** Gives back one taken hit (an attempt that turned out not to be a guess: the right password). */
  giveBack(key: string, windowStart: number): Promise<void>;
}

const counterKey = (key: string, windowStart: number) => `${key}|${windowStart}`;
const windowOf = (counter: string) => Number(counter.slice(counter.lastIndexOf('|') + 1));

class MemoryStore implements Store {
  private counts = new Map<string, number>();
  private lastCleanup = Date.now();
  async hit(key: string, windowStart: number) {
    this.cleanUp();
    const k = counterKey(key, windowStart);
    const count = (this.counts.get(k) ?? 0) + 1;
    this.counts.set(k, count);
    return count;
  }
  async peek(key: string, windowStart: number) {
    return this.counts.get(counterKey(key, windowStart)) ?? 0;
  }
  take(key: string, windowStart: number) {
    return this.hit(key, windowStart); // one process: counted before any await
  }
  async giveBack(key: string, windowStart: number) {
    const k = counterKey(key, windowStart);
    const count = this.counts.get(k) ?? 0;
    if (count > 1) this.counts.set(k, count - 1);
    else this.counts.delete(k);
  }
  private cleanUp() {
    const now = Date.now();
    if (now - this.lastCleanup < MINUTE_MS) return;
    this.lastCleanup = now;
    for (const k of this.counts.keys()) if (windowOf(k) < now - LONGEST_WINDOW_MS) this.counts.delete(k);
  }
}

class RedisStore implements Store {
  constructor(private readonly redis: Redis) {}
  async hit(key: string, windowStart: number, windowMs: number) {
    const k = `ratelimit:${key}:${windowStart}`;
    const [[, count]] = (await this.redis.multi().incr(k).pexpire(k, windowMs * 2).exec()) as [[unknown, number]];
    return count;
  }
  async peek(key: string, windowStart: number) {
    return Number((await this.redis.get(`ratelimit:${key}:${windowStart}`)) ?? 0);
  }
  take(key: string, windowStart: number, windowMs: number) {
    return this.hit(key, windowStart, windowMs); // INCR is atomic on the server
  }
  async giveBack(key: string, windowStart: number) {
    await this.redis.decr(`ratelimit:${key}:${windowStart}`);
  }
}

/**
 * Counts in memory and adds them to the shared PostgreSQL counter every FLUSH_MS, so a request
 * costs no round trip and no row lock; the shared count lags by at most one flush (a few requests
 * per instance). Windows are a minute or more: the lag is small against the limit.
 */
class PostgresStore implements Store {
  private static readonly FLUSH_MS = 250;
  private pending = new Map<string, number>();
  private shared = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private lastCleanup = 0;

  async hit(key: string, windowStart: number) {
    const k = counterKey(key, windowStart);
    const count = (this.pending.get(k) ?? 0) + 1;
    this.pending.set(k, count);
    this.timer ??= setTimeout(() => void this.flush(), PostgresStore.FLUSH_MS).unref();
    return (this.shared.get(k) ?? 0) + count;
  }

  /** Read from PostgreSQL: a peek guards rare events (sign-in), where other instances' counts matter. */
  async peek(key: string, windowStart: number) {
    const { db } = await getDatabase();
    const [row] = await db
      .select({ count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(sql`${rateLimitCounters.key} = ${key} and ${rateLimitCounters.windowStart} = ${new Date(windowStart)}`);
    return (row?.count ?? 0) + (this.pending.get(counterKey(key, windowStart)) ?? 0);
  }

  /** One statement: the row lock orders parallel takes, each sees the count its own hit made. */
  async take(key: string, windowStart: number) {
    const { db } = await getDatabase();
    const [row] = await db
      .insert(rateLimitCounters)
      .values({ key, windowStart: new Date(windowStart), count: 1 })
      .onConflictDoUpdate({ target: [rateLimitCounters.key, rateLimitCounters.windowStart], set: { count: sql`${rateLimitCounters.count} + 1` } })
      .returning({ count: rateLimitCounters.count });
    return row.count + (this.pending.get(counterKey(key, windowStart)) ?? 0);
  }

  async giveBack(key: string, windowStart: number) {
    const { db } = await getDatabase();
    await db
      .update(rateLimitCounters)
      .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
      .where(sql`${rateLimitCounters.key} = ${key} and ${rateLimitCounters.windowStart} = ${new Date(windowStart)}`);
  }

  private async flush() {
    this.timer = undefined;
    const batch = this.pending;
    this.pending = new Map();
    try {
      const { db } = await getDatabase();
      for (const [k, delta] of batch) {
        const key = k.slice(0, k.lastIndexOf('|'));
        const [row] = await db
          .insert(rateLimitCounters)
          .values({ key, windowStart: new Date(windowOf(k)), count: delta })
          .onConflictDoUpdate({ target: [rateLimitCounters.key, rateLimitCounters.windowStart], set: { count: sql`${rateLimitCounters.count} + ${delta}` } })
          .returning({ count: rateLimitCounters.count });
        this.shared.set(k, row.count);
      }
      const now = Date.now();
      if (now - this.lastCleanup > 10 * MINUTE_MS) {
        this.lastCleanup = now;
        for (const k of this.shared.keys()) if (windowOf(k) < now - LONGEST_WINDOW_MS) this.shared.delete(k);
        await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.windowStart} < ${new Date(now - 2 * LONGEST_WINDOW_MS)}`);
      }
    } catch (error) {
      // Counting must never fail a request; keep the hits for the next flush.
      for (const [k, delta] of batch) this.pending.set(k, (this.pending.get(k) ?? 0) + delta);
      this.timer ??= setTimeout(() => void this.flush(), PostgresStore.FLUSH_MS).unref();
      log('warn', 'rate limit flush failed', { error: describeError(error) });
    }
  }
}

// One store per process, in the runtime (lib/runtime.ts), shared by every route bundle.
declare module '@/lib/runtime' {
  interface Runtime {
    /** The rate limits' counters: Redis, PostgreSQL or memory (lib/rate-limit). */
    rateLimitStore?: Promise<Store>;
  }
}

async function createStore(): Promise<Store> {
  const redisUrl = env.REDIS_URL;
  if (redisUrl) {
    const { Redis } = await import('ioredis');
    return new RedisStore(new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }));
  }
  const { driver } = await getDatabase();
  return driver === 'postgres' ? new PostgresStore() : new MemoryStore();
}

export interface Limit {
  max: number;
  windowMs: number;
}

export const limits = {
  /** Requests per minute per API token or dashboard user. */
  principal: (): Limit => ({ max: env.RATE_LIMIT_PER_MINUTE, windowMs: MINUTE_MS }),
  /** Requests per minute per client address without valid credentials, and sign-in attempts. */
  anonymous: (): Limit => ({ max: env.RATE_LIMIT_ANONYMOUS_PER_MINUTE, windowMs: MINUTE_MS }),
};

function store(): Promise<Store> {
  const current = runtime();
  if (current.rateLimitStore) return current.rateLimitStore;
  const creating: Promise<Store> = createStore().catch((error) => {
    if (current.rateLimitStore === creating) delete current.rateLimitStore;
    throw error;
  });
  current.rateLimitStore = creating;
  return creating;
}

const windowStartOf = (now: number, windowMs: number) => now - (now % windowMs);

function exceeded(limit: Limit, now: number, detail?: string): DomainError {
  const reset = Math.ceil((windowStartOf(now, limit.windowMs) + limit.windowMs - now) / 1000);
  const perWindow = limit.windowMs === MINUTE_MS ? 'per minute' : `per ${limit.windowMs / MINUTE_MS} minutes`;
  return new DomainError('tooManyRequests', detail ?? `Rate limit of ${limit.max} requests ${perWindow} exceeded; retry in ${reset} s.`, {
    // lib/http turns these into RateLimit-* and Retry-After headers.
    meta: { limit: limit.max, retryAfterSeconds: reset },
  });
}

/** Counts one request of `subject`; throws 429 `tooManyRequests` once over the limit. */
export async function consume(subject: string, limit: Limit, now = Date.now()): Promise<RateLimitResult> {
  assertWindow(limit);
  const windowStart = windowStartOf(now, limit.windowMs);
  const count = await (await store()).hit(subject, windowStart, limit.windowMs);
  if (count > limit.max) throw exceeded(limit, now);
  return { limit: limit.max, remaining: Math.max(0, limit.max - count), reset: Math.ceil((windowStart + limit.windowMs - now) / 1000) };
}

/**
 * Counts one attempt of `subject` atomically, across instances, before the work it guards (a
 * password check): parallel attempts each get their own count, so no more than `limit.max` of them
 * pass (issue 26, finding 4). Returns whether this one is within the limit, and when the window resets.
 */
export async function takeAttempt(
  subject: string,
  limit: Limit,
  now = Date.now(),
): Promise<{ within: boolean; count: number; retryAfterSeconds: number; giveBack: () => Promise<void> }> {
  assertWindow(limit);
  const windowStart = windowStartOf(now, limit.windowMs);
  const counters = await store();
  const count = await counters.take(subject, windowStart, limit.windowMs);
  return {
    within: count <= limit.max,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + limit.windowMs - now) / 1000)),
    giveBack: () => counters.giveBack(subject, windowStart),
  };
}
