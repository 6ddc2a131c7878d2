/**
 * Background work of a server process (and of `npm run worker`): the webhook delivery worker and,
 * in staging, the sandbox simulator. Call once at start-up; returns a handle to stop them.
 *
 * Environment:
 * - `WEBHOOK_WORKER=off`         no delivery worker and no message worker in this process (e.g. when `npm run worker` runs beside it)
 * - `WEBHOOK_POLL_MS`            poll interval of the delivery worker (default 500)
 * - `WEBHOOK_TIMEOUT_MS`         per-attempt timeout (default 10000, at most 15000)
 * - `WEBHOOK_RETRY_SCHEDULE`     retry delays in seconds, comma-separated (default 5,300,1800,7200,18000,36000,36000)
 * - `ALLOW_PRIVATE_CALLBACKS=true` allow private/loopback callback addresses (development and tests only)
 * - `APP_ENV`                    the sandbox runs only in `staging` (the default)
 * - `SANDBOX=off`                no sandbox simulator even in staging
 * - `SANDBOX_STEP_SECONDS`       seconds between two steps of a sandbox order (default 30)
 *
 * The expiry and reminder sweep (lib/worker/expiry-loop.ts) and the action sweep (lib/worker/action-loop.ts) run wherever the delivery worker does,
 * and so does PGlite's vacuum (lib/worker/vacuum-loop.ts; `VACUUM_INTERVAL_MS`, default 10 minutes).
 */
import { env } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { runtime } from '@/lib/runtime';
import { startSandbox } from '@/lib/sandbox';
import { sandboxEnabled, stepSecondsFromEnv } from '@/lib/sandbox/simulator';
import { startActionLoop } from '@/lib/worker/action-loop';
import { startDeliveryWorker, pollIntervalFromEnv } from '@/lib/worker/delivery-loop';
import { startExpiryLoop } from '@/lib/worker/expiry-loop';
import { startHeartbeat } from '@/lib/worker/heartbeat';
import { startMessageWorker } from '@/lib/worker/message-loop';
import { startVacuumLoop } from '@/lib/worker/vacuum-loop';
import { jsonLogger, type Logger, type Loop } from '@/lib/worker/loop';

export interface BackgroundWorkOptions {
  /** Default: the process database (lib/app-db.ts), opened lazily. */
  db?: Db;
  /** Default: unless WEBHOOK_WORKER=off. */
  deliveries?: boolean;
  /** Default: staging and SANDBOX not off. */
  sandbox?: boolean;
  log?: Logger;
}

export interface BackgroundWork {
  /** What runs: for logs and tests. */
  readonly running: { deliveries: boolean; sandbox: boolean };
  stop(): Promise<void>;
}

declare module '@/lib/runtime' {
  interface Runtime {
    /** The background work running in this process (lib/background.ts). */
    backgroundWork?: BackgroundWork;
  }
}

export function deliveryWorkerEnabled(): boolean {
  return env.WEBHOOK_WORKER;
}

/**
 * Starts the delivery worker and (staging) the sandbox. Idempotent per process: a second call
 * (hot reload, a second start-up hook) returns the running handle.
 */
export function startBackgroundWork(options: BackgroundWorkOptions = {}): BackgroundWork {
  const current = runtime();
  if (current.backgroundWork) return current.backgroundWork;
  const log = options.log ?? jsonLogger;
  const loops: Loop[] = [];
  const running = {
    deliveries: options.deliveries ?? deliveryWorkerEnabled(),
    sandbox: options.sandbox ?? sandboxEnabled(),
  };
  // The heartbeat tells /api/ready that someone delivers webhooks (lib/worker/heartbeat.ts).
  // The message worker (e-mail and SMS to participants, lib/worker/message-send.ts) runs with it: both read an outbox.
  if (running.deliveries) loops.push(startDeliveryWorker({ db: options.db, log }), startHeartbeat({ db: options.db, log }), startMessageWorker({ db: options.db, log }));
  if (running.sandbox) loops.push(startSandbox({ db: options.db, log }));
  if (running.deliveries) loops.push(startExpiryLoop({ db: options.db, log }), startVacuumLoop({ db: options.db, log }));
  // The action center's sweep (DESIGN.md 7.4) runs beside the expiry sweep.
  if (running.deliveries) loops.push(startActionLoop({ db: options.db, log }));
  log('info', 'background work started', {
    webhookDelivery: running.deliveries ? { pollMs: pollIntervalFromEnv() } : 'off',
    sandbox: running.sandbox ? { stepSeconds: stepSecondsFromEnv() } : 'off',
  });
  const work: BackgroundWork = {
    running,
    async stop() {
      if (current.backgroundWork === work) delete current.backgroundWork;
      await Promise.all(loops.map((l) => l.stop()));
    },
  };
  current.backgroundWork = work;
  return work;
}
