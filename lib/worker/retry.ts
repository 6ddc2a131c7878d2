/**
 * When a failed attempt is tried again. The default schedule is the Standard Webhooks / Svix one:
 * after the first attempt fails, retry after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h
 * (8 attempts over about 28 hours), each delay stretched by up to 20 % of random jitter so that
 * many deliveries failing together do not retry together. Then the delivery is `failed`.
 *
 * `WEBHOOK_RETRY_SCHEDULE` overrides it: comma-separated delays in seconds (fractions allowed,
 * e.g. `0.1,0.1` in tests); an empty value means no retries. The default and the format live in
 * lib/config/retry-schedule.ts, which the start-up check of the environment uses too.
 */
import { env } from '@/lib/config/env';
import { parseRetrySchedule } from '@/lib/config/retry-schedule';

export const JITTER = 0.2;

export function retryScheduleFromEnv(): readonly number[] {
  return parseRetrySchedule(env.WEBHOOK_RETRY_SCHEDULE);
}

/**
 * The delay in milliseconds before the next attempt after `attemptsMade` attempts (1 = the first
 * attempt just failed), or null when the schedule is used up and the delivery has failed.
 */
export function nextRetryDelayMs(attemptsMade: number, schedule: readonly number[], random: () => number = Math.random): number | null {
  if (attemptsMade < 1 || attemptsMade > schedule.length) return null;
  const base = schedule[attemptsMade - 1] * 1000;
  return Math.round(base * (1 + JITTER * random()));
}
