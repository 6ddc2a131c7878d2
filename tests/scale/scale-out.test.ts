/**
 * Scale-out (issue 13): several stateless app instances and one separate worker share one
 * PostgreSQL (docs/operations.md, "Topology"). On a scratch database `dto_scale_<random>` (created
 * here on DATABASE_URL's server, dropped at the end) this file starts, all at once:
 *
 * - instances A and B: the production server (scripts/server.mjs) with `WEBHOOK_WORKER=off`, so they
 *   only answer requests, and `SANDBOX=off`, so order statuses change only by this test's requests;
 *   each with a DATA_DIR of its own, as on separate hosts, and the same NEXTAUTH_SECRET and
 *   ENCRYPTION_KEY (participant identifiers sealed by one instance are read through the other);
 * - one worker: scripts/worker.ts, what `npm run worker` runs (under `node --import tsx`, so that
 *   the child's pid is the worker itself);
 * - a loopback webhook receiver that checks every signature with the `standardwebhooks` package.
 *
 * Then, in order:
 * 1. The three processes migrated and seeded the empty database together (advisory locks).
 * 2. The rate limit of a token is one budget across both instances.
 * 3. Creates (each with an Idempotency-Key) and cancels spread over both instances; B is SIGKILLed
 *    while requests are in flight to it. A client retries what the kill cut off on A, the survivor
 *    (as it would behind a load balancer). Every acknowledged order reads back through A with the
 *    state its last acknowledged operation left, and the database holds exactly those orders.
 *    Nothing is half-written (tests/lib/order-invariants.ts, the checks of the PGlite crash-safety
 *    test in tests/server): every order has its services, status history, audit events, counters.
 * 4. Every `order.updated` event of those orders reached the receiver, signed, and no event was
 *    acknowledged (2xx) twice, although the receiver refuses the first attempt of some events.
 *
 * Runs only when DATABASE_URL is set (`npm test` runs it after the browser tests, which build).
 * Needs a production build: the default `.next` (built here when missing or older than the
 * sources), or the one NEXT_DIST_DIR names.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken } from '@/lib/domain/api-tokens/tokens';
import { tenantBySlug } from '@/lib/domain/tenants';
import { openDatabase, rowsOf, type Database } from '@/lib/db/client';
import { DEMO } from '@/lib/seed';
import { buildIsStale, freePort, serverArgs } from '../../scripts/lib/processes';
import { CONDITIONS, needs } from '../conditions';
import { expectNoHalfWrittenOrder, ordersWithoutAudit } from '../lib/order-invariants';

const root = path.resolve(import.meta.dirname, '../..');
const databaseUrl = process.env.DATABASE_URL ?? '';

/** RATE_LIMIT_PER_MINUTE of both instances: small, so that phase 2 crosses it quickly. */
const LIMIT = 30;
/**
 * How far the accepted total may exceed LIMIT. Each instance counts in memory and adds its counts
 * to the shared PostgreSQL row every 250 ms (lib/rate-limit/index.ts), learning the other's total
 * only then: it misses at most the other instance's hits of about two flush intervals. Phase 2
 * paces its requests (PACE_MS apart, alternating), so that is ~3 hits per instance; 10 leaves room
 * for a slow machine and stays far below the 2 × LIMIT that per-instance budgets would accept.
 */
const SLACK = 10;
const PACE_MS = 100;
/** Orders of phase 3, and the concurrent clients sending them. */
const ORDERS = 60;
const LANES = 8;
/** B is killed once this many creates were acknowledged (and while requests are in flight to it). */
const KILL_AFTER_CREATES = 24;
/** Tokens for phase 3: every order uses one, so that no token nears LIMIT. */
const CLIENT_TOKENS = 20;
/** Bounded waits. */
const READY_MS = 120_000;
const DELIVERY_WAIT_MS = 90_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Processes
// ---------------------------------------------------------------------------------------------

