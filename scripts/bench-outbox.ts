/**
 * `npm run bench:outbox [-- --phases steady,backlog] [--modes server,worker] [--rate 100] [--duration 40]
 *   [--cancel-after 500] [--cancel-every 1] [--backlog 50000] [--message-backlog 0] [--drain-timeout 600] [--no-build] [--profile]`
 *
 * End-to-end throughput of the two outboxes (issue 18, "Outbox throughput"): `order.updated`
 * events (`webhook_deliveries`) to a local webhook receiver (node:http, in this process) and
 * messages (`messages`) to a local SMTP server (the `smtp-server` package, in this process), on
 * PostgreSQL, through the production server (scripts/server.mjs, the build of NEXT_DIST_DIR,
 * made when missing or stale).
 *
 * Modes (each phase runs once per mode):
 * - `server`: the server delivers itself (lib/background.ts, the default);
 * - `worker`: the server runs with `WEBHOOK_WORKER=off` and `npm run worker` (scripts/worker.ts,
 *   run as `node --import tsx scripts/worker.ts`) delivers.
 *
 * Phases:
 * - `steady`: orders are created through the API at a steady `--rate` per second for `--duration`
 *   seconds (open loop: a request every 1/rate s whatever the answers), each with
 *   `deliveryMethods: [{type:'email'}]` (one `orderCreated` message) and a callback URL to the
 *   receiver; each order is cancelled through the API (`PUT /orders/{id}/cancellation`)
 *   `--cancel-after` ms after its creation answered, which enqueues one `order.updated` event. So
 *   the server takes `rate` creates and `rate` cancels per second, and the outboxes get `rate`
 *   events and `rate` messages per second (`--cancel-every N` cancels every Nth order only). Lag = arrival at the receiver (end of the request body,
 *   end of the SMTP DATA) minus the row's creation: the event's `createdAt` (set in the
 *   transaction that writes the row) and the message row's `created_at` (the transaction's start);
 *   and, in parentheses, minus the moment the client had the API's answer (after the commit), which
 *   leaves out how long the transaction itself stayed open on a saturated server.
 * - `backlog`: `--backlog` pending `order.updated` deliveries are inserted in one statement
 *   (round-robin over the orders this benchmark created, with each order's real cancellation
 *   payload, so real order documents; signed at sending with the tenant's secret like any other),
 *   then the drain rate is measured: deliveries / (last arrival - commit of the insert). Every
 *   event must arrive once (duplicates are counted). `--message-backlog N` does the same with N
 *   queued `orderCreated` messages (copies of this benchmark's sent ones).
 *
 * Database: the scratch database `outbox_bench` (BENCH_PG_DB names another) on the server of
 * BENCH_PG_URL / DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), created,
 * migrated and seeded with the demo data when missing; orders are added to it by every run.
 * ALLOW_PRIVATE_CALLBACKS=true (the documented switch for development and tests) lets the server
 * accept and deliver to the loopback receiver; APP_ENV=staging with SANDBOX=off, as bench:api.
 *
 * `--no-build` uses the build of NEXT_DIST_DIR as it is, even when sources are newer.
 * `--profile` runs the delivering process under `node --cpu-prof` and prints its top self time.
 * Results: markdown on stdout, JSON in BENCH_DIR (default /tmp/dto-bench-outbox)/results.json.
 * The machine is shared and noisy (2 cores): the load generator, the receivers, the server, the
 * worker and PostgreSQL all share it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { env as settings } from '@/lib/config/env';
import { childEnv, isSet, tooling } from '@/lib/config/tooling';
import { buildIsStale, freePort, serverArgs, stop, waitFor } from './lib/processes';

const root = path.resolve(import.meta.dirname, '..');
const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');
const workDir = tooling.BENCH_DIR ?? path.join(os.tmpdir(), 'dto-bench-outbox');

// ---------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------

function options() {
  const args = process.argv.slice(2);
  const value = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i === -1 ? undefined : args[i + 1];
  };
  const number = (name: string, fallback: number) => {
    const n = Number(value(name) ?? fallback);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} wants a non-negative number`);
    return n;
  };
  const modes = (value('modes') ?? 'server,worker').split(',') as Mode[];
  const phases = (value('phases') ?? 'steady,backlog').split(',') as Phase[];
  if (modes.some((m) => m !== 'server' && m !== 'worker')) throw new Error('--modes: server, worker');
  if (phases.some((p) => p !== 'steady' && p !== 'backlog')) throw new Error('--phases: steady, backlog');
  return {
    modes,
    phases,
    rate: number('rate', 100),
    duration: number('duration', 40),
    cancelAfterMs: number('cancel-after', 500),
    /** Cancel every Nth order (1: all, the default; 0: none). */
    cancelEvery: number('cancel-every', 1),
    backlog: number('backlog', 50_000),
    messageBacklog: number('message-backlog', 0),
    drainTimeoutS: number('drain-timeout', 600),
    profile: args.includes('--profile'),
    /** Use the existing build even when sources are newer (others edit the tree while this runs). */
    build: !args.includes('--no-build'),
  };
}
type Mode = 'server' | 'worker';
type Phase = 'steady' | 'backlog';
type Options = ReturnType<typeof options>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Database
// ---------------------------------------------------------------------------------------------

