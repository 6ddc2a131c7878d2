/**
 * Issue 13's probes over real HTTP, against the production server (scripts/server.mjs on the
 * build) with a fresh embedded database: what only the socket, Next.js's own request handling or
 * the process's memory can show. The server runs as behind one trusted proxy (TRUST_PROXY=1), so
 * a test plays different clients by the address that proxy would append to X-Forwarded-For.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKeyFileOf } from '@/lib/admin/channel';
import { buildIsStale, freePort, serverArgs } from '../../scripts/lib/processes';

const ROOT = path.resolve(import.meta.dirname, '../..');
const distDir = path.join(ROOT, process.env.NEXT_DIST_DIR || '.next');
// In `npm test` the browser tests have just built the current sources; run alone, say when the build is older.
const built = fs.existsSync(path.join(distDir, 'BUILD_ID'));
if (built && buildIsStale(ROOT)) console.warn(`tests/server: the build in ${distDir} is older than the sources (next build refreshes it)`);
const ANONYMOUS_LIMIT = 5;

let server: ChildProcess | undefined;
let base = '';
let dataDir = '';
let token = '';
let output = '';

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (server?.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    try {
      if ((await fetch(`${base}/api/v2/agencies`)).status === 401) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer:\n${output}`);
}

/** A command of the operator CLI through the admin channel, as `npm run cli` sends it. */
async function admin(command: string, args: Record<string, string>, headers: Record<string, string> = {}) {
  const key = fs.readFileSync(adminKeyFileOf(path.join(dataDir, 'pglite')), 'utf8').trim();
  return fetch(`${base}/api/internal/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-key': key, ...headers },
    body: JSON.stringify({ command, args }),
  });
}

beforeAll(async () => {
  if (!built) return;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dto-server-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_ENV: 'staging',
    SANDBOX: 'off',
    TRUST_PROXY: '1',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: String(ANONYMOUS_LIMIT),
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.NEXTAUTH_URL;
  server = spawn(process.execPath, serverArgs(), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => void (output = (output + chunk).slice(-20_000));
  server.stdout!.on('data', keep);
  server.stderr!.on('data', keep);
  await waitForServer();
  const created = await admin('token create', { tenant: 'acme', scopes: 'all', companies: 'all' });
  expect(created.status, await created.clone().text()).toBe(200);
  token = ((await created.json()) as { token: string }).token;
}, 240_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One credentials sign-in, as the login form sends it, from `client` (as the trusted proxy reports it). */
async function signIn(email: string, password: string, forwardedFor: string) {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'x-forwarded-for': forwardedFor },
    body: new URLSearchParams({ csrfToken, email, password, json: 'true' }),
    redirect: 'manual',
  });
}

const minuteNow = () => Math.floor(Date.now() / 60_000);

/** Every test uses its own client addresses, so that budgets do not mix between tests. */
let nextClient = 10;
const newClient = () => `198.51.100.${nextClient++}`;

describe.skipIf(!built)('sign-in attempts per client address (finding 2)', () => {
  it('addresses a client writes into X-Forwarded-For do not buy a new budget: past the limit, 429', async () => {
    const client = newClient();
    const window = minuteNow();
    const statuses: number[] = [];
    for (let i = 0; i <= ANONYMOUS_LIMIT; i++) {
      // The client forges a new left-most address every time; the proxy appends the real one.
      const response = await signIn(`nobody-${i}@acme.test`, 'wrong password', `203.0.113.${i}, ${client}`);
      statuses.push(response.status);
    }
    expect(statuses.slice(0, ANONYMOUS_LIMIT)).toEqual(Array(ANONYMOUS_LIMIT).fill(401));
    // Unless the one-minute window turned over during the loop, the attempt past the limit is refused.
    if (minuteNow() === window) expect(statuses[ANONYMOUS_LIMIT]).toBe(429);
  });

  it('another client keeps its own budget', async () => {
    expect((await signIn('nobody@acme.test', 'wrong password', newClient())).status).toBe(401);
  });
});

describe.skipIf(!built)('failed sign-ins per account (finding 2)', () => {
  it('10 failures from 10 addresses lock the account: the right password from an 11th answers 429, generic message', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn('manager@acme.test', 'wrong password', newClient())).status).toBe(401);
    const locked = await signIn('manager@acme.test', 'demo-password', newClient());
    expect(locked.status).toBe(429);
    const body = (await locked.json()) as { statusCode: number; errors: Array<{ code: string; detail: string }>; url: string };
    expect(body.statusCode).toBe(429);
    expect(body.errors[0]).toMatchObject({ code: 'tooManyRequests', detail: 'Too many sign-in attempts. Wait a few minutes and try again.' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.headers.getSetCookie().some((c) => c.includes('session-token'))).toBe(false);
    // Another account is not affected.
    expect((await signIn('viewer@acme.test', 'demo-password', newClient())).status).toBe(200);
  });
});

describe.skipIf(!built)('request bodies without Content-Length (finding 3)', () => {
  const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server!.pid}/status`, 'utf8'))![1]) / 1024;

  it('a 300 MB chunked body is answered 413 tooBig and the server does not read it into memory', async () => {
    const before = rssMb();
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const result = await new Promise<{ status: number; body: string; sentMb: number }>((resolve, reject) => {
      const url = new URL(`${base}/api/v2/orders`);
      const request = http.request(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      });
      let sentMb = 0;
      let answered = false;
      request.on('response', (response) => {
        answered = true;
        let body = '';
        response.on('data', (d) => (body += d));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body, sentMb });
        });
      });
      request.on('error', (error) => (answered ? undefined : reject(error)));
      const write = () => {
        while (!answered && sentMb < 300) {
          sentMb++;
          if (!request.write(chunk)) return void request.once('drain', write);
        }
        if (!answered) request.end();
      };
      write();
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ statusCode: 413, error: 'Payload Too Large', errors: [{ code: 'tooBig' }] });
    // The answer came long before the 300 MB were sent, and memory grew by far less than the body.
    expect(result.sentMb).toBeLessThan(300);
    expect(rssMb() - before).toBeLessThan(100);
    // The server still answers.
    expect((await fetch(`${base}/api/v2/agencies`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });
});