const children = new Set<ChildProcess>();
// Should the test process die without afterAll, its children must not outlive it.
process.once('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

class Proc {
  child?: ChildProcess;
  /** The first lines (start-up) and the last ones. */
  readonly head: string[] = [];
  readonly log: string[] = [];
  constructor(
    readonly name: string,
    readonly args: string[],
    readonly env: NodeJS.ProcessEnv,
  ) {}

  start(): void {
    const child = spawn(process.execPath, this.args, { cwd: root, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    children.add(child);
    child.once('exit', () => children.delete(child));
    const keep = (chunk: Buffer) => {
      const lines = chunk.toString().split('\n').filter(Boolean);
      this.head.push(...lines.slice(0, Math.max(0, 100 - this.head.length)));
      this.log.push(...lines);
      if (this.log.length > 400) this.log.splice(0, this.log.length - 400);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  assertRunning(): void {
    if (!this.running) throw new Error(`${this.name} exited (${this.child?.exitCode ?? this.child?.signalCode}):\n${this.tail()}`);
  }

  /** Sends the signal and waits for the exit; SIGKILL after 10 s if another signal did not end it. */
  async kill(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const timer = signal === 'SIGKILL' ? undefined : setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }

  tail(lines = 40): string {
    return this.log.slice(-lines).join('\n');
  }
}

class Instance extends Proc {
  constructor(
    name: string,
    readonly port: number,
    env: NodeJS.ProcessEnv,
  ) {
    super(name, serverArgs(), { ...env, PORT: String(port) });
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Ready when an unknown token is answered 401: that answer needs the open (migrated, seeded) database. */
  async ready(): Promise<void> {
    const deadline = Date.now() + READY_MS;
    while (Date.now() < deadline) {
      this.assertRunning();
      try {
        const response = await fetch(`${this.base}/api/v2/agencies`, { headers: { Authorization: 'Bearer dto_test_unknown' }, signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        if (response.status === 401) return;
      } catch {
        /* not listening yet */
      }
      await sleep(300);
    }
    throw new Error(`${this.name} did not answer within ${READY_MS / 1000} s:\n${this.tail()}`);
  }
}

class Worker extends Proc {
  async ready(): Promise<void> {
    const deadline = Date.now() + READY_MS;
    while (!this.head.some((line) => line.startsWith('Worker running'))) {
      this.assertRunning();
      if (Date.now() > deadline) throw new Error(`the worker did not start within ${READY_MS / 1000} s:\n${this.tail()}`);
      await sleep(300);
    }
  }
}

/** The default build is made here when missing or stale; a NEXT_DIST_DIR build must exist. */
function ensureBuild(): void {
  const distDir = process.env.NEXT_DIST_DIR;
  if (distDir) {
    if (!fs.existsSync(path.join(root, distDir, 'BUILD_ID'))) throw new Error(`NEXT_DIST_DIR=${distDir} has no build: run \`NEXT_DIST_DIR=${distDir} npx next build\`.`);
    return;
  }
  const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');
  // As scripts/e2e-server.ts: another build of this checkout holds .next/lock; wait for it.
  for (let attempt = 1; buildIsStale(root); attempt++) {
    const started = Date.now();
    const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, DATABASE_URL: '' } });
    if (build.status === 0) return;
    const quickFailure = Date.now() - started < 20_000 && fs.existsSync(path.join(root, '.next/lock'));
    if (!quickFailure || attempt >= 12) throw new Error(`next build failed (${build.status})`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 15_000);
  }
}

// ---------------------------------------------------------------------------------------------
// The webhook receiver
// ---------------------------------------------------------------------------------------------

interface Receiver {
  url: string;
  /** webhook-id → number of attempts answered 2xx (acknowledged). */
  acks: Map<string, number>;
  /** webhook-id → number of attempts answered 503 on purpose. */
  refused: Map<string, number>;
  /** Requests whose signature did not verify, or that did not parse. */
  rejected: string[];
  /** Every request received. */
  requests: number;
  close(): Promise<void>;
}

/**
 * Verifies each request with the tenant's secret; refuses (503) the first attempt of every fourth
 * new event, so that the worker's retries are part of the run; acknowledges (204) the others.
 */
async function startReceiver(secret: () => string): Promise<Receiver> {
  const acks = new Map<string, number>();
  const refused = new Map<string, number>();
  const rejected: string[] = [];
  const seen = new Set<string>();
  const state = { requests: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      state.requests++;
      const id = String(request.headers['webhook-id'] ?? '');
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const event = new Webhook(secret()).verify(body, request.headers as Record<string, string>) as { id: string; type: string };
        if (event.id !== id || event.type !== 'order.updated') throw new Error(`unexpected event ${event.type} ${event.id}`);
      } catch (error) {
        rejected.push(`${id}: ${String(error)}`);
        response.writeHead(400).end();
        return;
      }
      const first = !seen.has(id);
      seen.add(id);
      if (first && seen.size % 4 === 0) {
        refused.set(id, (refused.get(id) ?? 0) + 1);
        response.writeHead(503).end();
        return;
      }
      acks.set(id, (acks.get(id) ?? 0) + 1);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/orders`,
    acks,
    refused,
    rejected,
    get requests() {
      return state.requests;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** An answer, or undefined when the request got none (connection refused or cut). */
async function send(instance: Instance, method: string, url: string, token: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer | undefined> {
  try {
    const response = await fetch(`${instance.base}${url}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  } catch {
    return undefined;
  }
}

function orderBody(callbackUrl: string) {
  const lastName = `Out${randomUUID().slice(0, 8)}`;
  return {
    deliveryMethods: [{ type: 'email' }],
    location: { id: DEMO.acme.locations.primary },
    package: { id: DEMO.acme.packages.nonDot },
    // A last name of its own: order matching never links two orders of this run; and an address of
    // its own: one address gets at most 10 messages an hour. The identifier is sealed with
    // ENCRYPTION_KEY by the instance that creates the order.
    participant: {
      firstName: 'Scale',
      lastName,
      birthDate: '1990-01-15',
      email: `scale.${lastName.toLowerCase()}@example.com`,
      identifiers: [{ type: 'driversLicense', value: `D${randomBytes(4).toString('hex')}`, issuingCountry: 'US', issuingState: 'TX' }],
    },
    requester: { email: 'manager@acme.test', name: 'Morgan Lee' },
    settings: {},
    testReason: 'preEmployment',
    callback: { url: callbackUrl },
  };
}

/** One order of phase 3 and what the client knows of it. */
interface Plan {
  n: number;
  token: string;
  idempotencyKey: string;
  body: ReturnType<typeof orderBody>;
  /** Two orders of three are cancelled, through the other instance than their create. */
  cancel: boolean;
  id?: string;
  /** Status of the last acknowledged operation's answer. */
  status?: string;
  cancelled: boolean;
  /** Operations that got no answer (cut by the kill), retried on the survivor afterwards. */
  unanswered: Array<'create' | 'cancel'>;
}

// ---------------------------------------------------------------------------------------------
// The scenario
// ---------------------------------------------------------------------------------------------

describe.skipIf(!CONDITIONS.appOnPostgres.holds)(needs('appOnPostgres', 'scale-out: two instances and one worker on one PostgreSQL'), () => {
  const scratchName = `dto_scale_${randomBytes(5).toString('hex')}`;
  const scratchUrl = (() => {
    if (!databaseUrl) return '';
    const url = new URL(databaseUrl);
    url.pathname = `/${scratchName}`;
    return url.toString();
  })();
  let scratchCreated = false;
  const dataDirs: string[] = [];
  /** A DATA_DIR of its own per process, as on separate hosts: nothing is shared through files. */
  const ownDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dto-scale-'));
    dataDirs.push(dir);
    return dir;
  };
  let database: Database | undefined;
  let receiver: Receiver | undefined;
  let webhookSecret = '';
  let a: Instance;
  let b: Instance;
  let worker: Worker;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database!.db.execute(query));

  async function admin(statement: string): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  async function newToken(name: string): Promise<string> {
    const tenant = await tenantBySlug(database!.db, 'acme');
    return (await createToken(database!.db, { tenantId: tenant.id, name, scopes: 'all', companyIds: 'all' })).token;
  }

  beforeAll(() => ensureBuild(), 900_000);

  beforeAll(async () => {
    await admin(`create database ${scratchName}`);
    scratchCreated = true;
    receiver = await startReceiver(() => webhookSecret);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      APP_ENV: 'staging',
      DATABASE_URL: scratchUrl,
      SANDBOX: 'off',
      ALLOW_PRIVATE_CALLBACKS: 'true',
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      // What every instance must share (docs/operations.md); staging would otherwise generate them per DATA_DIR.
      NEXTAUTH_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    };
    // The PostgreSQL rate-limit store, not Redis; no proxy in front; sign-in on any port.
    for (const name of ['REDIS_URL', 'TRUST_PROXY', 'NEXTAUTH_URL', 'PORT']) delete env[name];
    const instanceEnv = { ...env, WEBHOOK_WORKER: 'off' };
    a = new Instance('instance A', await freePort(), { ...instanceEnv, DATA_DIR: ownDataDir() });
    b = new Instance('instance B', await freePort(), { ...instanceEnv, DATA_DIR: ownDataDir() });
    worker = new Worker('worker', ['--import', 'tsx', path.join(root, 'scripts/worker.ts')], {
      ...env,
      DATA_DIR: ownDataDir(),
      WEBHOOK_POLL_MS: '200',
      WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1',
    });
    // All three on the empty database at once: migrations and the seed serialise on advisory locks.
    for (const proc of [a, b, worker]) proc.start();
    await Promise.all([a.ready(), b.ready(), worker.ready()]);
    database = await openDatabase({ url: scratchUrl, maxConnections: 2 });
    webhookSecret = (await tenantBySlug(database.db, 'acme')).webhookSecret;
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a, b, worker].filter(Boolean).map((proc) => proc.kill('SIGKILL')));
    await receiver?.close();
    await database?.close();
    if (scratchCreated) await admin(`drop database if exists ${scratchName} with (force)`);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('starts two instances and a worker together on an empty database: one migration history, one seed, delivery only in the worker', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(root, 'lib/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const [{ n: migrations }] = await q<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(migrations, 'rows of the migration history').toBe(journal.entries.length);
    const [{ n: tenants }] = await q<{ n: number }>(sql`select count(*)::int as n from tenants where slug = 'acme'`);
    expect(tenants).toBe(1);
    const background = (proc: Proc) => proc.head.find((line) => line.includes('"background work started"'));
    for (const instance of [a, b]) expect(background(instance), `${instance.name}: ${instance.tail()}`).toContain('"webhookDelivery":"off"');
    expect(background(worker), worker.tail()).toContain('"webhookDelivery":{');
    expect(background(worker)).toContain('"sandbox":"off"');
  });

  it('counts the rate limit of a token once across both instances', async () => {
    let accepted = { [a.name]: 0, [b.name]: 0 };
    let limited = { [a.name]: 0, [b.name]: 0 };
    const other: string[] = [];
    // The count lives in fixed one-minute windows: the phase must stay within one. It takes ~15 s;
    // it starts with 25 s left at least, and runs again (with a new token) if a window ended anyway.
    for (let round = 1; ; round++) {
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 25_000) await sleep(left + 200);
      const token = await newToken(`rate limit ${round}`);
      accepted = { [a.name]: 0, [b.name]: 0 };
      limited = { [a.name]: 0, [b.name]: 0 };
      const window = Math.floor(Date.now() / 60_000);
      for (let i = 0; i < 3 * LIMIT; i++) {
        const instance = i % 2 === 0 ? a : b;
        const answer = await send(instance, 'GET', '/api/v2/agencies', token);
        if (answer?.status === 200) accepted[instance.name]++;
        else if (answer?.status === 429) limited[instance.name]++;
        else other.push(`${instance.name}: ${answer ? `${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}` : 'no answer'}`);
        await sleep(PACE_MS);
      }
      if (Math.floor(Date.now() / 60_000) === window || round === 3) break;
    }
    const total = accepted[a.name] + accepted[b.name];
    console.log(`[scale-out] rate limit ${LIMIT}/min: accepted ${JSON.stringify(accepted)}, answered 429 ${JSON.stringify(limited)}`);
    expect(other, 'answers other than 200 and 429').toEqual([]);
    // Never less than one budget (an instance refuses only once the shared count is over it)...
    expect(total).toBeGreaterThanOrEqual(LIMIT);
    // ...and one budget, not two: per-instance counting would accept 2 × LIMIT.
    expect(total).toBeLessThanOrEqual(LIMIT + SLACK);
    expect(limited[a.name], 'instance A refused requests over the shared budget').toBeGreaterThan(0);
    expect(limited[b.name], 'instance B refused requests over the shared budget').toBeGreaterThan(0);
  });

  const plans: Plan[] = [];

  it('keeps every acknowledged order, readable through the survivor, when one instance is SIGKILLed under load', async () => {
    const tokens = await Promise.all(Array.from({ length: CLIENT_TOKENS }, (_, n) => newToken(`client ${n}`)));
    for (let n = 0; n < ORDERS; n++) {
      plans.push({ n, token: tokens[n % CLIENT_TOKENS], idempotencyKey: randomUUID(), body: orderBody(receiver!.url), cancel: n % 3 !== 2, cancelled: false, unanswered: [] });
    }
    const unexpected: string[] = [];
    const inFlight = new Map<Instance, number>([
      [a, 0],
      [b, 0],
    ]);
    let bDown = false;
    let killing: Promise<void> | undefined;
    let cutByKill = 0;
    const acknowledgedCreates = () => plans.filter((p) => p.id).length;
    const killB = () => {
      // A load balancer stops sending to B at once; requests already sent to it are cut.
      bDown = true;
      cutByKill = inFlight.get(b)!;
      killing = b.kill('SIGKILL');
    };
    // Even lanes/orders start on A, odd ones on B; a cancel goes to the instance the create did not.
    const route = (n: number) => (n % 2 === 1 && !bDown ? b : a);
    const tracked = async (instance: Instance, method: string, url: string, plan: Plan, body?: unknown, headers?: Record<string, string>) => {
      inFlight.set(instance, inFlight.get(instance)! + 1);
      try {
        return await send(instance, method, url, plan.token, body, headers);
      } finally {
        inFlight.set(instance, inFlight.get(instance)! - 1);
        if (!killing && acknowledgedCreates() >= KILL_AFTER_CREATES && inFlight.get(b)! > 0) killB();
      }
    };

    let next = 0;
    const lane = async () => {
      while (next < plans.length) {
        const plan = plans[next++];
        const created = await tracked(route(plan.n), 'POST', '/api/v2/orders', plan, plan.body, { 'Idempotency-Key': plan.idempotencyKey });
        if (!created) {
          plan.unanswered.push('create');
          continue;
        }
        if (created.status !== 201) {
          unexpected.push(`create ${created.status} ${JSON.stringify(created.body).slice(0, 300)}`);
          continue;
        }
        plan.id = created.body.id as string;
        plan.status = created.body.status as string;
        if (!plan.cancel) continue;
        const cancelled = await tracked(route(plan.n + 1), 'PUT', `/api/v2/orders/${plan.id}/cancellation`, plan, { cancelledBy: { email: 'staff@acme.test' } });
        if (!cancelled) plan.unanswered.push('cancel');
        else if (cancelled.status !== 200) unexpected.push(`cancel ${cancelled.status} ${JSON.stringify(cancelled.body).slice(0, 300)}`);
        else {
          plan.cancelled = true;
          plan.status = cancelled.body.status as string;
        }
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
    if (!killing) killB(); // the load ended before the threshold: kill B anyway
    await killing;
    expect(b.child?.signalCode).toBe('SIGKILL');
    a.assertRunning();
    worker.assertRunning();
    expect(unexpected, 'answers other than 201/200').toEqual([]);

    // The client retries on the survivor what the kill cut off: a create with its Idempotency-Key
    // (the first answer again if it was committed, else a new order), then its planned cancel.
    const retried = plans.filter((p) => p.unanswered.length > 0);
    for (const plan of retried) {
      if (!plan.id) {
        const created = await send(a, 'POST', '/api/v2/orders', plan.token, plan.body, { 'Idempotency-Key': plan.idempotencyKey });
        expect(created?.status, `retried create ${plan.n}: ${JSON.stringify(created?.body)}`).toBe(201);
        plan.id = created!.body.id as string;
        plan.status = created!.body.status as string;
      }
      if (plan.cancel && !plan.cancelled) {
        const cancelled = await send(a, 'PUT', `/api/v2/orders/${plan.id}/cancellation`, plan.token, { cancelledBy: { email: 'staff@acme.test' } });
        expect(cancelled?.status, `retried cancel ${plan.n}: ${JSON.stringify(cancelled?.body)}`).toBe(200);
        plan.cancelled = true;
        plan.status = cancelled!.body.status as string;
      }
    }
    console.log(
      `[scale-out] B killed after ${KILL_AFTER_CREATES}+ acknowledged creates with ${cutByKill} request(s) in flight to it; ` +
        `${retried.length} order(s) had an operation cut off and were retried on A; ${plans.filter((p) => p.cancelled).length} of ${ORDERS} orders cancelled`,
    );

    // Every acknowledged order reads back through A as its last acknowledged operation left it.
    for (const plan of plans) {
      const read = await send(a, 'GET', `/api/v2/orders/${plan.id}`, plan.token);
      expect(read?.status, `GET order ${plan.n} (${plan.id}) through the survivor`).toBe(200);
      const expected = plan.cancelled ? 'cancelled' : plan.status;
      expect(read!.body.status, `status of order ${plan.n}`).toBe(expected);
      const participant = read!.body.participant as { lastName: string; identifiers: Array<{ value: string }> };
      expect(participant.lastName).toBe(plan.body.participant.lastName);
      expect(participant.identifiers?.map((i) => i.value), `identifiers of order ${plan.n}`).toEqual([plan.body.participant.identifiers[0].value]);
    }
    // The database holds exactly these orders: none lost, none doubled by a retried create.
    const stored = await q<{ id: string }>(sql`select id from orders where callback_url = ${receiver!.url} order by id`);
    expect(stored.map((r) => r.id)).toEqual(plans.map((p) => p.id!).sort());
    // And nothing half-written by the kill: every acknowledged operation has its audit event, and
    // no order anywhere lacks a service, a status history, its created event or its counter.
    const acknowledged = plans.map((p) => p.id!);
    expect(await ordersWithoutAudit(database!, acknowledged, 'order.created'), 'acknowledged creates without their audit event').toEqual([]);
    expect(await ordersWithoutAudit(database!, plans.filter((p) => p.cancelled).map((p) => p.id!), 'order.cancelled'), 'acknowledged cancels without their audit event').toEqual([]);
    await expectNoHalfWrittenOrder(database!);
  });

  it('delivers every order.updated event of those orders, signed, and never acknowledged twice', async () => {
    expect(plans.length, 'the load phase ran').toBe(ORDERS);
    const url = receiver!.url;
    const deadline = Date.now() + DELIVERY_WAIT_MS;
    let pending = -1;
    while (Date.now() < deadline) {
      worker.assertRunning();
      [{ n: pending }] = await q<{ n: number }>(sql`select count(*)::int as n from webhook_deliveries where url = ${url} and status = 'pending'`);
      if (pending === 0) break;
      await sleep(500);
    }
    expect(pending, `deliveries still pending after ${DELIVERY_WAIT_MS / 1000} s:\n${worker.tail()}`).toBe(0);

    const outbox = await q<{ event_id: string; order_id: string; event_type: string; status: string }>(
      sql`select event_id, order_id, event_type, status from webhook_deliveries where url = ${url}`,
    );
    // Each acknowledged cancel enqueued its event, in the same transaction.
    const withEvents = new Set(outbox.map((d) => d.order_id));
    expect(plans.filter((p) => p.cancelled && !withEvents.has(p.id!)).map((p) => p.id), 'cancelled orders without an outbox event').toEqual([]);
    expect(outbox.filter((d) => d.event_type !== 'order.updated' || d.status !== 'delivered'), 'outbox rows not delivered').toEqual([]);

    const { acks, refused, rejected } = receiver!;
    expect(rejected, 'requests whose signature did not verify').toEqual([]);
    // Every event was acknowledged exactly once: none lost, none delivered successfully twice.
    expect(outbox.filter((d) => acks.get(d.event_id) !== 1).map((d) => `${d.event_id}: ${acks.get(d.event_id) ?? 0} acknowledgements`)).toEqual([]);
    expect([...acks.keys()].filter((id) => !outbox.some((d) => d.event_id === id)), 'acknowledged events not in the outbox').toEqual([]);
    // The refused first attempts were retried, and every attempt the receiver saw was recorded.
    expect(refused.size).toBeGreaterThan(0);
    expect([...refused.keys()].filter((id) => acks.get(id) !== 1), 'refused events not acknowledged after a retry').toEqual([]);
    const [{ n: attempts }] = await q<{ n: number }>(
      sql`select count(*)::int as n from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.url = ${url}`,
    );
    expect(attempts, 'attempts recorded versus requests received').toBe(receiver!.requests);
    console.log(`[scale-out] ${outbox.length} order.updated events, each acknowledged once; ${refused.size} first attempts refused and retried`);
  });
});
