/**
 * WEBHOOK_RETRY_SCHEDULE: comma-separated delays in seconds between the attempts of a webhook
 * delivery, and the default when it is unset (lib/worker/retry.ts says why these delays). Here, in
 * lib/config, so that the start-up check of the environment (env.ts) reads it with the worker's rule.
 */

export const DEFAULT_RETRY_SCHEDULE_SECONDS: readonly number[] = [5, 300, 1800, 7200, 18000, 36000, 36000];

export function parseRetrySchedule(raw: string | undefined): readonly number[] {
  if (raw === undefined) return DEFAULT_RETRY_SCHEDULE_SECONDS;
  const parts = raw.split(',').map((p) => p.trim()).filter((p) => p !== '');
  const delays = parts.map(Number);
  const bad = parts.filter((_, i) => !Number.isFinite(delays[i]) || delays[i] < 0);
  if (bad.length) throw new Error(`WEBHOOK_RETRY_SCHEDULE must be comma-separated non-negative seconds; bad: ${bad.join(', ')}`);
  return delays;
}
