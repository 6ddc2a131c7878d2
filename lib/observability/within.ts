import { describeError } from '@/lib/log';

/** Rejects when `work` has not settled within `ms`: health checks and scrapes answer quickly or fail. */
export class TimedOut extends Error {}

export function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`${what} did not answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A log text for a failed check: lib/log's description (parameters withheld), without the stack. */
export const errorText = (error: unknown): string => describeError(error).split('\n')[0];
