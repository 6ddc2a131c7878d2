/**
 * The message worker as a running loop (in the server process, or `npm run worker`), beside the
 * webhook delivery worker and switched with it (`WEBHOOK_WORKER=off` stops both in a process):
 * both read an outbox of the same database, and a deployment that runs `npm run worker` apart from
 * the servers wants both there. Polls every `WEBHOOK_POLL_MS` (default 500 ms), and at once when
 * this process queued a message (`notifyMessagesDue`).
 */
import type { Db } from '@/lib/db/client';
import { onMessagesDue } from '@/lib/domain/outbox/message-wake';
import { pollIntervalFromEnv } from './delivery-loop';
import { backgroundDb } from './background-db';
import { jsonLogger, startLoop, type Logger, type Loop } from './loop';
import { runDueMessages, type MessageRunOptions } from './message-send';
import { providersFromEnv } from './providers';

export interface MessageWorkerOptions extends Omit<MessageRunOptions, 'db'> {
  /** Default: the loops' own pool on PostgreSQL, the process database with PGlite (lib/worker/background-db.ts). */
  db?: Db;
  intervalMs?: number;
  log?: Logger;
}

export function startMessageWorker(options: MessageWorkerOptions = {}): Loop {
  const log = options.log ?? jsonLogger;
  const providers = options.providers ?? providersFromEnv();
  const missing = (['email', 'sms'] as const).filter((channel) => !providers[channel]);
  if (missing.length)
    log('warn', 'message worker: no provider configured; these messages will fail with providerNotConfigured', {
      channels: missing,
      configure: { email: 'SMTP_URL, MAIL_FROM', sms: 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM' },
    });
  const loop = startLoop({
    name: 'message worker',
    intervalMs: options.intervalMs ?? pollIntervalFromEnv(),
    log,
    round: async () => {
      const db = options.db ?? (await backgroundDb());
      const result = await runDueMessages({ ...options, db });
      if (result.failed) log('warn', 'messages failed for good (permanent failure, retries used up, or no provider)', { count: result.failed });
      return result.claimed > 0;
    },
  });
  const unsubscribe = onMessagesDue(() => loop.wake());
  return {
    wake: loop.wake,
    async stop() {
      unsubscribe();
      await loop.stop();
    },
  };
}