describe.skipIf(!built)('paths Next.js cannot decode, and NUL in ids (finding 5)', () => {
  it.each(['/api/v2/locations/%ZZ', '/api/v2/locations/%ED%A0%80', '/api/v2/orders/%E0%A4%A/cancellation'])('%s: 400 badRequest in the envelope', async (p) => {
    const response = await fetch(`${base}${p}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      errors: [{ code: 'badRequest', detail: 'The request path is not valid percent-encoded UTF-8.' }],
    });
  });

  it('a dashboard path with a malformed escape: 400, not 500', async () => {
    expect((await fetch(`${base}/orders/%ZZ`)).status).toBe(400);
  });

  it.each(['/api/v2/locations/a%00b', '/api/v2/orders/a%00b', '/api/v2/agencies/x/jobCategories/a%00b'])('%s: 400 invalidValue', async (p) => {
    const response = await fetch(`${base}${p}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Array<{ code: string }> };
    expect(body.errors[0].code).toBe('invalidValue');
  });
});

describe.skipIf(!built)('the admin channel trusts the socket, not the Host header (finding 10)', () => {
  it('a local caller with the key is served', async () => {
    expect((await admin('token list', { tenant: 'acme' })).status).toBe(200);
  });

  it('a request a proxy on this machine relays for a remote client is refused, whatever its Host says', async () => {
    const relayed = await admin('token list', { tenant: 'acme' }, { 'x-forwarded-for': '203.0.113.50', host: 'localhost' });
    expect(relayed.status).toBe(403);
  });

  it('a forged client address header is replaced by the server', async () => {
    const forged = await admin('token list', { tenant: 'acme' }, { 'x-forwarded-for': '203.0.113.50', 'x-dto-client-address': '127.0.0.1', 'x-dto-peer-address': '127.0.0.1' });
    expect(forged.status).toBe(403);
  });
});
