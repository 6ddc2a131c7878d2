/**
 * Crash safety of the embedded default (issue 7, point 6; moved here from the browser tests, which it
 * never used a page of): this test starts its OWN production server (scripts/server.mjs, so the
 * child's pid is the server itself) on PGlite in a fresh temporary DATA_DIR, fires a burst of
 * concurrent order creates (each with a callback to a loopback receiver) and cancels of just-created
 * orders, SIGKILLs the server in the middle of the burst, restarts it on the same data directory,
 * and shows:
 *
 * - every order answered 201 exists whole: services, each with status history, its `order.created`
 *   audit event; every cancel answered 200 left a cancelled order, its audit event and its outbox row;
 * - no half-written order exists anywhere (tests/lib/order-invariants.ts);
 * - every outbox event is delivered to the receiver after the restart (bounded wait: a delivery
 *   claimed just before the kill is leased for 60 s, lib/worker/delivery-worker.ts).
 *
 * The same kill on PostgreSQL (an instance of two SIGKILLed under load, the same invariants after
 * it) is tests/scale/scale-out.test.ts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '@/lib/db/client';
import { DEMO } from '@/lib/seed';
import { freePort, serverArgs } from '../../scripts/lib/processes';
import { expectNoHalfWrittenOrder, ordersWithoutAudit } from '../lib/order-invariants';

const root = process.cwd();

const built = fs.existsSync(path.join(root, '.next/BUILD_ID'));

/** Concurrent clients in the burst. */
/** How long a server may take to answer after its start. */
const START_WAIT_MS = 180_000;
const CONCURRENCY = 8;
/** The kill comes once this many creates were answered 201 (and a few cancels 200), so requests are in flight. */
const KILL_AFTER_CREATES = 24;
const KILL_AFTER_CANCELS = 6;
/** A delivery claimed right before the kill is due again when its 60 s lease ends. */
const DELIVERY_WAIT_MS = 95_000;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Server {
  child?: ChildProcess;
  readonly log: string[] = [];
  constructor(
    readonly port: number,
    readonly env: NodeJS.ProcessEnv,
  ) {}

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, serverArgs(), { cwd: root, env: { ...this.env, PORT: String(this.port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.log.push(...chunk.toString().split('\n').filter(Boolean));
      if (this.log.length > 300) this.log.splice(0, this.log.length - 300);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    // A first start creates the data dir, migrates and seeds the demo: beside the other probes and
    // the CLI tests on two cores it has taken over 90 s.
    const deadline = Date.now() + START_WAIT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`next start exited (${child.exitCode ?? child.signalCode}):\n${this.tail()}`);
      try {
        const response = await fetch(`${this.base}/api/v2/agencies`, { signal: AbortSignal.timeout(5_000) });
        await response.arrayBuffer();
        if (response.status === 401) return; // the API answers: the database is open (migrated, seeded)
      } catch {
        /* not listening yet */
      }
      await sleep(250);
    }
    throw new Error(`next start did not answer within ${START_WAIT_MS / 1000} s:\n${this.tail()}`);
  }

  exited(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => child.once('exit', () => resolve()));
  }

  /** Sends the signal; a server that has not exited 15 s after SIGTERM gets SIGKILL. */
  async kill(signal: NodeJS.Signals): Promise<void> {
    const done = this.exited();
    this.child?.kill(signal);
    const timer = signal === 'SIGKILL' ? undefined : setTimeout(() => this.child?.kill('SIGKILL'), 15_000);
    await done;
    clearTimeout(timer);
  }

  tail(lines = 40): string {
    return this.log.slice(-lines).join('\n');
  }
}

