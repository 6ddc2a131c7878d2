/**
 * Issues 13 and 26's probes over real HTTP, against the production server (scripts/server.mjs on
 * the build) with a fresh embedded database: what only the socket, Next.js's own request handling
 * or next-auth's routes can show. What the API wrapper decides alone is tested on its handlers
 * (tests/api/request-hardening.test.ts). The server runs as behind one trusted proxy (TRUST_PROXY=1), so
 * a test plays different clients by the address that proxy would append to X-Forwarded-For.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKeyFileOf } from '@/lib/admin/channel';
import { DEMO } from '@/lib/seed';
import { buildIsStale, freePort, serverArgs } from '../../scripts/lib/processes';

const ROOT = path.resolve(import.meta.dirname, '../..');
const distDir = path.join(ROOT, process.env.NEXT_DIST_DIR || '.next');
// `npm test` builds first; run alone, a missing or stale build fails here rather than test old code.
if (!fs.existsSync(path.join(distDir, 'BUILD_ID')) || buildIsStale(ROOT)) throw new Error(`tests/server: the build in ${distDir} is missing or older than the sources: run next build (npm test does) first`);
const ANONYMOUS_LIMIT = 20;

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
async function signIn(email: string, password: string, forwardedFor: string, extraCookie?: string) {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = [...csrf.headers.getSetCookie().map((c) => c.split(';')[0]), ...(extraCookie ? [extraCookie] : [])].join('; ');
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

describe('sign-in attempts per client address (finding 2)', () => {
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

/** The known-device cookie a successful sign-in set (lib/auth/sign-in-guard.ts). */
const deviceCookieOf = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith('dto-known-device='))?.split(';')[0];

/** A user of its own per test, so that counts do not mix between tests. */
async function newUser(): Promise<string> {
  const email = `guard-${Math.random().toString(36).slice(2)}@acme.test`;
  const created = await admin('user create', { tenant: 'acme', email, role: 'viewer', password: PASSWORD });
  expect(created.status, await created.clone().text()).toBe(200);
  return email;
}
const PASSWORD = 'a long and unusual passphrase 42';

/**
 * The sign-in counts are kept in fixed 15-minute windows: a test that runs across a window's end
 * sees its counts start afresh. Such a test is run once more (in the next window it fits in).
 */
const ACROSS_A_WINDOW = { retry: 1 };

