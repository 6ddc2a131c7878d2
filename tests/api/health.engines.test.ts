/**
 * Operations endpoints outside /api/v2 (issue 13): liveness, readiness and Prometheus metrics,
 * through their real route files against a real database. On PostgreSQL the database is shared
 * with the other test files: what this file changes (heartbeat row, a migration row) it puts back,
 * and the outbox is held still (a SHARE lock, which blocks writers only) while it is counted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GET as metricsRoute } from '@/app/api/metrics/route';
import { getDatabase, setDatabase } from '@/lib/app-db';
import { migrationsFolder, openDatabase, rowsOf } from '@/lib/db/client';
import { webhookDeliveries, workerHeartbeats } from '@/lib/db/schema';
import { DEMO } from '@/lib/seed';
import { newId } from '@/lib/ids';
import { DELIVERY_WORKER_NAME, HEARTBEAT_MAX_AGE_SECONDS, beat, heartbeatAgeSeconds, startHeartbeat } from '@/lib/worker/heartbeat';
import { silentLogger } from '@/lib/worker/loop';
import { call, db, driver, get, token, withTestDatabase } from './harness';
import { acme, createOrder } from './orders-fixtures';

withTestDatabase();

const journal = (JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string; when: number }> }).entries;

const ageHeartbeat = (seconds: number) =>
  db().execute(sql`update ${workerHeartbeats} set beat_at = now() - make_interval(secs => ${seconds}) where name = ${DELIVERY_WORKER_NAME}`);

describe('GET /api/health', () => {
  it('200 {status: ok} without a token', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /api/ready', () => {
  it('200 ready with every check ok right after a heartbeat', async () => {
    await beat(db());
    const res = await get('/api/ready');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('ready');
    expect(res.body.reason).toBeUndefined();
    expect(res.body.checks.database).toEqual({ status: 'ok' });
    expect(res.body.checks.migrations).toEqual({ status: 'ok', expected: journal.length, applied: journal.length });
    expect(res.body.checks.workerHeartbeat).toMatchObject({ status: 'ok', maxAgeSeconds: HEARTBEAT_MAX_AGE_SECONDS });
  });

  it(`503 "worker heartbeat ... old" when the newest beat is older than ${HEARTBEAT_MAX_AGE_SECONDS} s`, async () => {
    await beat(db());
    await ageHeartbeat(300);
    const res = await get('/api/ready');
    expect(res.status).toBe(503);
    expect(res.body.status).toBe('unavailable');
    expect(res.body.reason).toMatch(new RegExp(`^worker heartbeat is 30\\d s old \\(limit ${HEARTBEAT_MAX_AGE_SECONDS} s\\)`));
    expect(res.body.checks.workerHeartbeat.status).toBe('failed');
    expect(res.body.checks.database.status).toBe('ok');
    expect(res.body.checks.migrations.status).toBe('ok');
  });

  it('503 "worker heartbeat missing" when no worker ever beat', async () => {
    await db().delete(workerHeartbeats);
    const res = await get('/api/ready');
    expect(res.status).toBe(503);
    expect(res.body.reason).toMatch(/^worker heartbeat missing/);
  });

  it('503 naming the migration recorded in the tree but not applied in the database', async () => {
    await beat(db());
    const last = journal[journal.length - 1];
    const [removed] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await db().execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${last.when} returning id, hash, created_at::text`),
    );
    expect(removed).toBeDefined();
    try {
      const res = await get('/api/ready');
      expect(res.status).toBe(503);
      expect(res.body.reason).toBe(`migrations not applied: ${last.tag}`);
      expect(res.body.checks.migrations).toMatchObject({ status: 'failed', expected: journal.length, applied: journal.length - 1 });
      expect(res.body.checks.workerHeartbeat.status).toBe('ok');
    } finally {
      await db().execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${removed.id}, ${removed.hash}, ${removed.created_at}::bigint)`);
    }
    expect((await get('/api/ready')).status).toBe(200);
  });

  it('503 when the database does not answer, without its address or credentials in the answer', async () => {
    const working = await getDatabase();
    const unreachable = await openDatabase({ url: 'postgres://ops:s3cret-password@127.0.0.1:1/nowhere', maxConnections: 1 });
    setDatabase(unreachable);
    try {
      const res = await get('/api/ready');
      expect(res.status).toBe(503);
      expect(res.body.checks).toEqual({
        database: { status: 'failed', detail: expect.stringMatching(/^database did not answer select 1/) },
        migrations: { status: 'skipped', detail: expect.any(String) },
        workerHeartbeat: { status: 'skipped', detail: expect.any(String) },
      });
      expect(res.body.reason).toBe(res.body.checks.database.detail);
      expect(JSON.stringify(res.body)).not.toMatch(/s3cret|127\.0\.0\.1|nowhere|ops/);
    } finally {
      setDatabase(working);
      await unreachable.close();
    }
  });

  it('the heartbeat loop of the worker beats as soon as it starts', async () => {
    await beat(db());
    await ageHeartbeat(300);
    const loop = startHeartbeat({ db: db(), log: silentLogger });
    try {
      await vi.waitFor(async () => expect(await heartbeatAgeSeconds(db())).toBeLessThan(HEARTBEAT_MAX_AGE_SECONDS), { timeout: 10_000 });
    } finally {
      await loop.stop();
    }
    expect((await get('/api/ready')).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// Metrics: the exposition text is not JSON, so the route is called directly (harness `call` parses JSON)
// ---------------------------------------------------------------------------------------------

async function scrape(headers: Record<string, string> = {}): Promise<{ status: number; contentType: string | null; text: string }> {
  const res = await metricsRoute(new Request('http://localhost/api/metrics', { headers }));
  return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() };
}

/** The value of one sample, its labels given exactly; 0 for a series not yet written. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (JSON.stringify(Object.entries(found).sort()) === JSON.stringify(Object.entries(labels).sort())) return Number(match[3]);
  }
  return 0;
}

const pendingCount = async () =>
  rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from ${webhookDeliveries} where status = 'pending'`))[0].n;

/** Runs `check` while no other test file can change the outbox (PostgreSQL is shared; a PGlite copy is this file's own). */
async function withOutboxStill<T>(check: () => Promise<T>): Promise<T> {
  if (driver() !== 'postgres') return check();
  return db().transaction(async (tx) => {
    await tx.execute(sql`lock table ${webhookDeliveries} in share mode`);
    return check();
  });
}

