/**
 * Prometheus metrics of this process (served at /api/metrics):
 * - `http_requests_total{operation,method,status}` and `http_request_duration_seconds{operation,method}`
 *   for every call through lib/http/route.ts; `operation` is the path pattern of the operation
 *   table (lib/api/operations.ts), e.g. `/api/v2/orders/{id}`, never a concrete path;
 * - `webhook_outbox_depth` (pending deliveries) and `webhook_outbox_oldest_age_seconds` (age of the
 *   oldest pending one), read from the database at scrape time;
 * - `db_pool_connections{pool,state}`: total, idle and waiting of each pg pool (PGlite: one connection);
 * - prom-client's default process metrics (CPU, memory, event loop lag, GC, handles).
 *
 * One registry per process, in the runtime (lib/runtime.ts): each route bundle is its own module
 * instance, and the counts of every route must end up in the one the metrics route serves.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { getDatabase } from '@/lib/app-db';
import { env } from '@/lib/config/env';
import { genericPlanDb, rowsOf, type Database, type Db } from '@/lib/db/client';
import { webhookDeliveries } from '@/lib/db/schema';
import { log } from '@/lib/log';
import { runtime } from '@/lib/runtime';
import { errorText, within } from './within';

/** A scrape must not hang on a slow database: past this the outbox gauges are left out. */
export const SCRAPE_DATABASE_TIMEOUT_MS = 2_000;

declare module '@/lib/runtime' {
  interface Runtime {
    /** The Prometheus registries of the process (lib/observability/metrics.ts), made at the first count. */
    metrics?: Metrics;
  }
}

export interface Metrics {
  registry: Registry;
  /** The outbox gauges, served only when the database answered during this scrape (a stale or zero depth would mislead). */
  outboxRegistry: Registry;
  requests: Counter<'operation' | 'method' | 'status'>;
  duration: Histogram<'operation' | 'method'>;
  outboxDepth: Gauge;
  outboxOldestAge: Gauge;
  poolConnections: Gauge<'pool' | 'state'>;
}

function createMetrics(): Metrics {
  const registry = new Registry();
  const outboxRegistry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    outboxRegistry,
    requests: new Counter({
      name: 'http_requests_total',
      help: 'API requests answered, by operation (path pattern), method and status.',
      labelNames: ['operation', 'method', 'status'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an API request, by operation (path pattern) and method.',
      labelNames: ['operation', 'method'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    poolConnections: new Gauge({
      name: 'db_pool_connections',
      help: 'Database connections of each pool: total, idle, and waiting (clients queued for a connection).',
      labelNames: ['pool', 'state'],
      registers: [registry],
    }),
    outboxDepth: new Gauge({
      name: 'webhook_outbox_depth',
      help: 'Webhook deliveries waiting to be delivered (status pending), read at scrape time.',
      registers: [outboxRegistry],
    }),
    outboxOldestAge: new Gauge({
      name: 'webhook_outbox_oldest_age_seconds',
      help: 'Age of the oldest pending webhook delivery (0 when none is pending), read at scrape time.',
      registers: [outboxRegistry],
    }),
  };
}

function metrics(): Metrics {
  return (runtime().metrics ??= createMetrics());
}

/** Counts one answered request (lib/http/route.ts). */
export function recordRequest(operation: string, method: string, status: number, seconds: number): void {
  const m = metrics();
  m.requests.inc({ operation, method, status: String(status) });
  m.duration.observe({ operation, method }, seconds);
}

interface PgPoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

function poolOf(db: Db): PgPoolStats | null {
  const client = (db as unknown as { $client?: Partial<PgPoolStats> }).$client;
  return typeof client?.totalCount === 'number' ? (client as PgPoolStats) : null;
}

function setPoolGauges(database: Database): void {
  const gauge = metrics().poolConnections;
  gauge.reset();
  if (database.driver === 'pglite') {
    gauge.set({ pool: 'pglite', state: 'total' }, 1);
    return;
  }
  const pools: Array<[string, PgPoolStats | null]> = [
    ['main', poolOf(database.db)],
    ['generic_plan', genericPlanDb(database.db) === database.db ? null : poolOf(genericPlanDb(database.db))],
  ];
  for (const [pool, stats] of pools) {
    if (!stats) continue;
    gauge.set({ pool, state: 'total' }, stats.totalCount);
    gauge.set({ pool, state: 'idle' }, stats.idleCount);
    gauge.set({ pool, state: 'waiting' }, stats.waitingCount);
  }
}

export async function outboxStats(db: Db): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const [row] = rowsOf<{ depth: number | string; oldest: number | string | null }>(
    await db.execute(sql`
      select count(*)::int as depth, extract(epoch from now() - min(${webhookDeliveries.createdAt}))::float8 as oldest
      from ${webhookDeliveries} where ${webhookDeliveries.status} = 'pending'`),
  );
  return { depth: Number(row.depth), oldestAgeSeconds: Math.max(0, Number(row.oldest ?? 0)) };
}

/** The exposition text of this process, with the database gauges read now. */
export async function scrapeMetrics(): Promise<{ contentType: string; body: string }> {
  const m = metrics();
  let databaseText = '';
  try {
    const database = await within(getDatabase(), SCRAPE_DATABASE_TIMEOUT_MS, 'the database');
    setPoolGauges(database);
    const outbox = await within(outboxStats(database.db), SCRAPE_DATABASE_TIMEOUT_MS, 'the outbox query');
    m.outboxDepth.set(outbox.depth);
    m.outboxOldestAge.set(outbox.oldestAgeSeconds);
    databaseText = await m.outboxRegistry.metrics();
  } catch (error) {
    log('warn', 'metrics: the outbox gauges were left out of this scrape', { error: errorText(error) });
  }
  return { contentType: m.registry.contentType, body: (await m.registry.metrics()) + databaseText };
}

/**
 * With METRICS_TOKEN set, a scrape must send `Authorization: Bearer <METRICS_TOKEN>`; without it
 * staging's metrics are open and production's answer only this machine's own requests. Compared in
 * constant time (digests of equal length).
 */
export function metricsAccessAllowed(request: Request, token: string | undefined = env.METRICS_TOKEN, fromThisMachine = false): boolean {
  // Without a token, production answers only this machine (start-up requires a token otherwise).
  if (!token) return env.APP_ENV !== 'production' || fromThisMachine;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  if (!match) return false;
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(match[1]), digest(token));
}