describe('sign-in attempts per account and address (issue 26, finding 3)', () => {
  it('10 wrong passwords from one address lock that address out of that account only: the right password from another address signs in', ACROSS_A_WINDOW, async () => {
    const email = await newUser();
    const attacker = newClient();
    for (let i = 0; i < 10; i++) expect((await signIn(email, 'wrong password', attacker)).status).toBe(401);
    const locked = await signIn(email, PASSWORD, attacker);
    expect(locked.status).toBe(429);
    const body = (await locked.json()) as { statusCode: number; errors: Array<{ code: string; detail: string; meta: Record<string, unknown> }>; url: string };
    expect(body).toMatchObject({ statusCode: 429, errors: [{ code: 'tooManyRequests', meta: { unlock: true } }] });
    expect(body.errors[0].detail).toMatch(/^Too many sign-in attempts for this account from this network\. Wait \d+ minutes?, or ask for an unlock link by e-mail\.$/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.headers.getSetCookie().some((c) => c.includes('session-token'))).toBe(false);
    // The user, elsewhere, is not locked out (before the fix: 429 for every address for 15 minutes).
    expect((await signIn(email, PASSWORD, newClient())).status).toBe(200);
  });

  it('an unknown e-mail answers the same as a known one, attempt for attempt', ACROSS_A_WINDOW, async () => {
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signIn(`nobody-${client}@acme.test`, 'wrong password', client)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it('a known device is slowed, never locked out: its cookie lets the right password in from a locked address', ACROSS_A_WINDOW, async () => {
    const email = await newUser();
    const home = newClient();
    const first = await signIn(email, PASSWORD, home);
    expect(first.status).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).toMatch(/^dto-known-device=[A-Za-z0-9_-]{22}$/);
    for (let i = 0; i < 10; i++) expect((await signIn(email, 'wrong password', home)).status).toBe(401);
    expect((await signIn(email, PASSWORD, home)).status).toBe(429); // without the cookie: locked
    const known = await signIn(email, PASSWORD, home, device);
    expect(known.status).toBe(200);
    // Slowed: at most one attempt per 10 seconds past the limit.
    const again = await signIn(email, 'wrong password', home, device);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(10);
  });

  it('guesses spread over addresses lock the account for unknown addresses only: 30 in 15 minutes; the address the user signed in from before still gets in', ACROSS_A_WINDOW, async () => {
    const email = await newUser();
    const office = newClient();
    expect((await signIn(email, PASSWORD, office)).status).toBe(200);
    // 30 guesses from three addresses, each within its own 10 (the sign-in above was no guess).
    for (const guesses of [10, 10, 10]) {
      const attacker = newClient();
      for (let i = 0; i < guesses; i++) expect((await signIn(email, 'wrong password', attacker)).status).toBe(401);
    }
    expect((await signIn(email, PASSWORD, newClient())).status).toBe(429); // a 4th, unknown address
    expect((await signIn(email, PASSWORD, office)).status).toBe(200); // known: slowed, not refused
  });
});

describe('signing in is no guess', () => {
  it('15 sign-ins of one user from one address in a row all succeed (a right password gives its attempt back)', ACROSS_A_WINDOW, async () => {
    const email = await newUser();
    const client = newClient();
    for (let i = 0; i < 15; i++) expect((await signIn(email, PASSWORD, client)).status).toBe(200);
  });
});

describe('parallel guesses are counted before the password is checked (issue 26, finding 4)', () => {
  it('15 wrong passwords sent at once from one address: 10 are checked (401), 5 refused (429)', ACROSS_A_WINDOW, async () => {
    const email = await newUser();
    const client = newClient();
    const statuses = await Promise.all(Array.from({ length: 15 }, () => signIn(email, 'wrong password', client).then((r) => r.status)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});

/**
 * Sends `path` a body of `totalMb` MiB, chunked (or with the declared Content-Length), over a raw
 * socket until the server answers; resolves with the answer and how much had been sent by then. A
 * raw socket, because node:http drops an answer that arrives while its write fails (the server
 * closes the connection right after a 413), which made the probe flaky.
 */
function streamBody(path: string, headers: Record<string, string>, totalMb: number, declare = false) {
  return new Promise<{ status: number; headers: Record<string, string>; body: string; sentMb: number }>((resolve, reject) => {
    const url = new URL(`${base}${path}`);
    const socket = net.connect(Number(url.port), url.hostname);
    const chunk = Buffer.alloc(16 * 1024, 0x61);
    const totalBytes = totalMb * 1024 * 1024;
    const framing = declare ? { 'content-length': String(totalBytes) } : { 'transfer-encoding': 'chunked' };
    const head = Object.entries({ host: url.host, ...headers, ...framing }).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    let received = Buffer.alloc(0);
    let sent = 0;
    const sentMb = () => sent / (1024 * 1024);
    const answered = () => received.includes('\r\n\r\n');
    socket.on('data', (data) => (received = Buffer.concat([received, data])));
    socket.on('error', () => undefined); // EPIPE / ECONNRESET once the server has answered and closed
    socket.on('close', () => {
      if (!answered()) return reject(new Error(`no answer; sent ${sentMb()} MiB`));
      const split = received.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = received.subarray(0, split).toString('latin1').split('\r\n');
      const answerHeaders = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      let body = received.subarray(split + 4);
      if (answerHeaders['transfer-encoding'] === 'chunked') {
        const parts: Buffer[] = [];
        for (let at = 0; ; ) {
          const eol = body.indexOf('\r\n', at);
          const size = parseInt(body.subarray(at, eol).toString(), 16);
          if (!size) break;
          parts.push(body.subarray(eol + 2, eol + 2 + size));
          at = eol + 2 + size + 2;
        }
        body = Buffer.concat(parts);
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers: answerHeaders, body: body.toString('utf8'), sentMb: sentMb() });
    });
    socket.write(`POST ${url.pathname} HTTP/1.1\r\n${head}\r\n`);
    // A declared length over the bound is refused on the headers alone: give that answer a moment
    // to come before any body byte is sent (and left unread).
    const firstByteDelay = declare ? 1_000 : 0;
    // Past 256 KiB (every bound here is far below), wait up to 5 s for the answer before going on: a
    // server that refused the body answers meanwhile, one that reads it all does not.
    let paused = false;
    const write = () => {
      if (answered() || socket.destroyed) return;
      if (sent >= 256 * 1024 && !paused) {
        paused = true;
        return void setTimeout(write, 5_000);
      }
      if (sent >= totalBytes) return void (declare ? undefined : socket.write('0\r\n\r\n'));
      sent += chunk.byteLength;
      socket.write(declare ? chunk : Buffer.concat([Buffer.from(`${chunk.byteLength.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]), () => setTimeout(write, 1));
    };
    setTimeout(write, firstByteDelay);
    // The server closes after its answer (Connection: close); end ours once it has answered.
    const timer = setInterval(() => {
      if (answered()) {
        clearInterval(timer);
        setTimeout(() => socket.end(), 200);
      }
    }, 20);
    socket.on('close', () => clearInterval(timer));
  });
}

const tooBigEnvelope = { statusCode: 413, error: 'Payload Too Large', errors: [{ code: 'tooBig' }] };

describe('bodies outside /api/v2 are read with a bound (issue 26, finding 1)', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  it('sign-in: a 100 MB chunked form is answered 413 tooBig in the envelope, before it is all sent (before: read whole, twice)', async () => {
    const result = await streamBody('/api/auth/callback/credentials', { ...form, 'x-forwarded-for': newClient() }, 100);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ ...tooBigEnvelope, url: expect.stringContaining('/login?error=tooBig') });
    expect(result.sentMb).toBeLessThan(100);
  });

  it('sign-in: a declared 300 MB Content-Length is refused unread', async () => {
    const result = await streamBody('/api/auth/callback/credentials', { ...form, 'x-forwarded-for': newClient() }, 300, true);
    expect(result.status).toBe(413);
    expect(result.sentMb).toBeLessThan(300);
  });

  it('a form just over the 8 KiB bound: 413 (a real sign-in form is far smaller)', async () => {
    const response = await fetch(`${base}/api/auth/callback/credentials`, { method: 'POST', headers: { ...form, 'x-forwarded-for': newClient() }, body: `email=a@b.c&password=${'x'.repeat(8 * 1024)}` });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject(tooBigEnvelope);
  });

  it('sign-out and the rest of next-auth: the same bound', async () => {
    const result = await streamBody('/api/auth/signout', form, 50);
    expect(result.status).toBe(413);
  });

  it('invitation acceptance: 413 tooBig in the envelope', async () => {
    const result = await streamBody('/invite/0123456789abcdef0123456789abcdef/accept', { 'content-type': 'application/json', 'x-forwarded-for': newClient() }, 50);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject(tooBigEnvelope);
    expect(result.sentMb).toBeLessThan(50);
  });

  it('the pass page\'s clinic choice: a 413 page', async () => {
    const passToken = await livePassToken();
    const result = await streamBody(`/pass/${passToken}/clinic`, { ...form, 'x-forwarded-for': newClient() }, 50);
    expect(result.status).toBe(413);
    expect(result.headers['content-type']).toMatch(/^text\/html/);
    expect(result.body).toContain('Request too large');
    expect(result.sentMb).toBeLessThan(50);
    // Next.js's proxy never buffered it: its "body exceeded" warning would have logged the token.
    expect(output).not.toContain(passToken);
  });
});

/** A participant's live pass token, through the API (an order, then its pass). */
async function livePassToken(): Promise<string> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${base}/api/v2/orders`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      deliveryMethods: [{ type: 'email' }],
      location: { id: DEMO.acme.locations.primary },
      package: { id: DEMO.acme.packages.nonDot },
      participant: { firstName: 'Pat', lastName: `Probe${Math.random().toString(36).slice(2, 8)}`, birthDate: '1990-01-15', email: 'pat@example.com' },
      requester: { email: 'manager@acme.test', name: 'Morgan Lee' },
      settings: {},
      testReason: 'preEmployment',
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const pass = (await (await fetch(`${base}/api/v2/orders/${id}/pass`, { headers })).json()) as { url: string };
  return /\/pass\/([^/?#]+)/.exec(pass.url)![1];
}

describe('headers and origins (issue 26, finding 14)', () => {
  it('the pass page keeps its own Referrer-Policy: same-origin (before: next.config.mjs\'s strict-origin-when-cross-origin)', async () => {
    const response = await fetch(`${base}/pass/${await livePassToken()}`, { headers: { 'x-forwarded-for': newClient() } });
    expect(response.status).toBe(200);
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    const unknown = await fetch(`${base}/pass/unknown-token-0000`, { headers: { 'x-forwarded-for': newClient() } });
    expect(unknown.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('a server action from a foreign Origin: 403, not 500', async () => {
    const response = await fetch(`${base}/settings/users`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'next-action': '0123456789abcdef0123456789abcdef01234567', 'content-type': 'text/plain;charset=UTF-8' },
      body: '[]',
      redirect: 'manual',
    });
    expect(response.status).toBe(403);
  });

});

describe('paths Next.js cannot decode (finding 5)', () => {
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
  // NUL in path ids and chunked bodies of /api/v2 are the wrapper's: tests/api/request-hardening.test.ts.
});

describe('the admin channel trusts the socket, not the Host header (finding 10)', () => {
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
