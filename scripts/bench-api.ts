/**
 * `npm run bench:api [-- --engines postgres,pglite] [--orders 1000000] [--duration 8] [--connections 1,10] [--no-profile]`
 *
 * Load benchmark of the public API (issue 7, point 7) with autocannon, over loopback, against a
 * production build served by scripts/server.mjs (as `npm start`), on a database of 1,000,000 orders
 * (`--orders N`) and 100,000 clinics:
 * - PostgreSQL: the scratch database `bench_api` (`bench_api_<N>` for another `--orders`) on the
 *   server of BENCH_PG_URL / DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 *   created when missing (BENCH_PG_DB names another);
 * - PGlite: the scratch data dir /tmp/dto-bench-api/pglite-data (`pglite-data-<N>` for another
 *   `--orders`; BENCH_DATA_DIR names another).
 * Both are filled by `npm run db:generate -- --clinics 100000 --orders <N>` when they hold
 * fewer rows, and reused as they are otherwise. The build is made only when `.next` is missing or
 * older than the sources (never deleted: others use it).
 *
 * Scenarios, each at every connection count for a bounded duration: get order, list orders (first
 * page, a status-filtered page, page 500), create order, clinic search (plain, and with `openNow`
 * and `capabilities`), list agencies; and, on fixtures the running server makes (`liveFixtures`):
 * the pass page `/pass/{token}`, the dashboard's `/orders` and `/orders/{id}` with the session
 * cookie of a demo user signed in through next-auth's credentials flow, and the download of a
 * 1 MiB PDF uploaded through the API (MB/s, measured with node:http clients: `loadWithHttp`).
 * `--only id,...` picks scenarios, `--rounds` and `--profile-scenarios id,...` as below. Two references in the
 * same run: Next.js's own constant-JSON answer (the 404 envelope of an unknown /api/v2 path, served
 * by app/api/v2/[...path]/route.ts: no database, no auth) and the get-order SQL served by a bare
 * `node:http` + `pg` server (scripts/bench/bare-server.ts, PostgreSQL only). For the dashboard pages, a
 * third: the constant page (`constantPage`, /bench/constant-page, served because the bench starts
 * the server with BENCH_PAGES=on): the dashboard shell of the same build around a fixed 20-row
 * table, no data access, no session; `dashOrders` and `dashOrder` are also given as its share. The list `total`s are
 * compared with exact `count(*)`s. Then (unless --no-profile) the server runs again under
 * `node --cpu-prof` for get order + list first page and the top self-time functions are printed.
 *
 * Results: a markdown summary on stdout and JSON in /tmp/dto-bench-api/results-<engine>.json.
 * The machine is shared and noisy: compare ratios within one run, never put a timing in a test.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result as AutocannonResult } from 'autocannon';
import { sql } from 'drizzle-orm';
import { env as settings } from '@/lib/config/env';
import { childEnv, tooling } from '@/lib/config/tooling';
import { buildIsStale, freePort, serverArgs, stop, waitFor } from './lib/processes';

const root = path.resolve(import.meta.dirname, '..');
const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');
const workDir = tooling.BENCH_DIR ?? path.join(os.tmpdir(), 'dto-bench-api');
/** The default data set: `--orders N` changes the orders (each count has its own database / data dir). */
const DEFAULT_ORDERS = 1_000_000;
const CLINICS = 100_000;

// ---------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------

function positiveInteger(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} wants a positive integer, not ${JSON.stringify(text)}`);
  return n;
}

function options() {
  const args = process.argv.slice(2);
  const value = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i === -1 ? undefined : args[i + 1];
  };
  return {
    engines: (value('engines') ?? 'postgres').split(',') as Array<'postgres' | 'pglite'>,
    /** Orders in the data set (default 1,000,000): e.g. `--engines pglite --orders 100000`. */
    orders: positiveInteger('orders', value('orders') ?? String(DEFAULT_ORDERS)),
    duration: Number(value('duration') ?? 8),
    connections: (value('connections') ?? '1,10').split(',').map(Number),
    profile: !args.includes('--no-profile'),
    only: value('only')?.split(','),
    profileScenarios: (value('profile-scenarios') ?? 'getOrder,listFirst').split(','),
    rounds: Number(value('rounds') ?? 3),
  };
}

// ---------------------------------------------------------------------------------------------
// Processes
// ---------------------------------------------------------------------------------------------

function ensureBuild() {
  const distDir = settings.NEXT_DIST_DIR;
  if (!buildIsStale(root)) return console.log(`build: ${distDir} is up to date (BUILD_ID ${fs.readFileSync(path.join(root, distDir, 'BUILD_ID'), 'utf8').trim()})`);
  console.log(`build: next build into ${distDir} (missing or older than the sources)`);
  const result = spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, stdio: 'inherit', env: childEnv({ DATABASE_URL: '' }) });
  if (result.status !== 0) throw new Error('next build failed');
}

async function startNext(env: NodeJS.ProcessEnv, nodeArgs: string[] = []) {
  const port = await freePort();
  const log = fs.openSync(path.join(workDir, `next-${port}.log`), 'w');
  const child = spawn(process.execPath, [...nodeArgs, ...serverArgs()], { cwd: root, env: { ...env, PORT: String(port) }, stdio: ['ignore', log, log] });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/v2/agencies`, child, (s) => s === 401, 'next start');
  return { child, base };
}

