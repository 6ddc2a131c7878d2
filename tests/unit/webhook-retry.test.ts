import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_SCHEDULE_SECONDS, parseRetrySchedule } from '@/lib/config/retry-schedule';
import { nextRetryDelayMs } from '@/lib/worker/retry';

describe('webhook retry schedule', () => {
  it('defaults to 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: about a day of retries, 8 attempts', () => {
    expect(DEFAULT_RETRY_SCHEDULE_SECONDS).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    const hours = DEFAULT_RETRY_SCHEDULE_SECONDS.reduce((a, b) => a + b, 0) / 3600;
    expect(hours).toBeGreaterThan(24);
    expect(hours).toBeLessThan(30);
    expect(parseRetrySchedule(undefined)).toBe(DEFAULT_RETRY_SCHEDULE_SECONDS);
  });

  it('the delay after attempt n is the n-th entry plus up to 20 % jitter; none after the last', () => {
    const schedule = DEFAULT_RETRY_SCHEDULE_SECONDS;
    expect(nextRetryDelayMs(1, schedule, () => 0)).toBe(5_000);
    expect(nextRetryDelayMs(1, schedule, () => 0.999999)).toBe(6_000);
    expect(nextRetryDelayMs(2, schedule, () => 0.5)).toBe(330_000);
    expect(nextRetryDelayMs(7, schedule, () => 0)).toBe(36_000_000);
    expect(nextRetryDelayMs(8, schedule)).toBeNull();
    expect(nextRetryDelayMs(0, schedule)).toBeNull();
    const spread = new Set(Array.from({ length: 50 }, () => nextRetryDelayMs(3, schedule)));
    expect(spread.size).toBeGreaterThan(1);
    for (const d of spread) expect(d! >= 1_800_000 && d! <= 2_160_000).toBe(true);
  });

  it('WEBHOOK_RETRY_SCHEDULE: comma-separated seconds; empty means no retries; junk is an error', () => {
    expect(parseRetrySchedule('1, 2.5 ,60')).toEqual([1, 2.5, 60]);
    expect(parseRetrySchedule('')).toEqual([]);
    expect(nextRetryDelayMs(1, parseRetrySchedule(''))).toBeNull();
    expect(() => parseRetrySchedule('5,soon')).toThrow(/soon/);
    expect(() => parseRetrySchedule('-1')).toThrow();
  });
});