function database() {
  const base = new URL(tooling.BENCH_PG_URL ?? settings.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = benchDatabaseName();
  const args = ['-h', decodeURIComponent(base.hostname) || '127.0.0.1', '-p', base.port || '5432', '-U', decodeURIComponent(base.username) || 'postgres'];
  const env = childEnv(base.password ? { PGPASSWORD: decodeURIComponent(base.password) } : {});
  const exists = spawnSync('psql', [...args, '-d', 'postgres', '-Atc', `select 1 from pg_database where datname = '${name}'`], { env, encoding: 'utf8' });
  if (exists.stdout.trim() !== '1') {
    const created = spawnSync('createdb', [...args, name], { env, encoding: 'utf8' });
    if (created.status !== 0) throw new Error(`createdb ${name}: ${created.stderr}`);
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

interface Fixtures {
  token: string;
  tenantId: string;
  locationId: string;
  packageId: string;
}

/** Migrates, seeds the demo data when empty, and makes an API token (as bench:api does). */
async function prepare(url: string): Promise<Fixtures> {
  const { openDatabase, migrateDatabase } = await import('@/lib/db/client');
  const { DEMO, seedIfEmpty } = await import('@/lib/seed');
  const { createToken } = await import('@/lib/domain/api-tokens/tokens');
  const database = await openDatabase({ url, maxConnections: 2 });
  try {
    await migrateDatabase(database);
    await seedIfEmpty(database.db, { demo: true });
    const tenantId = DEMO.tenants.acme.id;
    const created = await createToken(database.db, { tenantId, name: 'bench-outbox', scopes: 'all', companyIds: 'all' });
    return { token: created.token, tenantId, locationId: DEMO.acme.locations.primary, packageId: DEMO.acme.packages.nonDot };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Receivers: webhooks (node:http) and e-mail (smtp-server)
// ---------------------------------------------------------------------------------------------

interface Arrival {
  id: string;
  at: number;
  /** Events: the payload's createdAt (ms). */
  createdAt?: number;
  orderId?: string;
}

class Receivers {
  readonly events = new Map<string, Arrival>();
  readonly mails = new Map<string, Arrival>();
  duplicateEvents = 0;
  duplicateMails = 0;
  unsigned = 0;
  webhookUrl = '';
  smtpUrl = '';
  private http = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; createdAt: string; data: { order: { id: string } } };
        if (!req.headers['webhook-signature'] || req.headers['webhook-id'] !== body.id) this.unsigned++;
        if (this.events.has(body.id)) this.duplicateEvents++;
        else this.events.set(body.id, { id: body.id, at, createdAt: Date.parse(body.createdAt), orderId: body.data?.order?.id });
      } catch {
        this.unsigned++;
      }
      res.writeHead(204).end();
    });
  });
  private smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream: SMTPServerDataStream, _session, callback: (error?: Error | null) => void) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const at = Date.now();
        const raw = Buffer.concat(chunks).toString('utf8');
        const head = raw.slice(0, Math.max(0, raw.search(/\r?\n\r?\n/)));
        const id = /^X-Message-Id:\s*(\S+)/im.exec(head)?.[1];
        if (id) {
          if (this.mails.has(id)) this.duplicateMails++;
          else this.mails.set(id, { id, at });
        }
        callback();
      });
    },
  });

  async start() {
    await new Promise<void>((resolve) => this.http.listen(0, '127.0.0.1', () => resolve()));
    this.http.keepAliveTimeout = 65_000;
    this.webhookUrl = `http://127.0.0.1:${(this.http.address() as { port: number }).port}`;
    await new Promise<void>((resolve) => this.smtp.listen(0, '127.0.0.1', () => resolve()));
    this.smtpUrl = `smtp://127.0.0.1:${(this.smtp.server.address() as { port: number }).port}`;
    return this;
  }

  async stop() {
    this.http.closeAllConnections();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
    await new Promise<void>((resolve) => this.smtp.close(() => resolve()));
  }
}