// ---------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------

interface Engine {
  name: 'postgres' | 'pglite';
  /** Orders the data set holds (at least). */
  orders: number;
  env: Record<string, string>;
  url?: string;
  dataDir: string;
}

/** `bench_api` (1,000,000 orders) or `bench_api_<orders>`; BENCH_PG_DB names another. */
function postgresEngine(orders: number): Engine {
  const base = new URL(tooling.BENCH_PG_URL ?? settings.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = tooling.BENCH_PG_DB ?? (orders === DEFAULT_ORDERS ? 'bench_api' : `bench_api_${orders}`);
  const args = ['-h', decodeURIComponent(base.hostname) || '127.0.0.1', '-p', base.port || '5432', '-U', decodeURIComponent(base.username) || 'postgres'];
  const env = childEnv(base.password ? { PGPASSWORD: decodeURIComponent(base.password) } : {});
  const exists = spawnSync('psql', [...args, '-d', 'postgres', '-Atc', `select 1 from pg_database where datname = '${name}'`], { env, encoding: 'utf8' });
  if (exists.stdout.trim() !== '1') {
    const created = spawnSync('createdb', [...args, name], { env, encoding: 'utf8' });
    if (created.status !== 0) throw new Error(`createdb ${name}: ${created.stderr}`);
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  countedDatabase = name;
  const dataDir = path.join(workDir, 'postgres-secrets');
  return { name: 'postgres', orders, url: url.toString(), dataDir, env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir } };
}

/** `<BENCH_DIR>/pglite-data` (1,000,000 orders) or `<BENCH_DIR>/pglite-data-<orders>`; BENCH_DATA_DIR names another. */
function pgliteEngine(orders: number): Engine {
  const dataDir = tooling.BENCH_DATA_DIR ?? path.join(workDir, orders === DEFAULT_ORDERS ? 'pglite-data' : `pglite-data-${orders}`);
  countedDatabase = undefined;
  return { name: 'pglite', orders, dataDir, env: { DATABASE_URL: '', DATA_DIR: dataDir } };
}

async function openEngine(engine: Engine) {
  const { openDatabase, migrateDatabase } = await import('@/lib/db/client');
  const database = await openDatabase(engine.url ? { url: engine.url, maxConnections: 2 } : { dataDir: path.join(engine.dataDir, 'pglite') });
  await migrateDatabase(database);
  return database;
}

async function counts(engine: Engine) {
  const { rowsOf } = await import('@/lib/db/client');
  const database = await openEngine(engine);
  try {
    const [row] = rowsOf<{ orders: number; clinics: number }>(
      await database.db.execute(sql`select (select count(*) from orders)::int as orders, (select count(*) from clinics)::int as clinics`),
    );
    return row;
  } finally {
    await database.close();
  }
}

async function ensureData(engine: Engine) {
  const before = await counts(engine);
  console.log(`data (${engine.name}): ${before.orders} orders, ${before.clinics} clinics`);
  if (before.orders >= engine.orders && before.clinics >= CLINICS) return before;
  console.log(`data (${engine.name}): npm run db:generate -- --clinics ${CLINICS} --orders ${engine.orders} (minutes)`);
  const result = spawnSync('npx', ['tsx', 'scripts/generate-data.ts', '--clinics', String(CLINICS), '--orders', String(engine.orders)], {
    cwd: root,
    stdio: 'inherit',
    env: childEnv({ ...engine.env, APP_ENV: 'staging' }),
  });
  if (result.status !== 0) throw new Error('db:generate failed');
  return counts(engine);
}

/**
 * Where the PostgreSQL server runs without autovacuum (as this workplace's does), vacuum the
 * orders table before each round, as autovacuum would after the previous round's new orders
 * (migration 0005): otherwise their pages are never marked all-visible and every list page pays a
 * heap fetch per index entry it reads or skips; and the clinics, whose index-only clinic search
 * wants the same after a change of their rows (migration 0023's backfill rewrote every row with hours). PGlite has no autovacuum either, and the server
 * holds its data dir during the rounds: `fixtures()` vacuums it once before the server starts.
 */
async function vacuumLikeAutovacuum(engine: Engine) {
  if (!engine.url) return;
  const { Client } = await import('pg');
  const client = new Client({ connectionString: engine.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ autovacuum: string }>('show autovacuum');
    if (rows[0].autovacuum !== 'on') await client.query('vacuum (analyze) orders, clinics');
  } finally {
    await client.end();
  }
}

interface Fixtures {
  token: string;
  orderId: string;
  locationId: string;
  packageId: string;
  tenantId: string;
  companyIds: string[];
  exact: { all: number; cancelled: number };
}

/** What the running server makes (liveFixtures): a pass link, a stored 1 MiB PDF and a dashboard session. */
interface LiveFixtures {
  /** `/pass/<token>` of an order created through the API. */
  passPath: string;
  /** The uploaded PDF's id and size. */
  documentId: string;
  documentBytes: number;
  /** The session cookie of a demo user signed in through next-auth's credentials flow. */
  sessionCookie: string;
  sessionUser: string;
}

/** A PDF of exactly `size` bytes: a valid header, trailer and one stream of random (incompressible) bytes. */
function pdfOfSize(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Length 0000000000 >>\nstream\n', 'latin1');
  const tail = Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
  const length = size - head.length - tail.length;
  const headText = head.toString('latin1').replace('0000000000', String(length).padStart(10, '0'));
  return Buffer.concat([Buffer.from(headText, 'latin1'), randomBytes(length), tail]);
}

const DOCUMENT_BYTES = 1024 * 1024;
/** The demo user whose dashboard pages are measured (lib/seed: password `demo-password`). */
const DASHBOARD_USER = 'manager@acme.test';

/**
 * Through the running server, as a client and a browser would: an order created with the API, its
 * pass link (`GET /api/v2/orders/{id}/pass`), a 1 MiB PDF uploaded to it
 * (`POST /api/v2/orders/{id}/documents`, raw body) and a dashboard sign-in (next-auth's CSRF token,
 * then the credentials POST with its cookie).
 */
async function liveFixtures(base: string, f: Fixtures): Promise<LiveFixtures> {
  const api = async (p: string, init: RequestInit & { expect: number }) => {
    const response = await fetch(`${base}${p}`, { ...init, headers: { authorization: `Bearer ${f.token}`, ...(init.headers as Record<string, string>) } });
    const text = await response.text();
    if (response.status !== init.expect) throw new Error(`${init.method ?? 'GET'} ${p}: ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const order = await api('/api/v2/orders', { method: 'POST', body: createBodyOf(f), headers: { 'content-type': 'application/json' }, expect: 201 });
  const orderId = order.id as string;
  const pass = await api(`/api/v2/orders/${orderId}/pass`, { expect: 200 });
  const passPath = new URL(pass.url as string).pathname;
  const document = await api(`/api/v2/orders/${orderId}/documents?type=labReport`, {
    method: 'POST',
    body: new Uint8Array(pdfOfSize(DOCUMENT_BYTES)),
    headers: { 'content-type': 'application/pdf' },
    expect: 201,
  });

  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const signIn = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookie },
    body: new URLSearchParams({ csrfToken, email: DASHBOARD_USER, password: 'demo-password', json: 'true' }),
    redirect: 'manual',
  });
  await signIn.arrayBuffer();
  const session = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => /^(__Secure-)?next-auth\.session-token=/.test(c));
  if (!session) throw new Error(`dashboard sign-in of ${DASHBOARD_USER}: ${signIn.status}, no session cookie`);
  return { passPath, documentId: document.id as string, documentBytes: document.size as number, sessionCookie: session, sessionUser: DASHBOARD_USER };
}

async function fixtures(engine: Engine): Promise<Fixtures> {
  const { rowsOf } = await import('@/lib/db/client');
  const { DEMO } = await import('@/lib/seed');
  const { createToken } = await import('@/lib/domain/api-tokens/tokens');
  const { allCompanyIds } = await import('@/lib/domain/tenants');
  const database = await openEngine(engine);
  try {
    const db = database.db;
    // The previous run's creates and expiry sweep left pages not all-visible (see vacuumLikeAutovacuum).
    if (!engine.url) await db.execute(sql`vacuum (analyze) orders`);
    const tenantId = DEMO.tenants.acme.id;
    const created = await createToken(db, { tenantId, name: 'bench-api', scopes: 'all', companyIds: 'all' });
    const companyIds = await allCompanyIds(db, tenantId);
    // A generated order in the middle of the data set (no participant identifiers).
    const [order] = rowsOf<{ id: string }>(
      await db.execute(
        sql`select id from orders where tenant_id = ${tenantId} and id like '5ca1eda7-%' order by id offset ${Math.floor(engine.orders / 4)} limit 1`,
      ),
    );
    if (!order) throw new Error(`no generated order in ${engine.name}'s data set`);
    const [exact] = rowsOf<{ all: number; cancelled: number }>(
      // Over the token's companies: orders of deleted companies are out of every view.
      await db.execute(sql`select count(*)::int as all, count(*) filter (where status = 'cancelled')::int as cancelled from orders
        where tenant_id = ${tenantId} and company_id in (${sql.join(companyIds.map((id) => sql`${id}`), sql`, `)})`),
    );
    return {
      token: created.token,
      orderId: order.id,
      locationId: DEMO.acme.locations.primary,
      packageId: DEMO.acme.packages.nonDot,
      tenantId,
      companyIds,
      exact,
    };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Scenarios
// ---------------------------------------------------------------------------------------------

interface Scenario {
  id: string;
  title: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  auth?: boolean;
  /** Served by the bare server instead of Next. */
  bare?: boolean;
  /** Counted as a read for the p99 target. */
  read?: boolean;
  /** Request headers besides the token (e.g. the dashboard's session cookie). */
  headers?: Record<string, string>;
  /** The answer's status when not 200 (the constant reference's 404). */
  status?: number;
  /**
   * A download: reported in MB/s (bytes of the answers' bodies per second) besides req/s, and
   * measured with node:http clients (`loadWithHttp`) instead of autocannon, which appends every
   * body chunk to a string (a MiB of UTF-8 decoding per answer: ~16 ms of the load generator's CPU).
   */
  throughput?: boolean;
  /** A dashboard page: its ratio to the constant page (the page ceiling) is reported besides the constant JSON's. */
  page?: boolean;
}

function createBodyOf(f: Fixtures): string {
  return JSON.stringify({
    deliveryMethods: [{ type: 'none' }],
    location: { id: f.locationId },
    package: { id: f.packageId },
    participant: { firstName: 'Bench', lastName: 'Load', birthDate: '1990-01-15' },
    requester: { email: 'manager@acme.test' },
    settings: {},
    testReason: 'preEmployment',
    orderMatching: { enabled: false },
  });
}

/** The scenarios; those of the live fixtures only once the server made them. */
function scenarios(f: Fixtures, live?: LiveFixtures): Scenario[] {
  const createBody = createBodyOf(f);
  const session = live ? { cookie: live.sessionCookie } : undefined;
  return [
    { id: 'constant', title: 'reference: Next constant JSON (404 envelope of /api/v2/__bench)', path: '/api/v2/__bench', status: 404 },
    // The page ceiling: the dashboard shell around a fixed 20-row table, no data access, no session (BENCH_PAGES=on).
    { id: 'constantPage', title: 'reference: constant page (dashboard shell, fixed 20-row table, /bench/constant-page)', path: '/bench/constant-page' },
    { id: 'bare', title: 'reference: bare node:http + pg, get-order SQL', path: `/orders/${f.orderId}`, bare: true, read: true },
    // The wrapper's own cost: token, scope, rate limit, query parsing, one small prepared-free query, log line.
    { id: 'agencies', title: 'list agencies (6 rows): the wrapper around a trivial read', path: '/api/v2/agencies', auth: true, read: true },
    { id: 'getOrder', title: 'get order', path: `/api/v2/orders/${f.orderId}`, auth: true, read: true },
    { id: 'listFirst', title: 'list orders, first page', path: '/api/v2/orders', auth: true, read: true },
    { id: 'listStatus', title: 'list orders, status=cancelled', path: '/api/v2/orders?status=cancelled', auth: true, read: true },
    { id: 'listPage500', title: 'list orders, page 500', path: '/api/v2/orders?page=500', auth: true, read: true },
    { id: 'createOrder', title: 'create order', path: '/api/v2/orders', method: 'POST', body: createBody, auth: true },
    { id: 'clinicSearch', title: 'clinic search near=75201 (Dallas), 25 mi', path: '/api/v2/clinics?near=75201', auth: true, read: true },
    {
      id: 'clinicFiltered',
      title: 'clinic search near=75201, openNow=true, capabilities=breathAlcohol,dotCollection',
      path: '/api/v2/clinics?near=75201&openNow=true&capabilities=breathAlcohol,dotCollection',
      auth: true,
      read: true,
    },
    ...(live
      ? [
          { id: 'passPage', title: 'pass page /pass/{token} (HTML, no session)', path: live.passPath, read: true },
          { id: 'dashOrders', title: `dashboard /orders (HTML, session of ${live.sessionUser})`, path: '/orders', headers: session, read: true, page: true },
          { id: 'dashOrder', title: `dashboard /orders/{id} (HTML, session of ${live.sessionUser})`, path: `/orders/${f.orderId}`, headers: session, read: true, page: true },
          {
            id: 'document',
            title: `document download, ${live.documentBytes} bytes PDF`,
            path: `/api/v2/documents/${live.documentId}/content`,
            auth: true,
            read: true,
            throughput: true,
          },
        ]
      : []),
  ];
}

interface Measured extends Omit<Load, 'statuses'> {
  scenario: string;
  round?: number;
  connections: number;
  /** CPU milliseconds per request: the server under test, PostgreSQL's processes, the load generator (this process). */
  cpuPerRequest?: { server: number; postgres: number; client: number };
}

// CPU accounting from /proc (Linux only): where each request's CPU time goes on a shared machine.
const CLOCK_TICKS_PER_SECOND = 100;

function procStat(pid: number): { ppid: number; ticks: number; comm: string } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    return { comm: text.slice(text.indexOf('(') + 1, close), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/**
 * The database whose backends' CPU is counted as PostgreSQL's (`postgres: ... <db> <client>` in
 * their command line): the machine is shared, and other databases of the server may be busy. The
 * server's shared processes (WAL writer, checkpointer) are not counted; with PGlite, none is.
 */
let countedDatabase: string | undefined;

function isCountedBackend(pid: number): boolean {
  if (!countedDatabase) return false;
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${countedDatabase} `);
  } catch {
    return false;
  }
}

/** Ticks per process (pid -> ticks), split into the server's process tree, PostgreSQL and the rest. */
function cpuSnapshot(serverPid: number | undefined) {
  const all = fs.existsSync('/proc') ? fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number) : [];
  const stats = new Map(all.map((pid) => [pid, procStat(pid)]));
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid, hops = 0; at && hops < 10; at = stats.get(at)?.ppid, hops++) if (at === serverPid) return true;
    return false;
  };
  const server = new Map<number, number>();
  const postgres = new Map<number, number>();
  for (const [pid, stat] of stats) {
    if (!stat) continue;
    if (stat.comm === 'postgres') {
      if (isCountedBackend(pid)) postgres.set(pid, stat.ticks);
    }
    else if (serverPid && inTree(pid)) server.set(pid, stat.ticks);
  }
  const own = process.cpuUsage();
  return { server, postgres, client: (own.user + own.system) / 1000 };
}

/** CPU milliseconds between two snapshots; a process that exited in between is not counted. */
function cpuBetween(before: ReturnType<typeof cpuSnapshot>, after: ReturnType<typeof cpuSnapshot>) {
  const ms = (a: Map<number, number>, b: Map<number, number>) =>
    ([...b].reduce((sum, [pid, ticks]) => sum + ticks - (a.get(pid) ?? 0), 0) * 1000) / CLOCK_TICKS_PER_SECOND;
  return { server: ms(before.server, after.server), postgres: ms(before.postgres, after.postgres), client: after.client - before.client };
}

async function measure(base: string, s: Scenario, token: string, connections: number, duration: number, serverPid?: number): Promise<Measured> {
  const headers: Record<string, string> = { ...(s.body ? { 'content-type': 'application/json' } : {}), ...s.headers };
  if (s.auth) headers.authorization = `Bearer ${token}`;
  const url = `${base}${s.path}`;
  // Warm-up: a few sequential requests (JIT, caches, prepared statements); the first must answer as expected.
  for (let i = 0; i < 20; i++) {
    const response = await fetch(url, { method: s.method ?? 'GET', headers, body: s.body, redirect: 'manual' });
    await response.arrayBuffer();
    const expected = s.status ?? (s.method === 'POST' ? 201 : 200);
    if (i === 0 && response.status !== expected) throw new Error(`${s.id}: ${s.method ?? 'GET'} ${s.path} answered ${response.status}, not ${expected}`);
  }
  const before = cpuSnapshot(serverPid);
  const options = { url, connections, duration, method: s.method ?? 'GET', headers, body: s.body };
  const r = s.throughput ? await loadWithHttp(options) : loaded(await autocannon({ ...options, timeout: 30 }));
  const used = cpuBetween(before, cpuSnapshot(serverPid));
  const per = (key: keyof typeof used) => Math.round((used[key] / Math.max(1, r.total)) * 100) / 100;
  // The constant reference answers 404 by design; every other scenario must answer 2xx.
  const non2xx = s.status === 404 ? r.non2xx - (r.statuses['404'] ?? 0) : r.non2xx;
  return {
    scenario: s.id,
    connections,
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    total: r.total,
    non2xx,
    errors: r.errors,
    bytesPerSecond: r.bytesPerSecond,
    cpuPerRequest: serverPid ? { server: per('server'), postgres: per('postgres'), client: per('client') } : undefined,
  };
}

/** What one load run gives, whichever client made it. */
interface Load {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  bytesPerSecond: number;
  statuses: Record<string, number>;
}

function loaded(r: AutocannonResult): Load {
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    bytesPerSecond: r.throughput.average,
    statuses: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, v.count])),
  };
}

/**
 * `connections` keep-alive node:http clients, each sending the next request when the previous
 * answer's body has arrived, for `duration` seconds; bodies are counted, not kept. Latencies are
 * whole answers (to the last byte), in ms; bytesPerSecond counts the bodies.
 */
async function loadWithHttp(o: { url: string; connections: number; duration: number; method: string; headers: Record<string, string>; body?: string }): Promise<Load> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let bytes = 0;
  let errors = 0;
  const started = performance.now();
  const until = started + o.duration * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const at = performance.now();
      const request = http.request(o.url, { method: o.method, headers: o.headers, agent, timeout: 30_000 }, (response) => {
        response.on('data', (chunk: Buffer) => void (bytes += chunk.length));
        response.on('end', () => {
          latencies.push(performance.now() - at);
          statuses[String(response.statusCode)] = (statuses[String(response.statusCode)] ?? 0) + 1;
          resolve();
        });
        response.on('error', () => void (errors++, resolve()));
      });
      request.on('error', () => void (errors++, resolve()));
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.end(o.body);
    });
  await Promise.all(
    Array.from({ length: o.connections }, async () => {
      while (performance.now() < until) await once();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const quantile = (q: number) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]) : 0);
  const non2xx = Object.entries(statuses).reduce((sum, [code, n]) => sum + (code.startsWith('2') ? 0 : n), 0);
  return { rps: latencies.length / seconds, p50: quantile(0.5), p99: quantile(0.99), total: latencies.length, non2xx, errors, bytesPerSecond: bytes / seconds, statuses };
}

// ---------------------------------------------------------------------------------------------
// Profile
// ---------------------------------------------------------------------------------------------

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

function category(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : 'native/V8';
  if (url.startsWith('node:')) return 'node core';
  if (/node_modules\/next\//.test(url)) return 'next';
  if (/react-dom|react-server|scheduler/.test(url)) return 'react';
  if (/node_modules\/(pg|pg-protocol|pg-pool|pg-types)\//.test(url)) return 'pg driver';
  if (/drizzle-orm/.test(url)) return 'drizzle';
  if (/zod/.test(url)) return 'zod';
  if (/pglite/.test(url)) return 'pglite';
  if (/\.next\/server/.test(url)) return 'app code (.next/server)';
  return 'other';
}

/** Self time by function and category, counting only samples taken after `skipSeconds` (start-up and warm-up). */
function summarizeProfile(file: string, skipSeconds: number, top = 25) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    nodes: ProfileNode[];
    startTime: number;
    endTime: number;
    samples: number[];
    timeDeltas: number[];
  };
  const hitsOf = new Map<number, number>();
  let at = profile.startTime;
  const from = profile.startTime + skipSeconds * 1e6;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i];
    if (at >= from) hitsOf.set(id, (hitsOf.get(id) ?? 0) + 1);
  });
  const totalHits = [...hitsOf.values()].reduce((s, h) => s + h, 0);
  const byFunction = new Map<string, number>();
  const byCategory = new Map<string, number>();
  for (const n of profile.nodes) {
    const hits = hitsOf.get(n.id) ?? 0;
    if (!hits) continue;
    const { functionName, url, lineNumber } = n.callFrame;
    const where = url ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\.next\//, '.next/')}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + hits);
    const cat = category(url, functionName);
    byCategory.set(cat, (byCategory.get(cat) ?? 0) + hits);
  }
  const pct = (h: number) => `${((100 * h) / totalHits).toFixed(1)}%`;
  const idle = byCategory.get('(idle)') ?? 0;
  return {
    seconds: (profile.endTime - from) / 1e6,
    busyShare: pct(totalHits - idle),
    categories: [...byCategory].sort((a, b) => b[1] - a[1]).map(([k, h]) => ({ category: k, share: pct(h) })),
    functions: [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, h]) => ({ fn: k, share: pct(h) })),
  };
}

// ---------------------------------------------------------------------------------------------
// Run
// ---------------------------------------------------------------------------------------------

async function runEngine(engine: Engine, opts: ReturnType<typeof options>) {
  const data = await ensureData(engine);
  const f = await fixtures(engine);
  const serverEnv = childEnv({
    ...engine.env,
    NODE_ENV: 'production',
    APP_ENV: 'staging',
    SANDBOX: 'off',
    // Serves the constant page (the page ceiling of the dashboard scenarios).
    BENCH_PAGES: 'on',
    // Nothing but the measured requests: no background loops. On a freshly generated data set the
    // action sweep has every due action still to raise (~100,000 at 1,000,000 orders, a transaction,
    // audit entry and event each), which the loops did during the measurements of earlier runs.
    WEBHOOK_WORKER: 'off',
    // The limits stay on (their store is part of every request) but high enough never to answer 429.
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000000',
    LOG_LEVEL: settings.LOG_LEVEL,
    ...(engine.url ? {} : { DATABASE_URL: undefined }),
  });
  fs.mkdirSync(engine.dataDir, { recursive: true });

  const chosen = (s: Scenario) => (!s.bare || engine.url) && (!opts.only || opts.only.includes(s.id));
  const results: Measured[] = [];
  const totals: Record<string, { api: number; exact: number }> = {};

  let bare: ChildProcess | undefined;
  let bareBase = '';
  if (engine.url && scenarios(f).some((s) => s.bare && chosen(s))) {
    const port = await freePort();
    bare = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench/bare-server.ts')], {
      cwd: root,
      stdio: 'ignore',
      env: childEnv({ BARE_DATABASE_URL: engine.url, BARE_PORT: String(port), BARE_TENANT_ID: f.tenantId, BARE_COMPANY_IDS: f.companyIds.join(',') }),
    });
    bareBase = `http://127.0.0.1:${port}`;
    await waitFor(`${bareBase}/orders/${f.orderId}`, bare, (s) => s === 200, 'bare server');
  }

  const { child, base } = await startNext(serverEnv);
  let live: LiveFixtures | undefined;
  try {
    // Exact totals: the API's `total` against count(*) (before the live fixtures add an order).
    const get = async (p: string) => (await (await fetch(`${base}${p}`, { headers: { authorization: `Bearer ${f.token}` } })).json()) as { total: number };
    totals.all = { api: (await get('/api/v2/orders')).total, exact: f.exact.all };
    totals.cancelled = { api: (await get('/api/v2/orders?status=cancelled')).total, exact: f.exact.cancelled };
    totals.page500 = { api: (await get('/api/v2/orders?page=500')).total, exact: f.exact.all };

    live = await liveFixtures(base, f);
    console.log(`fixtures: pass ${live.passPath.slice(0, 12)}..., document ${live.documentId} (${live.documentBytes} bytes), session of ${live.sessionUser}`);
    const all = scenarios(f, live).filter(chosen);

    // Rounds: every scenario once per round, so that each is compared with the constant-JSON
    // reference measured minutes, not tens of minutes, apart on a machine whose load drifts.
    // The reference runs first and again last in each round (`constantEnd`); a round's ratios use
    // the mean of the two, so that one noisy reference cell does not move every ratio of its round.
    const reference = all.find((s) => s.id === 'constant');
    const roundCells = [...all.map((s) => ({ s, as: s.id })), ...(reference ? [{ s: reference, as: 'constantEnd' }] : [])];
    for (let round = 1; round <= opts.rounds; round++) {
      await vacuumLikeAutovacuum(engine);
      for (const { s, as } of roundCells) {
        for (const connections of opts.connections) {
          const m = await measure(s.bare ? bareBase : base, s, f.token, connections, opts.duration, s.bare ? bare?.pid : child.pid);
          results.push({ ...m, scenario: as, round });
          console.log(
            `${engine.name} r${round} ${as.padEnd(14)} c=${String(connections).padStart(2)}  ${m.rps.toFixed(0).padStart(6)} req/s` +
              `${s.throughput ? ` (${(m.bytesPerSecond / 1e6).toFixed(0)} MB/s)` : ''}  p50 ${m.p50} ms  p99 ${m.p99} ms` +
              `${m.cpuPerRequest ? `  cpu ms/req server ${m.cpuPerRequest.server} pg ${m.cpuPerRequest.postgres} client ${m.cpuPerRequest.client}` : ''}` +
              `${m.non2xx ? `  non-2xx ${m.non2xx}` : ''}${m.errors ? `  errors ${m.errors}` : ''}`,
          );
        }
      }
    }
  } finally {
    await stop(child);
    if (bare) await stop(bare);
  }

  let profile: (ReturnType<typeof summarizeProfile> & { scenarios: string[] }) | undefined;
  if (opts.profile) {
    const dir = fs.mkdtempSync(path.join(workDir, `prof-${engine.name}-`));
    const spawned = performance.now();
    const { child: profiled, base: pbase } = await startNext(serverEnv, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
    let skipSeconds = 0;
    try {
      const byId = new Map(scenarios(f, live).map((s) => [s.id, s]));
      const picked = opts.profileScenarios.map((id) => {
        const s = byId.get(id);
        if (!s || s.bare) throw new Error(`--profile-scenarios: no Next.js scenario ${id}`);
        return s;
      });
      // Warm every scenario first, so that start-up and lazy module loading stay out of the window.
      for (const s of picked) await measure(pbase, s, f.token, 10, 2);
      skipSeconds = (performance.now() - spawned) / 1000;
      for (const s of picked) await measure(pbase, s, f.token, 10, opts.duration);
    } finally {
      await stop(profiled, 'SIGINT');
    }
    const file = fs.readdirSync(dir).find((n) => n.endsWith('.cpuprofile'));
    if (file) {
      profile = { scenarios: opts.profileScenarios, ...summarizeProfile(path.join(dir, file), skipSeconds) };
      console.log(`profile: ${path.join(dir, file)} (samples after ${skipSeconds.toFixed(1)} s)`);
    }
    else console.log(`profile: no .cpuprofile written in ${dir}`);
  }

  const throughput = scenarios(f, live).filter((s) => s.throughput).map((s) => s.id);
  const pages = scenarios(f, live).filter((s) => s.page).map((s) => s.id);
  const out = { engine: engine.name, machine: machine(), data, throughput, pages, duration: opts.duration, rounds: opts.rounds, totals, results, profile, at: new Date().toISOString() };
  fs.writeFileSync(path.join(workDir, `results-${engine.name}.json`), JSON.stringify(out, null, 2));
  return out;
}

function machine() {
  return { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.type()} ${os.release()}` };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One line per scenario and connection count: medians over the rounds, and each round's ratio. */
function report(out: Awaited<ReturnType<typeof runEngine>>) {
  const lines: string[] = [];
  /** The round's reference: the mean of the constant route's cells at its start and end. */
  const constant = (c: number, round?: number) => {
    const cells = out.results.filter((r) => (r.scenario === 'constant' || r.scenario === 'constantEnd') && r.connections === c && r.round === round);
    return cells.length ? cells.reduce((sum, r) => sum + r.rps, 0) / cells.length : undefined;
  };
  lines.push(
    `### ${out.engine} (${out.data.orders.toLocaleString('en-US')} orders, ${out.data.clinics.toLocaleString('en-US')} clinics), ` +
      `${out.rounds} rounds of ${out.duration} s per cell, medians`,
    '',
  );
  lines.push(
    '| scenario | conns | req/s | p50 ms | p99 ms | vs constant JSON (median; each round) | vs constant page (pages) | CPU ms/request: server / PostgreSQL / load generator | non-2xx |',
    '| - | - | - | - | - | - | - | - | - |',
  );
  const throughput = new Set(out.throughput);
  const pages = new Set(out.pages);
  /** The round's page ceiling: the constant page's cell. */
  const constantPage = (c: number, round?: number) => out.results.find((r) => r.scenario === 'constantPage' && r.connections === c && r.round === round)?.rps;
  const cells = new Map<string, Measured[]>();
  for (const r of out.results) cells.set(`${r.scenario} ${r.connections}`, [...(cells.get(`${r.scenario} ${r.connections}`) ?? []), r]);
  for (const runs of cells.values()) {
    const { scenario, connections } = runs[0];
    const ratios = runs.map((r) => (100 * r.rps) / (constant(connections, r.round) ?? NaN));
    const pageRatios = pages.has(scenario) ? runs.map((r) => (100 * r.rps) / (constantPage(connections, r.round) ?? NaN)) : [];
    const cpu = runs[0].cpuPerRequest
      ? (['server', 'postgres', 'client'] as const).map((k) => median(runs.map((r) => r.cpuPerRequest![k])).toFixed(2)).join(' / ')
      : '';
    lines.push(
      `| ${scenario} | ${connections} | ${median(runs.map((r) => r.rps)).toFixed(0)}` +
        `${throughput.has(scenario) ? ` (${median(runs.map((r) => r.bytesPerSecond / 1e6)).toFixed(0)} MB/s)` : ''} | ${median(runs.map((r) => r.p50))} | ${median(runs.map((r) => r.p99))} | ` +
        `${median(ratios).toFixed(0)}%; ${ratios.map((x) => x.toFixed(0)).join(', ')} | ` +
        `${pageRatios.length ? `${median(pageRatios).toFixed(0)}%; ${pageRatios.map((x) => x.toFixed(0)).join(', ')}` : ''} | ${cpu} | ${runs.reduce((sum, r) => sum + r.non2xx + r.errors, 0)} |`,
    );
  }
  lines.push('', 'Totals (API `total` vs `count(*)`): ' + Object.entries(out.totals).map(([k, v]) => `${k} ${v.api} / ${v.exact}${v.api === v.exact ? ' exact' : ' DIFFERENT'}`).join('; '));
  if (out.profile) {
    lines.push('', `Profile (${out.profile.seconds.toFixed(0)} s after warm-up, ${out.profile.scenarios.join(' + ')} at 10 connections; busy ${out.profile.busyShare}):`);
    lines.push('', 'By category: ' + out.profile.categories.map((c) => `${c.category} ${c.share}`).join(', '));
    lines.push('', 'Top self time:', ...out.profile.functions.map((f) => `- ${f.share} ${f.fn}`));
  }
  return lines.join('\n');
}

async function main() {
  const opts = options();
  fs.mkdirSync(workDir, { recursive: true });
  ensureBuild();
  console.log(`machine: ${JSON.stringify(machine())}`);
  for (const name of opts.engines) {
    const engine = name === 'pglite' ? pgliteEngine(opts.orders) : postgresEngine(opts.orders);
    const out = await runEngine(engine, opts);
    console.log(`\n${report(out)}\n`);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
