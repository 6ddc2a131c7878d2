/**
 * Issue 26's probes that need a production server on PostgreSQL with no proxy in front
 * (TRUST_PROXY=0): a client's X-Forwarded-Host (finding 14), and a database outage (findings 10
 * and 11). The server reaches PostgreSQL through a TCP relay this test owns, so that closing the
 * relay is an outage of the database and nothing else.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareCommand } from '@/lib/admin/commands';
import { migrateDatabase, openDatabase, type Database } from '@/lib/db/client';
import { freePort, serverArgs, stop, waitFor } from '../../scripts/lib/processes';
import { CONDITIONS, needs, postgresUrlForTests } from '../conditions';

const ROOT = path.resolve(import.meta.dirname, '../..');
const databaseUrl = postgresUrlForTests;
const EMAIL = `outage-admin-${randomBytes(4).toString('hex')}@probe.test`;
const PASSWORD = 'a long and unusual passphrase 42';

/** A TCP relay to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
class Relay {
  private server: net.Server | undefined;
  private sockets = new Set<net.Socket>();
  constructor(readonly port: number, private readonly target: { host: string; port: number }) {}

  open(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    return new Promise((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

let server: ChildProcess | undefined;
let output = '';
let base = '';
let relay: Relay;
let scratch = '';
let dataDir = '';
let token = '';

async function run(database: Database, command: string, args: Record<string, string>) {
  const prepared = prepareCommand(command, args);
  return (await prepared.command.run(database, prepared.input)) as Record<string, unknown>;
}

beforeAll(async () => {
  if (!databaseUrl) return;
  // A database of its own, created beside the test database.
  scratch = `dto_server_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${scratch}`);
  await admin.end();
  const target = new URL(databaseUrl);
  const direct = new URL(databaseUrl);
  direct.pathname = `/${scratch}`;
  relay = new Relay(await freePort(), { host: target.hostname, port: Number(target.port || 5432) });
  await relay.open();
  const throughRelay = new URL(direct);
  throughRelay.host = `127.0.0.1:${relay.port}`;

  // A customer set up as the operator would, with the CLI's commands (in this process).
  const database = await openDatabase({ url: direct.toString() });
  await migrateDatabase(database);
  await run(database, 'tenant create', { slug: 'probe', name: 'Probe Inc' });
  await run(database, 'user create', { tenant: 'probe', email: EMAIL, role: 'admin', password: PASSWORD });
  token = String((await run(database, 'token create', { tenant: 'probe', scopes: 'all', companies: 'all' })).token);
  await database.close();

  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dto-production-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: throughRelay.toString(),
    APP_ENV: 'production',
    NEXTAUTH_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    METRICS_TOKEN: randomBytes(16).toString('hex'),
    WEBHOOK_WORKER: 'off',
    LOG_LEVEL: 'info',
  };
  for (const name of ['NEXTAUTH_URL', 'TRUST_PROXY', 'REDIS_URL']) delete env[name];
  server = spawn(process.execPath, serverArgs(), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => void (output += chunk);
  server.stdout!.on('data', keep);
  server.stderr!.on('data', keep);
  await waitFor(`${base}/api/v2/agencies`, server, (status) => status === 401, `the production server:\n${output}`);
}, 240_000);

afterAll(async () => {
  await stop(server);
  await relay?.cut();
  if (scratch) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${scratch} with (force)`);
    await admin.end();
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(email: string, password: string) {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ csrfToken, email, password, json: 'true' }),
    redirect: 'manual',
  });
}

const bearer = (value: string) => ({ authorization: `Bearer ${value}` });

describe.skipIf(!CONDITIONS.postgres.holds)(needs('postgres', 'X-Forwarded-Host without a trusted proxy (issue 26, finding 14)'), () => {
  it('a client\'s X-Forwarded-Host equal to a foreign Origin does not pass the session\'s origin check: 403 invalidOrigin', async () => {
    const signedIn = await signIn(EMAIL, PASSWORD);
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const cancel = (headers: Record<string, string>) =>
      fetch(`${base}/api/v2/orders/00000000-0000-4000-8000-000000000000/cancellation`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        body: '{}',
      });
    const forged = await cancel({ origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { errors: Array<{ code: string }> }).errors[0].code).toBe('invalidOrigin');
    // The dashboard's own origin passes the check (and meets the missing order).
    expect((await cancel({ origin: base })).status).toBe(404);
  });
});

describe.skipIf(!CONDITIONS.postgres.holds)(needs('postgres', 'the database cannot be reached (issue 26, findings 10 and 11)'), () => {
  it('503 serviceUnavailable with Retry-After everywhere, 401 for what is no token, no parameters in the log; back to 200 when it returns', async () => {
    expect((await fetch(`${base}/api/v2/companies`, { headers: bearer(token) })).status).toBe(200);
    await relay.cut();
    const logBefore = output.length;

    const api = await fetch(`${base}/api/v2/companies`, { headers: bearer(token) });
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    expect(await api.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      errors: [{ code: 'serviceUnavailable', detail: 'The service cannot reach its database right now. Try again in 5 seconds.', meta: { retryAfterSeconds: 5 } }],
    });
    // A token of the right shape must be looked up: 503. A string that is no token needs no database: 401.
    expect((await fetch(`${base}/api/v2/companies`, { headers: bearer(`dto_live_${'A'.repeat(32)}`) })).status).toBe(503);
    expect((await fetch(`${base}/api/v2/companies`, { headers: bearer('not-a-token') })).status).toBe(401);

    const signInDown = await signIn(EMAIL, 'some password');
    expect(signInDown.status).toBe(503);
    expect(await signInDown.json()).toMatchObject({ statusCode: 503, errors: [{ code: 'serviceUnavailable' }], url: expect.stringContaining('/login?error=serviceUnavailable') });

    const passToken = randomBytes(32).toString('base64url'); // the shape of a pass token: looked up
    const page = await fetch(`${base}/pass/${passToken}`);
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('5');
    expect(await page.text()).toContain('Briefly unavailable');

    // What the server logged names neither the e-mail nor the pass token (nor its hash's query parameter).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const logged = output.slice(logBefore);
    expect(logged).toContain('database unavailable');
    expect(logged).not.toContain(EMAIL);
    expect(logged).not.toContain(passToken);
    expect(logged).not.toMatch(/params:/);

    await relay.open();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await fetch(`${base}/api/v2/companies`, { headers: bearer(token) })).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
  });
});
