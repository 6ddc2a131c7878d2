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

class PostgresStore implements Store {
  private lastCleanup = 0;
  async hit(key: string, windowStart: number) {
    const { db } = await getDatabase();
    const [row] = await db
      .insert(rateLimitCounters)
      .values({ key, windowStart: new Date(windowStart), count: 1 })
      .onConflictDoUpdate({ target: [rateLimitCounters.key, rateLimitCounters.windowStart], set: { count: sql`${rateLimitCounters.count} + 1` } })
      .returning({ count: rateLimitCounters.count });
    if (windowStart - this.lastCleanup > 10 * WINDOW_MS) {
      this.lastCleanup = windowStart;
      await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.windowStart} < ${new Date(windowStart - WINDOW_MS)}`);
    }
    return row.count;
  }
}

let store: Promise<Store> | undefined;

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
  store ??= createStore().catch((error) => {
    store = undefined;
    throw error;
  });
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