describe('GET /api/metrics', () => {
  const savedToken = process.env.METRICS_TOKEN;
  afterEach(() => {
    if (savedToken === undefined) delete process.env.METRICS_TOKEN;
    else process.env.METRICS_TOKEN = savedToken;
  });

  it('counts one request through the API wrapper under its operation (path pattern), method and status', async () => {
    delete process.env.METRICS_TOKEN;
    const t = await token();
    const ok = { operation: '/api/v2/companies/{id}', method: 'GET', status: '200' };
    const unauthenticated = { ...ok, status: '401' };
    const before = (await scrape()).text;

    expect((await get(`/api/v2/companies/${acme.companies.primary}`, { token: t })).status).toBe(200);
    const afterOne = (await scrape()).text;
    expect(sample(afterOne, 'http_requests_total', ok)).toBe(sample(before, 'http_requests_total', ok) + 1);
    expect(sample(afterOne, 'http_requests_total', unauthenticated)).toBe(sample(before, 'http_requests_total', unauthenticated));
    const latency = { operation: ok.operation, method: 'GET' };
    expect(sample(afterOne, 'http_request_duration_seconds_count', latency)).toBe(sample(before, 'http_request_duration_seconds_count', latency) + 1);

    expect((await get(`/api/v2/companies/${acme.companies.primary}`)).status).toBe(401);
    const afterTwo = (await scrape()).text;
    expect(sample(afterTwo, 'http_requests_total', unauthenticated)).toBe(sample(afterOne, 'http_requests_total', unauthenticated) + 1);
    expect(sample(afterTwo, 'http_requests_total', ok)).toBe(sample(afterOne, 'http_requests_total', ok));
  });

  it('webhook_outbox_depth is the number of pending deliveries, counting the ones this test queued; the oldest age covers them', async () => {
    delete process.env.METRICS_TOKEN;
    const order = await createOrder();
    const before = await pendingCount();
    const mine = [0, 1, 2].map(() => newId());
    const inAnHour = new Date(Date.now() + 3_600_000); // not due: no worker of another test file claims them
    await db().insert(webhookDeliveries).values(
      mine.map((id, i) => ({
        id,
        tenantId: DEMO.tenants.acme.id,
        orderId: order.id,
        eventId: newId(),
        eventType: 'order.updated',
        sequence: 1000 + i,
        url: 'https://receiver.example/hooks',
        payload: {},
        status: 'pending',
        nextAttemptAt: inAnHour,
        createdAt: new Date(Date.now() - (i === 0 ? 600_000 : 0)),
      })),
    );
    try {
      await withOutboxStill(async () => {
        const { text } = await scrape();
        const pending = await pendingCount();
        expect(sample(text, 'webhook_outbox_depth')).toBe(pending);
        if (driver() === 'pglite') expect(pending).toBe(before + 3);
        const stillMine = rowsOf<{ n: number }>(
          await db().execute(sql`select count(*)::int as n from ${webhookDeliveries} where status = 'pending' and id in (${sql.join(mine.map((id) => sql`${id}`), sql`, `)})`),
        )[0].n;
        expect(stillMine).toBe(3);
        expect(sample(text, 'webhook_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(600);
      });
    } finally {
      await db().delete(webhookDeliveries).where(sql`${webhookDeliveries.id} in (${sql.join(mine.map((id) => sql`${id}`), sql`, `)})`);
    }
  });

  it('serves database pool gauges, default process metrics, and the Prometheus content type', async () => {
    delete process.env.METRICS_TOKEN;
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(res.text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    if (driver() === 'postgres') {
      for (const pool of ['main', 'generic_plan'])
        for (const state of ['total', 'idle', 'waiting']) expect(res.text).toMatch(new RegExp(`^db_pool_connections\\{pool="${pool}",state="${state}"\\} \\d+$`, 'm'));
      expect(sample(res.text, 'db_pool_connections', { pool: 'main', state: 'total' })).toBeGreaterThanOrEqual(1);
    } else expect(sample(res.text, 'db_pool_connections', { pool: 'pglite', state: 'total' })).toBe(1);
  });

  describe('with METRICS_TOKEN set', () => {
    it('401 without a bearer token or with another one, in the error envelope', async () => {
      process.env.METRICS_TOKEN = 'metrics-secret-token';
      const attempts: Array<Record<string, string>> = [{}, { authorization: 'Bearer metrics-secret-tokeN' }, { authorization: 'Bearer metrics-secret-token-and-more' }, { authorization: 'metrics-secret-token' }];
      for (const headers of attempts) {
        const res = await call('GET', '/api/metrics', { headers });
        expect(res.status).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
        expect(res.body).toMatchObject({ statusCode: 401, errors: [{ code: 'unauthenticated' }] });
      }
    });

    it('200 with "Authorization: Bearer <METRICS_TOKEN>"', async () => {
      process.env.METRICS_TOKEN = 'metrics-secret-token';
      const res = await scrape({ authorization: 'Bearer metrics-secret-token' });
      expect(res.status).toBe(200);
      expect(res.text).toContain('# TYPE http_requests_total counter');
    });
  });

  it('open without METRICS_TOKEN', async () => {
    delete process.env.METRICS_TOKEN;
    expect((await scrape()).status).toBe(200);
  });
});
