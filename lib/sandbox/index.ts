/** The staging sandbox simulator as a running loop (see simulator.ts). */
import type { Db } from '@/lib/db/client';
import { getDb } from '@/lib/app-db';
import { jsonLogger, startLoop, type Logger, type Loop } from '@/lib/worker/loop';
import { runSandboxTick, stepSecondsFromEnv, type SandboxTickOptions } from './simulator';

export { lifecycle, MAGIC_LAST_NAMES, nextStep, outcomeOf, serviceKind } from './lifecycle';
export { runSandboxTick, sandboxEnabled, stepSecondsFromEnv } from './simulator';

export interface SandboxOptions extends Omit<SandboxTickOptions, 'db'> {
  db?: Db;
  log?: Logger;
}

/** Ticks a few times per step (at least every 5 s, at most every 250 ms). */
export function startSandbox(options: SandboxOptions = {}): Loop {
  const log = options.log ?? jsonLogger;
  const stepSeconds = options.stepSeconds ?? stepSecondsFromEnv();
  let reported = 0;
  return startLoop({
    name: 'sandbox simulator',
    intervalMs: Math.min(5_000, Math.max(250, (stepSeconds * 1000) / 4)),
    log,
    // One tick per round: the next step of an order is due only a step later anyway.
    maxBurst: 1,
    round: async () => {
      const result = await runSandboxTick({ ...options, stepSeconds, db: options.db ?? (await getDb()) });
      if (result.errors.length && Date.now() - reported > 60_000) {
        reported = Date.now();
        log('warn', 'sandbox: some orders could not move', { errors: result.errors.slice(0, 5) });
      }
      return false;
    },
  });
}
