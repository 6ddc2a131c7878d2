/**
 * Rate limits per token (and per client IP for unauthenticated calls and sign-in attempts), in
 * fixed one-minute windows. The count is shared by every instance: in Redis when REDIS_URL is
 * set, else in PostgreSQL when the service runs on it; in memory on the embedded default (one
 * process by construction).
 */
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { getDatabase } from '@/lib/db';
import { rateLimitCounters } from '@/lib/db/schema';
import { DomainError } from '@/lib/domain/errors';

const WINDOW_MS = 60_000;

export interface RateLimitResult {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  reset: number;
}

interface Store {
  /** Counts one hit; returns the count in the current window. */
  hit(key: string, windowStart: number): Promise<number>;
}

class MemoryStore implements Store {
  private counts = new Map<string, number>();
  private window = 0;
  async hit(key: string, windowStart: number) {
    if (windowStart !== this.window) {
      this.counts.clear();
      this.window = windowStart;
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count;
  }
}

class RedisStore implements Store {
  constructor(private readonly redis: Redis) {}
  async hit(key: string, windowStart: number) {
    const k = `ratelimit:${key}:${windowStart}`;
    const [[, count]] = (await this.redis.multi().incr(k).pexpire(k, WINDOW_MS * 2).exec()) as [[unknown, number]];
    return count;
  }
}

/**
 * Counts in memory and adds them to the shared PostgreSQL counter every FLUSH_MS, so a request
 * costs no round trip and no row lock; the shared count lags by at most one flush (a few requests
 * per instance). Windows are one minute: the lag is small against the limit.
 */
class PostgresStore implements Store {
  private static readonly FLUSH_MS = 250;
  private pending = new Map<string, number>();
  private shared = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private lastCleanup = 0;

  async hit(key: string, windowStart: number) {
    const k = `${key}|${windowStart}`;
    const count = (this.pending.get(k) ?? 0) + 1;
    this.pending.set(k, count);
    this.timer ??= setTimeout(() => void this.flush(), PostgresStore.FLUSH_MS).unref();
    return (this.shared.get(k) ?? 0) + count;
  }

  private async flush() {
    this.timer = undefined;
    const batch = this.pending;
    this.pending = new Map();
    try {
      const { db } = await getDatabase();
      for (const [k, delta] of batch) {
        const [key, start] = k.split('|');
        const [row] = await db
          .insert(rateLimitCounters)
          .values({ key, windowStart: new Date(Number(start)), count: delta })
          .onConflictDoUpdate({ target: [rateLimitCounters.key, rateLimitCounters.windowStart], set: { count: sql`${rateLimitCounters.count} + ${delta}` } })
          .returning({ count: rateLimitCounters.count });
        this.shared.set(k, row.count);
      }
      const now = Date.now();
      if (now - this.lastCleanup > 10 * WINDOW_MS) {
        this.lastCleanup = now;
        for (const k of this.shared.keys()) if (Number(k.split('|')[1]) < now - WINDOW_MS) this.shared.delete(k);
        await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.windowStart} < ${new Date(now - 2 * WINDOW_MS)}`);
      }
    } catch (error) {
      // Counting must never fail a request; keep the hits for the next flush.
      for (const [k, delta] of batch) this.pending.set(k, (this.pending.get(k) ?? 0) + delta);
      this.timer ??= setTimeout(() => void this.flush(), PostgresStore.FLUSH_MS).unref();
      // drizzle wraps the driver's error: its cause says why (connection lost, pool closed, ...).
      const cause = error instanceof Error && error.cause !== undefined ? String(error.cause) : undefined;
      console.error(JSON.stringify({ level: 'warn', msg: 'rate limit flush failed', error: String(error), cause }));
    }
  }
}

// One store per process, shared by every route bundle (see lib/auth/tokens.ts).
const storeKey = Symbol.for('dto.rateLimitStore');
const holder = globalThis as { [storeKey]?: Promise<Store> };

async function createStore(): Promise<Store> {
  if (process.env.REDIS_URL) {
    const { Redis } = await import('ioredis');
    return new RedisStore(new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true }));
  }
  const { driver } = await getDatabase();
  return driver === 'postgres' ? new PostgresStore() : new MemoryStore();
}

function limitFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export const limits = {
  /** Requests per minute per API token or dashboard user. */
  principal: () => limitFromEnv('RATE_LIMIT_PER_MINUTE', 1200),
  /** Requests per minute per client IP without valid credentials, and sign-in attempts. */
  anonymous: () => limitFromEnv('RATE_LIMIT_ANONYMOUS_PER_MINUTE', 120),
};

/** Counts one request of `subject`; throws 429 `tooManyRequests` once over `limit`. */
export async function consume(subject: string, limit: number, now = Date.now()): Promise<RateLimitResult> {
  holder[storeKey] ??= createStore().catch((error) => {
    delete holder[storeKey];
    throw error;
  });
  const store = holder[storeKey];
  const windowStart = now - (now % WINDOW_MS);
  const count = await (await store).hit(subject, windowStart);
  const reset = Math.ceil((windowStart + WINDOW_MS - now) / 1000);
  const result = { limit, remaining: Math.max(0, limit - count), reset };
  if (count > limit) {
    throw new DomainError('tooManyRequests', `Rate limit of ${limit} requests per minute exceeded; retry in ${reset} s.`, {
      meta: { limit, retryAfterSeconds: reset },
      headers: rateLimitHeaders(result, true),
    });
  }
  return result;
}

export function rateLimitHeaders(r: RateLimitResult, limited = false): Record<string, string> {
  return {
    'RateLimit-Limit': String(r.limit),
    'RateLimit-Remaining': String(r.remaining),
    'RateLimit-Reset': String(r.reset),
    ...(limited ? { 'Retry-After': String(r.reset) } : {}),
  };
}

/** The client's address as the server saw it (Next.js sets x-forwarded-for). */
export function clientIp(request: Request): string {
  return request.headers.get('x-forwarded-for')?.split(',')[0].trim() || request.headers.get('x-real-ip') || 'unknown';
}
