/**
 * Server side of the admin channel (see channel.ts), and the database start-up of the server.
 * Called from instrumentation.ts (Node.js runtime only) and used by app/api/internal/admin/route.ts.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { env } from '@/lib/config/env';
import { configFromEnv, type Database } from '@/lib/db/client';
import { isLocalRequest } from '@/lib/http/client-address';
import { getDatabase } from '@/lib/app-db';
import { annotateLock, DataDirLockedError } from '@/lib/db/pglite-lock';
import { runtime } from '@/lib/runtime';
import { prepareDatabase } from '@/lib/start-up';
import { describeFailure, prepareCommand } from './commands';
import { ADMIN_KEY_HEADER, adminKeyFileOf } from './channel';
import { describeError, describeErrorBriefly } from '@/lib/log';

declare module '@/lib/runtime' {
  interface Runtime {
    /** The admin channel's key while this server offers it (lib/admin/server.ts). */
    adminKey?: string;
  }
}

/**
 * Called by instrumentation.ts when the server starts (`PORT` is set by `next start` and `next dev`).
 * A server that cannot open its database exits with the reason rather than answer 500 to everything.
 */
export async function startServer(): Promise<void> {
  try {
    await startServerDatabase({ port: env.PORT });
  } catch (error) {
    console.error(`Cannot start: the database did not open. ${describeErrorBriefly(error)}`);
    if (env.DEBUG && error instanceof Error) console.error(error.stack);
    process.exit(1);
  }
}

/**
 * Opens, migrates and seeds the database when the server starts (lib/start-up.ts prepareDatabase),
 * so that the first request does not pay for it, and opens the admin channel when the database is
 * embedded. A CLI command may hold the PGlite lock for a few seconds: wait for it rather than fail.
 */
export async function startServerDatabase(options: { port: number; waitMs?: number }): Promise<Database> {
  const deadline = Date.now() + (options.waitMs ?? 30_000);
  let database: Database;
  for (;;) {
    try {
      database = await prepareDatabase();
      break;
    } catch (error) {
      // Another server (it recorded a port) will not let go: fail now. A CLI command will.
      if (!(error instanceof DataDirLockedError) || error.owner.port || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  if (database.driver === 'pglite') enableAdminChannel(configFromEnv().dataDir!, options.port);
  return database;
}

/** Writes a fresh key file (0600) and records the port in the lock file, for the CLI. */
export function enableAdminChannel(pgliteDataDir: string, port: number): void {
  const key = randomBytes(32).toString('base64url');
  const file = adminKeyFileOf(pgliteDataDir);
  const temporary = path.join(path.dirname(file), `.admin.key.${process.pid}`);
  fs.rmSync(temporary, { force: true });
  fs.writeFileSync(temporary, `${key}\n`, { mode: 0o600, flag: 'wx' });
  fs.renameSync(temporary, file);
  runtime().adminKey = key;
  annotateLock(pgliteDataDir, { port });
  process.once('exit', () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === key) fs.unlinkSync(file);
    } catch {
      /* already gone */
    }
  });
}

function sameKey(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/**
 * POST { command, args } with `X-Admin-Key`. Only for a caller on this machine — the socket's
 * address, and the client's behind a trusted proxy, are loopback (never the Host header, which the
 * client writes) — holding the key of this server process: the key is the real protection.
 */
export async function handleAdminRequest(request: Request): Promise<Response> {
  const expected = runtime().adminKey;
  if (!expected) return reply(404, { error: 'The admin channel is not enabled on this server (it serves PostgreSQL: run the CLI with DATABASE_URL).' });
  if (!isLocalRequest(request.headers)) return reply(403, { error: 'The admin channel answers on the loopback interface only.' });
  if (!sameKey(request.headers.get(ADMIN_KEY_HEADER) ?? '', expected)) return reply(401, { error: 'Missing or wrong admin key.' });

  let body: { command?: unknown; args?: unknown };
  try {
    body = (await request.json()) as typeof body;
  } catch {
    return reply(400, { error: 'The request body must be JSON: { "command": "...", "args": { ... } }.' });
  }
  try {
    const { command, input } = prepareCommand(body?.command, body?.args);
    return reply(200, await command.run(await getDatabase(), input));
  } catch (error) {
    const { status, message } = describeFailure(error);
    if (status >= 500) console.error(JSON.stringify({ level: 'error', msg: 'admin command failed', command: body?.command, error: describeError(error) }));
    return reply(status, { error: message });
  }
}