// ---------------------------------------------------------------------------------------------
// Processes and CPU
// ---------------------------------------------------------------------------------------------

function ensureBuild(build: boolean) {
  const distDir = settings.NEXT_DIST_DIR;
  if (!build && fs.existsSync(path.join(root, distDir, 'BUILD_ID'))) return console.log(`build: ${distDir} as it is (--no-build)`);
  if (!buildIsStale(root)) return console.log(`build: ${distDir} is up to date`);
  console.log(`build: next build into ${distDir} (missing or older than the sources)`);
  const result = spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, stdio: 'inherit', env: childEnv({ DATABASE_URL: '' }) });
  if (result.status !== 0) throw new Error('next build failed');
}

interface Processes {
  server: ChildProcess;
  base: string;
  worker?: ChildProcess;
  /** The process that delivers (the server or the worker). */
  deliverer: ChildProcess;
  profileDir?: string;
}

async function startProcesses(mode: Mode, env: NodeJS.ProcessEnv, profile: boolean, label: string): Promise<Processes> {
  const profileDir = profile ? fs.mkdtempSync(path.join(workDir, `prof-${label}-`)) : undefined;
  const profArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const port = await freePort();
  const serverLog = fs.openSync(path.join(workDir, `server-${label}.log`), 'w');
  const server = spawn(process.execPath, [...(mode === 'server' ? profArgs : []), ...serverArgs()], {
    cwd: root,
    env: { ...env, PORT: String(port), WEBHOOK_WORKER: mode === 'server' ? 'on' : 'off' },
    stdio: ['ignore', serverLog, serverLog],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/v2/agencies`, server, (s) => s === 401, 'server');
  let worker: ChildProcess | undefined;
  if (mode === 'worker') {
    const workerLog = fs.openSync(path.join(workDir, `worker-${label}.log`), 'w');
    // What `npm run worker` runs (tsx scripts/worker.ts), as one process so that signals and --cpu-prof reach it.
    worker = spawn(process.execPath, [...profArgs, '--import', 'tsx', 'scripts/worker.ts'], { cwd: root, env, stdio: ['ignore', workerLog, workerLog] });
    const deadline = Date.now() + 60_000;
    while (!fs.readFileSync(path.join(workDir, `worker-${label}.log`), 'utf8').includes('Worker running')) {
      if (worker.exitCode !== null || Date.now() > deadline) throw new Error(`npm run worker did not start: see ${path.join(workDir, `worker-${label}.log`)}`);
      await sleep(200);
    }
  }
  return { server, base, worker, deliverer: worker ?? server, profileDir };
}

async function stopProcesses(p: Processes) {
  // SIGINT: node writes its --cpu-prof file on a clean exit.
  await stop(p.worker, 'SIGINT');
  await stop(p.server, 'SIGINT');
}

const CLOCK_TICKS_PER_SECOND = 100;

function ticksOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The benchmark's database: only its backends' CPU is counted (the machine is shared). */
const benchDatabaseName = () => tooling.BENCH_PG_DB ?? 'outbox_bench';

/**
 * Ticks per PostgreSQL backend of the benchmark's database (`postgres: ... <db> <client>` in its
 * command line; backends come and go: a delta counts the pids seen at both ends, and new ones
 * whole). The server's shared processes (WAL writer, checkpointer) and other databases' backends
 * are not counted.
 */
function postgresTicks(): Map<number, number> {
  const ticks = new Map<number, number>();
  if (!fs.existsSync('/proc')) return ticks;
  const db = ` ${benchDatabaseName()} `;
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      if (text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')) !== 'postgres') continue;
      if (!fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(db)) continue;
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      ticks.set(Number(name), Number(fields[11]) + Number(fields[12]));
    } catch {
      /* gone */
    }
  }
  return ticks;
}

function ticksSince(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, t] of after) sum += t - (before.get(pid) ?? 0);
  return sum;
}

/** CPU seconds used by the server, the worker, PostgreSQL and this process since `cpuMark()`. */
function cpuMark(p: Processes) {
  const own = process.cpuUsage();
  const start = { server: ticksOf(p.server.pid), worker: ticksOf(p.worker?.pid), postgres: postgresTicks(), bench: (own.user + own.system) / 1e6 };
  return () => {
    const now = process.cpuUsage();
    return {
      server: (ticksOf(p.server.pid) - start.server) / CLOCK_TICKS_PER_SECOND,
      worker: (ticksOf(p.worker?.pid) - start.worker) / CLOCK_TICKS_PER_SECOND,
      postgres: ticksSince(start.postgres, postgresTicks()) / CLOCK_TICKS_PER_SECOND,
      bench: (now.user + now.system) / 1e6 - start.bench,
    };
  };
}

// ---------------------------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------------------------

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

function lagStats(lags: number[]) {
  const sorted = [...lags].sort((a, b) => a - b);
  return { count: sorted.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted[sorted.length - 1] ?? NaN };
}

// ---------------------------------------------------------------------------------------------
// Steady load
// ---------------------------------------------------------------------------------------------

async function steady(mode: Mode, env: NodeJS.ProcessEnv, f: Fixtures, rx: Receivers, client: pg.Client, opts: Options) {
  const run = `s${Date.now().toString(36)}`;
  const p = await startProcesses(mode, env, opts.profile, `steady-${mode}`);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${f.token}` };
  const body = (i: number) =>
    JSON.stringify({
      deliveryMethods: [{ type: 'email' }],
      location: { id: f.locationId },
      package: { id: f.packageId },
      participant: { firstName: 'Bench', lastName: 'Outbox', birthDate: '1990-01-15', email: `bench-${run}-${i}@example.test` },
      requester: { email: 'manager@acme.test' },
      settings: {},
      testReason: 'preEmployment',
      orderMatching: { enabled: false },
      callback: { url: `${rx.webhookUrl}/hooks/${run}` },
    });
  const createLatency: number[] = [];
  const cancelLatency: number[] = [];
  const failures: string[] = [];
  const orderIds: string[] = [];
  /** When the client had the answer (after the commit): per order, of its create and of its cancel. */
  const createdAnswer = new Map<string, number>();
  const cancelledAnswer = new Map<string, number>();
  let cancelled = 0;
  const pending = new Set<Promise<void>>();
  const track = (promise: Promise<void>) => {
    pending.add(promise);
    void promise.finally(() => pending.delete(promise));
  };
  const cancel = async (id: string) => {
    const started = performance.now();
    try {
      const response = await fetch(`${p.base}/api/v2/orders/${id}/cancellation`, { method: 'PUT', headers, body: JSON.stringify({ reason: 'bench:outbox' }) });
      await response.arrayBuffer();
      if (response.status === 200) {
        cancelledAnswer.set(id, Date.now());
        cancelled++;
        cancelLatency.push(performance.now() - started);
      } else failures.push(`cancel ${response.status}`);
    } catch (error) {
      failures.push(`cancel ${(error as Error).message}`);
    }
  };
  const create = async (i: number) => {
    const started = performance.now();
    try {
      const response = await fetch(`${p.base}/api/v2/orders`, { method: 'POST', headers, body: body(i) });
      const json = (await response.json()) as { id?: string };
      if (response.status !== 201 || !json.id) return void failures.push(`create ${response.status}`);
      createLatency.push(performance.now() - started);
      createdAnswer.set(json.id, Date.now());
      orderIds.push(json.id);
      const id = json.id;
      if (!opts.cancelEvery || i % opts.cancelEvery !== 0) return;
      await sleep(opts.cancelAfterMs);
      await cancel(id);
    } catch (error) {
      failures.push(`create ${(error as Error).message}`);
    }
  };

  try {
    // Warm-up: JIT, pools, prepared statements (these orders are neither cancelled nor counted).
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${p.base}/api/v2/orders`, { method: 'POST', headers, body: body(-1 - i).replace(`/hooks/${run}`, `/hooks/${run}-warm`) });
      await response.arrayBuffer();
    }
    await sleep(2_000);
    const eventsBefore = new Set(rx.events.keys());
    const mailsBefore = new Set(rx.mails.keys());
    const cpu = cpuMark(p);
    const started = performance.now();
    const total = Math.round(opts.rate * opts.duration);
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / opts.rate;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      track(create(i));
    }
    const sentFor = (performance.now() - started) / 1000;
    while (pending.size) await Promise.race(pending);
    const loadSeconds = (performance.now() - started) / 1000;

    // Wait for every event and message of this run (one event per cancelled order, one message per order).
    const orderSet = new Set(orderIds);
    const ours = () => [...rx.events.values()].filter((a) => !eventsBefore.has(a.id) && a.orderId && orderSet.has(a.orderId));
    const messageRows = async () =>
      (
        await client.query<{ id: string; created: string; order_id: string }>(
          `select id, order_id, (extract(epoch from created_at) * 1000)::float8::text as created from messages where order_id = any($1::text[])`,
          [orderIds],
        )
      ).rows;
    let rows = await messageRows();
    const deadline = Date.now() + opts.drainTimeoutS * 1000;
    while (Date.now() < deadline) {
      rows = await messageRows();
      const mailsIn = rows.filter((r) => rx.mails.has(r.id) && !mailsBefore.has(r.id)).length;
      if (ours().length >= cancelled && mailsIn >= rows.length) break;
      await sleep(250);
    }
    const used = cpu();
    const events = ours();
    const eventLags = events.map((a) => a.at - a.createdAt!);
    const createdOf = new Map(rows.map((r) => [r.id, Number(r.created)]));
    const mails = [...rx.mails.values()].filter((a) => createdOf.has(a.id));
    const mailLags = mails.map((a) => a.at - createdOf.get(a.id)!);
    // The same lags counted from the API's answer, which comes after the commit: the rows'
    // timestamps are taken inside their transactions (a message's is the create transaction's
    // start), so on a saturated server they include the wait of the transaction itself.
    const orderOf = new Map(rows.map((r) => [r.id, r.order_id]));
    const eventLagsFromAnswer = events.filter((a) => cancelledAnswer.has(a.orderId!)).map((a) => a.at - cancelledAnswer.get(a.orderId!)!);
    const mailLagsFromAnswer = mails.filter((a) => createdAnswer.has(orderOf.get(a.id)!)).map((a) => a.at - createdAnswer.get(orderOf.get(a.id)!)!);
    const span = (arrivals: Arrival[]) => (arrivals.length ? (Math.max(...arrivals.map((a) => a.at)) - Math.min(...arrivals.map((a) => a.at))) / 1000 : NaN);
    const result = {
      phase: 'steady' as const,
      mode,
      targetRate: opts.rate,
      sentFor,
      loadSeconds,
      creates: orderIds.length,
      createRate: orderIds.length / sentFor,
      cancels: cancelled,
      createLatency: lagStats(createLatency),
      cancelLatency: lagStats(cancelLatency),
      failures: failures.length,
      failureSample: [...new Set(failures)].slice(0, 5),
      events: { expected: cancelled, received: events.length, rate: events.length / span(events), lag: lagStats(eventLags), lagFromAnswer: lagStats(eventLagsFromAnswer) },
      messages: { expected: rows.length, received: mails.length, rate: mails.length / span(mails), lag: lagStats(mailLags), lagFromAnswer: lagStats(mailLagsFromAnswer) },
      duplicates: { events: rx.duplicateEvents, mails: rx.duplicateMails },
      cpuSeconds: used,
      profile: undefined as ProfileSummary | undefined,
    };
    console.log(
      `steady ${mode}: ${result.creates} creates (${result.createRate.toFixed(1)}/s, p99 ${result.createLatency.p99.toFixed(0)} ms), ${cancelled} cancels; ` +
        `events ${events.length}/${cancelled} lag p50 ${result.events.lag.p50} p99 ${result.events.lag.p99} max ${result.events.lag.max} ms; ` +
        `messages ${mails.length}/${rows.length} lag p50 ${result.messages.lag.p50} p99 ${result.messages.lag.p99} max ${result.messages.lag.max} ms; failures ${failures.length}`,
    );
    await stopProcesses(p);
    result.profile = summarizeProfileDir(p.profileDir);
    return { result, orderIds };
  } finally {
    await stopProcesses(p);
  }
}

// ---------------------------------------------------------------------------------------------
// Backlog drain
// ---------------------------------------------------------------------------------------------

/** Orders of earlier runs with a delivered cancellation event: the backlog's orders and payloads. */
async function backlogOrders(client: pg.Client, tenantId: string): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select count(distinct order_id)::int as n from webhook_deliveries where tenant_id = $1 and status = 'delivered' and url like '%/hooks/s%'
       and payload->'data'->'order'->>'status' = 'cancelled'`,
    [tenantId],
  );
  return rows[0].n;
}

async function backlog(mode: Mode, env: NodeJS.ProcessEnv, f: Fixtures, rx: Receivers, client: pg.Client, opts: Options) {
  const run = `b${Date.now().toString(36)}`;
  const p = await startProcesses(mode, env, opts.profile, `backlog-${mode}`);
  try {
    await sleep(1_000);
    const n = opts.backlog;
    // Round-robin over the orders (event k goes to order k mod K, with sequence 1000 + k div K), ids
    // ordered as they were enqueued (as uuidv7 ids are), so that an order's later events come after
    // its earlier ones, as in an outage of the receiver.
    const insert = `
      with src as (
        select distinct on (order_id) order_id, payload
        from webhook_deliveries
        where tenant_id = $1 and status = 'delivered' and url like '%/hooks/s%' and payload->'data'->'order'->>'status' = 'cancelled'
        order by order_id, created_at
      ), numbered as (
        select order_id, payload, (row_number() over (order by order_id)) - 1 as i, count(*) over () as k from src
      ), gen as (
        select g as k_, g % kk.k as slot, g / kk.k as round from generate_series(0, $2::int - 1) g, (select k from numbered limit 1) kk
      )
      insert into webhook_deliveries (id, tenant_id, order_id, event_id, event_type, sequence, url, payload, status, attempt_count, next_attempt_at, created_at)
      select
        lpad(to_hex(gen.k_), 8, '0') || '-' || substr(md5($3 || gen.k_), 1, 4) || '-7000-8000-' || substr(md5($3 || gen.k_), 5, 12),
        $1, numbered.order_id,
        'evt_' || $3 || lpad(gen.k_::text, 8, '0'), 'order.updated', 1000 + gen.round, $4,
        numbered.payload || jsonb_build_object('id', 'evt_' || $3 || lpad(gen.k_::text, 8, '0'), 'sequence', 1000 + gen.round, 'createdAt', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
        -- Enqueued 1 ms apart, oldest first, as by a stream of changes while the receiver was away.
        'pending', 0, now() - ($2::int - gen.k_) * interval '1 millisecond', now() - ($2::int - gen.k_) * interval '1 millisecond'
      from gen join numbered on numbered.i = gen.slot`;
    const before = { events: rx.events.size, dup: rx.duplicateEvents };
    const cpu = cpuMark(p);
    const t0 = Date.now();
    const inserted = await client.query(insert, [f.tenantId, n, run, `${rx.webhookUrl}/hooks/${run}`]);
    const committed = Date.now();
    const count = inserted.rowCount ?? 0;
    // What autovacuum's analyze would do after a tenth of the table changed (this server may run without it).
    await client.query('analyze webhook_deliveries');
    const { rows: size } = await client.query<{ bytes: number }>(`select avg(pg_column_size(payload))::int as bytes from webhook_deliveries where event_id like $1 || '%'`, [`evt_${run}`]);
    console.log(`backlog ${mode}: inserted ${count} deliveries in ${committed - t0} ms (payload ~${size[0].bytes} bytes stored)`);
    const ours = () => [...rx.events.values()].filter((a) => a.id.startsWith(`evt_${run}`));
    const deadline = Date.now() + opts.drainTimeoutS * 1000;
    let last = 0;
    let lastLog = Date.now();
    while (Date.now() < deadline) {
      const got = rx.events.size - before.events;
      if (got >= count) break;
      if (Date.now() - lastLog > 10_000) {
        console.log(`  ${got} of ${count} after ${((Date.now() - committed) / 1000).toFixed(0)} s (${((got - last) / ((Date.now() - lastLog) / 1000)).toFixed(0)}/s)`);
        last = got;
        lastLog = Date.now();
      }
      await sleep(100);
    }
    const used = cpu();
    const arrivals = ours();
    const lastAt = Math.max(...arrivals.map((a) => a.at));
    const firstAt = Math.min(...arrivals.map((a) => a.at));
    const { rows: states } = await client.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from webhook_deliveries where event_id like $1 || '%' group by status`,
      [`evt_${run}`],
    );
    const result: Record<string, unknown> = {
      phase: 'backlog',
      mode,
      deliveries: count,
      received: arrivals.length,
      duplicates: rx.duplicateEvents - before.dup,
      drainSeconds: (lastAt - committed) / 1000,
      rate: arrivals.length / ((lastAt - committed) / 1000),
      rateFirstToLast: arrivals.length / ((lastAt - firstAt) / 1000),
      firstArrivalAfterMs: firstAt - committed,
      statuses: Object.fromEntries(states.map((s) => [s.status, s.n])),
      cpuSeconds: used,
      cpuMsPerEvent: Object.fromEntries(Object.entries(used).map(([k, v]) => [k, Math.round((v * 1e6) / Math.max(1, arrivals.length)) / 1000])),
    };
    console.log(
      `backlog ${mode}: ${arrivals.length}/${count} in ${(result.drainSeconds as number).toFixed(1)} s = ${(result.rate as number).toFixed(0)} events/s ` +
        `(first arrival after ${firstAt - committed} ms); duplicates ${result.duplicates}; statuses ${JSON.stringify(result.statuses)}; cpu ${JSON.stringify(used)}`,
    );

    if (opts.messageBacklog > 0) {
      const mBefore = rx.mails.size;
      const mt0 = Date.now();
      const { rowCount } = await client.query(
        `with src as (
           select m.*, (row_number() over (order by id)) - 1 as i, count(*) over () as k
           from (select * from messages where status = 'sent' and provider = 'smtp' and template = 'orderCreated' order by id desc limit 500) m
         )
         insert into messages (id, tenant_id, order_id, channel, to_encrypted, to_masked, template, data, status, attempts, next_attempt_at, created_at)
         select lpad(to_hex(g), 8, '0') || '-' || substr(md5($2 || g), 1, 4) || '-7000-8000-' || substr(md5($2 || g), 5, 12),
                m.tenant_id, m.order_id, m.channel, m.to_encrypted, m.to_masked, m.template, m.data, 'queued', 0,
                now() - ($1::int - g) * interval '1 millisecond', now() - ($1::int - g) * interval '1 millisecond'
         from generate_series(0, $1::int - 1) g join src m on m.i = g % m.k`,
        [opts.messageBacklog, run],
      );
      const mCommitted = Date.now();
      await client.query('analyze messages');
      console.log(`message backlog ${mode}: inserted ${rowCount} messages in ${mCommitted - mt0} ms`);
      while (Date.now() < deadline && rx.mails.size - mBefore < (rowCount ?? 0)) await sleep(100);
      const got = rx.mails.size - mBefore;
      const lastMail = Math.max(...[...rx.mails.values()].slice(mBefore).map((a) => a.at));
      result.messages = { queued: rowCount, received: got, drainSeconds: (lastMail - mCommitted) / 1000, rate: got / ((lastMail - mCommitted) / 1000) };
      console.log(`message backlog ${mode}: ${got}/${rowCount} in ${((lastMail - mCommitted) / 1000).toFixed(1)} s = ${(got / ((lastMail - mCommitted) / 1000)).toFixed(0)} messages/s`);
    }
    await stopProcesses(p);
    result.profile = summarizeProfileDir(p.profileDir);
    return result;
  } finally {
    await stopProcesses(p);
    // What did not drain in time must not weigh on the next phase.
    await client.query(`delete from webhook_attempts where delivery_id in (select id from webhook_deliveries where event_id like $1 || '%' and status = 'pending')`, [`evt_${run}`]);
    await client.query(`delete from webhook_deliveries where event_id like $1 || '%' and status = 'pending'`, [`evt_${run}`]);
    await client.query(`update messages set status = 'failed', next_attempt_at = null, last_error = 'bench:outbox: left over' where status = 'queued' and id like '%-7000-8000-%'`);
  }
}

// ---------------------------------------------------------------------------------------------
// Profile
// ---------------------------------------------------------------------------------------------

interface ProfileSummary {
  file: string;
  busyShare: string;
  functions: Array<{ fn: string; share: string }>;
}

function summarizeProfileDir(dir: string | undefined, top = 25): ProfileSummary | undefined {
  if (!dir) return undefined;
  const name = fs.readdirSync(dir).find((n) => n.endsWith('.cpuprofile'));
  if (!name) return undefined;
  const file = path.join(dir, name);
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
    samples: number[];
  };
  const hits = new Map<number, number>();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const byFunction = new Map<string, number>();
  let idle = 0;
  for (const n of profile.nodes) {
    const h = hits.get(n.id) ?? 0;
    if (!h) continue;
    const { functionName, url, lineNumber } = n.callFrame;
    if (functionName === '(idle)') idle += h;
    const where = url ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/main\//, '')}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + h);
  }
  const pct = (h: number) => `${((100 * h) / total).toFixed(1)}%`;
  return {
    file,
    busyShare: pct(total - idle),
    functions: [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top).map(([fn, h]) => ({ fn, share: pct(h) })),
  };
}

// ---------------------------------------------------------------------------------------------
// Run
// ---------------------------------------------------------------------------------------------

function machine() {
  return { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadavg: os.loadavg().map((x) => x.toFixed(2)).join(' ') };
}

async function main() {
  const opts = options();
  fs.mkdirSync(workDir, { recursive: true });
  const url = database();
  const f = await prepare(url);
  ensureBuild(opts.build);
  const rx = await new Receivers().start();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const env = childEnv({
    DATABASE_URL: url,
    DATA_DIR: path.join(workDir, 'data'),
    NODE_ENV: 'production',
    APP_ENV: 'staging',
    SANDBOX: 'off',
    ALLOW_PRIVATE_CALLBACKS: 'true',
    SMTP_URL: rx.smtpUrl,
    MAIL_FROM: 'orders@bench.test',
    PUBLIC_URL: 'https://orders.bench.test',
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000000',
    LOG_LEVEL: isSet('LOG_LEVEL') ? settings.LOG_LEVEL : 'warn',
  });
  const results: unknown[] = [];
  const started = machine();
  /**
   * Where the PostgreSQL server runs without autovacuum (as this workplace's does), vacuum before
   * each phase as autovacuum would have: every run updates the same counter rows thousands of
   * times and leaves 50,000 delivered rows, and without it each run is slower than the last.
   */
  const vacuum = async () => {
    const { rows } = await client.query<{ autovacuum: string }>('show autovacuum');
    if (rows[0].autovacuum !== 'on') await client.query('vacuum (analyze)');
  };
  try {
    for (const mode of opts.modes) {
      await vacuum();
      if (opts.phases.includes('steady')) results.push((await steady(mode, env, f, rx, client, opts)).result);
      if (opts.phases.includes('backlog')) await vacuum();
      if (opts.phases.includes('backlog')) {
        const have = await backlogOrders(client, f.tenantId);
        if (have < 100) throw new Error(`the backlog needs orders with a delivered cancellation event (found ${have}): run --phases steady first`);
        results.push(await backlog(mode, env, f, rx, client, opts));
      }
    }
  } finally {
    await client.end();
    await rx.stop();
  }
  const out = { machine: started, machineAfter: machine(), options: opts, results, at: new Date().toISOString() };
  fs.writeFileSync(path.join(workDir, 'results.json'), JSON.stringify(out, null, 2));
  console.log(report(out));
  console.log(`\nJSON: ${path.join(workDir, 'results.json')}`);
}

function report(out: { machine: ReturnType<typeof machine>; results: unknown[] }) {
  const lines = [`Machine: ${out.machine.cpus} × ${out.machine.cpu}, ${out.machine.memGiB} GiB, Node ${out.machine.node}, load average at start ${out.machine.loadavg}`, ''];
  const rs = out.results as Array<Record<string, any>>;
  const steadyRows = rs.filter((r) => r.phase === 'steady');
  if (steadyRows.length) {
    lines.push(
      '| steady load | creates/s achieved (p99 ms) | events received / expected | event lag p50 / p99 / max ms (from the API answer) | messages received / expected | message lag p50 / p99 / max ms (from the API answer) | CPU s: server / worker / PostgreSQL / bench |',
      '| - | - | - | - | - | - | - |',
    );
    for (const r of steadyRows)
      lines.push(
        `| ${r.mode === 'server' ? 'in-server' : '`npm run worker`'} | ${r.createRate.toFixed(1)} (${r.createLatency.p99.toFixed(0)}) | ${r.events.received} / ${r.events.expected} | ` +
          `${r.events.lag.p50} / ${r.events.lag.p99} / ${r.events.lag.max} (${r.events.lagFromAnswer.p50} / ${r.events.lagFromAnswer.p99} / ${r.events.lagFromAnswer.max}) | ` +
          `${r.messages.received} / ${r.messages.expected} | ${r.messages.lag.p50} / ${r.messages.lag.p99} / ${r.messages.lag.max} (${r.messages.lagFromAnswer.p50} / ${r.messages.lagFromAnswer.p99} / ${r.messages.lagFromAnswer.max}) | ` +
          `${r.cpuSeconds.server.toFixed(1)} / ${r.cpuSeconds.worker.toFixed(1)} / ${r.cpuSeconds.postgres.toFixed(1)} / ${r.cpuSeconds.bench.toFixed(1)} |`,
      );
  }
  const backlogRows = rs.filter((r) => r.phase === 'backlog');
  if (backlogRows.length) {
    lines.push(
      '',
      '| backlog drain | deliveries | received (duplicates) | seconds | events/s | CPU ms per event: server / worker / PostgreSQL / bench | messages/s |',
      '| - | - | - | - | - | - | - |',
    );
    for (const r of backlogRows)
      lines.push(
        `| ${r.mode === 'server' ? 'in-server' : '`npm run worker`'} | ${r.deliveries} | ${r.received} (${r.duplicates}) | ${r.drainSeconds.toFixed(1)} | ${r.rate.toFixed(0)} | ` +
          `${r.cpuMsPerEvent.server} / ${r.cpuMsPerEvent.worker} / ${r.cpuMsPerEvent.postgres} / ${r.cpuMsPerEvent.bench} | ${r.messages ? `${r.messages.rate.toFixed(0)} (${r.messages.received}/${r.messages.queued})` : ''} |`,
      );
  }
  for (const r of rs)
    if (r.profile) lines.push('', `Profile, ${r.phase} ${r.mode} (${r.profile.file}; busy ${r.profile.busyShare}):`, ...r.profile.functions.map((x: { fn: string; share: string }) => `- ${x.share} ${x.fn}`));
  return lines.join('\n');
}

await main();
process.exit(0);
