/**
 * `npm run worker`: the webhook delivery worker (and, in staging, the sandbox simulator) as a
 * process of its own, for deployments that scale them apart from the web servers. The same code
 * runs inside every server process by default (lib/background.ts); run several of either: they share the
 * work through row locks (`FOR UPDATE SKIP LOCKED`) and never send one attempt twice.
 *
 * Needs PostgreSQL (DATABASE_URL): the embedded PGlite database allows one process per data
 * directory, and that process is the server, which already runs this worker.
 */
import { closeDatabase } from '@/lib/app-db';
import { configFromEnv } from '@/lib/db/client';
import { readLockOwner } from '@/lib/db/pglite-lock';
import { startBackgroundWork } from '@/lib/background';
import { prepareDatabase, startProcess } from '@/lib/start-up';

function fail(message: string): never {
  process.stderr.write(`npm run worker: ${message}\n`);
  process.exit(1);
}

const { config } = startProcess('worker', 'npm run worker', { redactConsole: true });

if (!config.DATABASE_URL) {
  const dataDir = configFromEnv().dataDir!;
  const owner = readLockOwner(dataDir);
  const who = owner ? ` It is in use now by ${owner.port ? `the server on port ${owner.port}` : 'another process'} (pid ${owner.pid}), which already delivers webhooks${config.APP_ENV === 'production' ? '' : ' and runs the sandbox'} itself.` : '';
  fail(
    `a separate worker process needs PostgreSQL: set DATABASE_URL=postgres://... (the same database as the servers).\n` +
      `Without it the service uses the embedded PGlite database in ${dataDir}, which allows one process per data directory.${who}\n` +
      `With PGlite there is nothing to start: the server process runs the delivery worker (and, in staging, the sandbox) by itself.`,
  );
}

await prepareDatabase(); // migrations (and the seed of an empty database) first, as a server would
const work = startBackgroundWork({ deliveries: true });
if (!work.running.deliveries && !work.running.sandbox) fail('nothing to run.');
process.stdout.write(`Worker running (pid ${process.pid}): webhook delivery${work.running.sandbox ? ' and the staging sandbox' : ''}. Stop with Ctrl-C.\n`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`Received ${signal}: finishing the attempts under way...\n`);
  await work.stop();
  await closeDatabase();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// The loops' timers are unref'd; keep the process alive until a signal.
setInterval(() => {}, 1 << 30);
