import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LONGEST_WINDOW_MS, takeAttempt } from '@/lib/rate-limit';
import { runtime } from '@/lib/runtime';
import { call, expectError, get, token, withTestDatabase } from './harness';

withTestDatabase();

const saved = { ...process.env };
afterEach(() => {
  process.env.RATE_LIMIT_PER_MINUTE = saved.RATE_LIMIT_PER_MINUTE;
  process.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE = saved.RATE_LIMIT_ANONYMOUS_PER_MINUTE;
  delete runtime().servedByOurServer;
});

describe('rate limits', () => {
  it('per token: RateLimit-* headers count down, then 429 tooManyRequests with Retry-After', async () => {
    process.env.RATE_LIMIT_PER_MINUTE = '3';
    const t = await token({ scopes: ['agency.list'] });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await get('/api/v2/agencies', { token: t });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('3');
      remaining.push(res.headers.get('ratelimit-remaining')!);
    }
    // Unless the minute turned over between calls, the count went 2, 1, 0.
    if (remaining[0] === '2' && remaining[2] === '0') {
      const limited = await get('/api/v2/agencies', { token: t });
      const entry = expectError(limited, 429, 'tooManyRequests');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited.headers.get('ratelimit-remaining')).toBe('0');
      expect(entry.meta.limit).toBe(3);
      // Another token has its own budget.
      expect((await get('/api/v2/agencies', { token: await token({ scopes: ['agency.list'] }) })).status).toBe(200);
    }
  });

  it('per client address for calls without valid credentials', async () => {
    process.env.RATE_LIMIT_ANONYMOUS_PER_MINUTE = '2';
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
    // The address scripts/server.mjs passes from the socket (see request-hardening.test.ts).
    runtime().servedByOurServer = true;
    const headers = { 'x-dto-client-address': ip };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call('GET', '/api/v2/agencies', { headers })).status);
    // The third call in one window is refused (the window may turn over once, hence the looser check).
    expect(statuses.slice(0, 2)).toEqual([401, 401]);
    expect([401, 429]).toContain(statuses[2]);
    if (statuses[2] === 429) {
      const again = await call('GET', '/api/v2/agencies', { headers, token: 'dto_test_wrong' });
      expectError(again, 429, 'tooManyRequests');
    }
  });
});

describe('a window of an hour (the unlock link per e-mail)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps its count to the end of the hour: the clean-ups of shorter windows do not reset it', async () => {
    // In the second half of an hour (the clean-ups used to drop every counter of a window that
    // started more than 15 or 30 minutes ago, the current hour's included).
    const hour = 60 * 60_000;
    const start = Math.ceil(Date.now() / hour) * hour + 40 * 60_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    const subject = `hour-window:${randomUUID()}`;
    const within: boolean[] = [];
    for (let minute = 0; minute < 5; minute++) {
      // A minute apart, so that the in-memory clean-up (at most once a minute) runs between them.
      vi.setSystemTime(start + minute * 61_000);
      within.push((await takeAttempt(subject, { max: 3, windowMs: hour })).within);
      // On PostgreSQL, counts reach the shared table on the next flush (every 250 ms), where the clean-up runs too.
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(within).toEqual([true, true, true, false, false]);
  });

  it('a limit with a window longer than the clean-up keeps is refused', async () => {
    await expect(takeAttempt(`too-long:${randomUUID()}`, { max: 1, windowMs: LONGEST_WINDOW_MS + 1 })).rejects.toThrow(/longer than the clean-up keeps/);
  });
});
