/**
 * A polling loop for background work (webhook delivery, the staging sandbox): runs `round` every
 * `intervalMs`, again at once while it reports more work, and at once on `wake()`. Timers are
 * unref'd (they never keep a process alive); `stop()` waits for the round under way.
 */
import { describeError } from '@/lib/log';

export type Level = 'info' | 'warn' | 'error';
export type Logger = (level: Level, msg: string, extra?: Record<string, unknown>) => void;

/** JSON lines, as the request log of lib/http/route.ts. */
export const jsonLogger: Logger = (level, msg, extra = {}) => {
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...extra });
  if (level === 'info') console.log(line);
  else console.error(line);
};

export const silentLogger: Logger = () => {};

export interface Loop {
  /** Runs a round now (or right after the one under way). */
  wake(): void;
  stop(): Promise<void>;
}

export interface LoopOptions {
  name: string;
  intervalMs: number;
  /** One round; true when it did work and another round should follow at once. */
  round: () => Promise<boolean>;
  log?: Logger;
  /** At most this many back-to-back rounds before pausing for `intervalMs` (fairness). */
  maxBurst?: number;
}

const ERROR_LOG_EVERY_MS = 60_000;
const ERROR_PAUSE_MS = 5_000;

export function startLoop(options: LoopOptions): Loop {
  const log = options.log ?? jsonLogger;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let wakeRequested = false;
  let lastErrorLog = 0;
  let errorsSinceLog = 0;

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  };

  const run = () => {
    timer = undefined;
    let pause = options.intervalMs;
    current = (async () => {
      try {
        for (let i = 0; i < (options.maxBurst ?? 50) && !stopped; i++) if (!(await options.round())) break;
      } catch (error) {
        pause = Math.max(options.intervalMs, ERROR_PAUSE_MS);
        errorsSinceLog++;
        if (Date.now() - lastErrorLog >= ERROR_LOG_EVERY_MS) {
          log('error', `${options.name}: round failed`, { error: describeError(error), failedRounds: errorsSinceLog });
          lastErrorLog = Date.now();
          errorsSinceLog = 0;
        }
      }
    })().finally(() => {
      current = undefined;
      if (wakeRequested) {
        wakeRequested = false;
        schedule(0);
      } else schedule(pause);
    });
  };

  schedule(0);
  return {
    wake() {
      if (stopped) return;
      if (current) wakeRequested = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