/** A loopback receiver of webhook calls: records each event id (webhook-id) and its order. */
async function startReceiver() {
  const events = new Map<string, { orderId: string; status: string; count: number }>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const id = String(request.headers['webhook-id'] ?? '');
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { order: { id: string; status: string } } };
        const seen = events.get(id);
        events.set(id, { orderId: body.data.order.id, status: body.data.order.status, count: (seen?.count ?? 0) + 1 });
      } catch {
        /* counted as not received */
      }
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/orders`, events, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function createToken(env: NodeJS.ProcessEnv): string {
  const result = spawnSync('npx', ['tsx', 'scripts/cli.ts', 'token', 'create', '--tenant', 'acme', '--name', 'crash-safety'], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`token create failed (${result.status}): ${result.stderr}`);
  return (JSON.parse(result.stdout) as { token: string }).token;
}

function orderBody(callbackUrl: string) {
  const id = randomUUID().slice(0, 8);
  return {
    deliveryMethods: [{ type: 'email' }],
    location: { id: DEMO.acme.locations.primary },
    package: { id: DEMO.acme.packages.nonDot },
    // An address per order: one address gets at most 10 messages an hour (lib/domain/outbox/message-limits.ts).
    participant: { firstName: 'Crash', lastName: `Safety${id}`, birthDate: '1990-01-15', email: `crash.${id}@example.com` },
    requester: { email: 'manager@acme.test', name: 'Morgan Lee' },
    settings: {},
    testReason: 'preEmployment',
    callback: { url: callbackUrl },
  };
}

interface BurstResult {
  created: string[];
  cancelled: string[];
  /** Requests without an answer (the kill), whose outcome is unknown. */
  unanswered: number;
  /** Answers other than 201/200 before the kill (must be none). */
  unexpected: string[];
}

/** Concurrent creates and cancels until the server is killed; kills it at the threshold. */
async function burstAndKill(server: Server, token: string, callbackUrl: string): Promise<BurstResult> {
  const result: BurstResult = { created: [], cancelled: [], unanswered: 0, unexpected: [] };
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  let killed = false;
  let killing: Promise<void> | undefined;
  const maybeKill = () => {
    if (!killing && result.created.length >= KILL_AFTER_CREATES && result.cancelled.length >= KILL_AFTER_CANCELS) {
      killing = server.kill('SIGKILL').then(() => {
        killed = true;
      });
    }
  };
  const request = async (method: string, url: string, body: unknown) => {
    try {
      const response = await fetch(`${server.base}${url}`, { method, headers, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
      return { status: response.status, body: (await response.json()) as { id: string } };
    } catch {
      result.unanswered++;
      return undefined;
    }
  };
  const client = async (n: number) => {
    for (let i = 0; !killing && !killed; i++) {
      const created = await request('POST', '/api/v2/orders', orderBody(callbackUrl));
      if (!created) break;
      if (created.status !== 201) {
        if (!killing) result.unexpected.push(`create ${created.status} ${JSON.stringify(created.body).slice(0, 300)}`);
        continue;
      }
      result.created.push(created.body.id);
      maybeKill();
      // Cancel two of every three orders at once (the order's first change), while others are created.
      if ((n + i) % 3 !== 0) {
        const cancel = await request('PUT', `/api/v2/orders/${created.body.id}/cancellation`, { cancelledBy: { email: 'staff@acme.test' } });
        if (!cancel) break;
        if (cancel.status === 200) result.cancelled.push(created.body.id);
        else if (!killing) result.unexpected.push(`cancel ${cancel.status} ${JSON.stringify(cancel.body).slice(0, 300)}`);
        maybeKill();
      }
    }
  };
  const deadline = setTimeout(() => {
    killing ??= server.kill('SIGKILL').then(() => {
      killed = true;
    });
  }, 60_000);
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, n) => client(n)));
  clearTimeout(deadline);
  await killing;
  return result;
}

async function api(server: Server, token: string, url: string) {
  const response = await fetch(`${server.base}${url}`, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

// ---------------------------------------------------------------------------------------------
// The scenario
// ---------------------------------------------------------------------------------------------

describe('Crash safety on PGlite (the embedded default)', () => {
  it('SIGKILL during a burst of creates and cancels loses nothing and half-writes nothing', { timeout: 2 * START_WAIT_MS + 120_000 }, async () => {
    expect(built, 'a production build in .next (npm test builds it first)').toBe(true);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dto-crash-'));
    const receiver = await startReceiver();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      APP_ENV: 'staging',
      SANDBOX: 'off',
      ALLOW_PRIVATE_CALLBACKS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1,1,1',
      WEBHOOK_POLL_MS: '200',
      RATE_LIMIT_PER_MINUTE: '100000',
    };
    delete env.DATABASE_URL;
    delete env.NEXTAUTH_URL;
    const server = new Server(await freePort(), env);
    const phase = (what: string) => console.log(`[crash-safety] ${what}`);
    try {
      // 1. Start, and a token through the CLI (the admin channel: the server holds the database).
      await server.start();
      const owner = JSON.parse(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')) as { pid: number };
      expect(owner.pid, 'the spawned process is the server holding the database').toBe(server.child!.pid);
      const token = createToken(env);

      // 2. The burst, and SIGKILL in its middle.
      const burst = await burstAndKill(server, token, receiver.url);
      phase(
        `before the kill: ${burst.created.length} creates answered 201, ${burst.cancelled.length} cancels answered 200, ` +
          `${burst.unanswered} requests cut by the kill (signal ${server.child?.signalCode})`,
      );
      expect(burst.unexpected, 'answers other than 201/200 before the kill').toEqual([]);
      expect(server.child?.signalCode).toBe('SIGKILL');
      expect(burst.unanswered, 'requests were in flight at the kill').toBeGreaterThan(0);

      // 3. Restart on the same data directory.
      await server.start();
      phase('restarted');

      // 4. Every order answered 201 is whole, through the API.
      for (const id of burst.created) {
        const { status, body } = await api(server, token, `/api/v2/orders/${id}`);
        expect(status, `GET order ${id} after the restart`).toBe(200);
        const services = body.services as Array<{ id: string; statusHistory: unknown[] }>;
        expect(services.length, `services of ${id}`).toBeGreaterThan(0);
        for (const s of services) expect(s.statusHistory.length, `status history of service ${s.id}`).toBeGreaterThan(0);
        if (burst.cancelled.includes(id)) expect(body.status, `order ${id} was answered 200 to its cancellation`).toBe('cancelled');
      }
      phase('every order answered 201 is whole through the API');

      // 5. Every outbox event is delivered after the restart (bounded wait).
      const deadline = Date.now() + DELIVERY_WAIT_MS;
      let pending = -1;
      let failed = -1;
      while (Date.now() < deadline) {
        pending = (await api(server, token, '/api/v2/webhooks/deliveries?status=pending&limit=1')).body.total as number;
        failed = (await api(server, token, '/api/v2/webhooks/deliveries?status=failed&limit=1')).body.total as number;
        if (pending === 0) break;
        await sleep(1_000);
      }
      expect({ pending, failed }, 'deliveries still pending or failed after the restart').toEqual({ pending: 0, failed: 0 });
      phase('every outbox event delivered');

      // 6. Stop the server and look at the database itself.
      await server.kill('SIGTERM');
      const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      try {
        const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
        const ids = (list: string[]) => sql`(${sql.join([...list, ''].map((id) => sql`${id}`), sql`, `)})`;

        const createdRows = await q<{ id: string }>(sql`select id from orders where id in ${ids(burst.created)}`);
        expect(createdRows.length, 'orders answered 201 in the database').toBe(burst.created.length);
        expect(await ordersWithoutAudit(database, burst.created, 'order.created'), 'orders answered 201 without their order.created audit event').toEqual([]);
        expect(await ordersWithoutAudit(database, burst.cancelled, 'order.cancelled'), 'cancels answered 200 without their audit event').toEqual([]);
        const cancelOutbox = await q<{ order_id: string }>(sql`select distinct order_id from webhook_deliveries where order_id in ${ids(burst.cancelled)}`);
        expect(cancelOutbox.length, 'outbox rows of the cancels answered 200').toBe(burst.cancelled.length);

        // No half-written order anywhere (seeded ones included).
        await expectNoHalfWrittenOrder(database);
        // Burst orders (they all have the receiver's callback) that are cancelled: each has its audit event and outbox row.
        expect(
          await q(sql`select o.id from orders o where o.callback_url = ${receiver.url} and o.status = 'cancelled' and (
            not exists (select 1 from webhook_deliveries d where d.order_id = o.id)
            or not exists (select 1 from audit_events a where a.order_id = o.id and a.action = 'order.cancelled'))`),
          'cancelled burst orders without outbox row or audit event',
        ).toEqual([]);

        // Every outbox row was delivered, and the receiver got its event.
        const deliveries = await q<{ event_id: string; order_id: string; status: string }>(sql`select event_id, order_id, status from webhook_deliveries`);
        expect(deliveries.length, 'outbox rows').toBeGreaterThanOrEqual(burst.cancelled.length);
        expect(deliveries.filter((d) => d.status !== 'delivered'), 'outbox rows not delivered').toEqual([]);
        expect(deliveries.filter((d) => !receiver.events.has(d.event_id)).map((d) => d.event_id), 'events the receiver never got').toEqual([]);
        const burstOrders = (await q<{ n: number }>(sql`select count(*)::int as n from orders where callback_url = ${receiver.url}`))[0].n;
        phase(
          `after the restart: ${burstOrders} burst orders in the database (${burst.created.length} answered 201), ` +
            `${deliveries.length} outbox events, all delivered (${receiver.events.size} distinct events received)`,
        );
      } finally {
        await database.close();
      }
    } catch (error) {
      console.log(`[crash-safety] server log (tail):\n${server.tail()}`);
      throw error;
    } finally {
      await server.kill('SIGKILL');
      await receiver.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
