/**
 * `npx tsx scripts/bench/create-statements.ts [--orders 300] [--database perf_create]`
 *
 * Where one create order's time goes, statement by statement (issue 18): creates `--orders` orders
 * one after another through the domain operation (the bench's request body: no identifiers, no
 * matching, no delivery) on a scratch PostgreSQL database seeded with the demo data, and prints, per
 * statement text, how many ran per order, their mean round trip and PostgreSQL's own execution time
 * (from `pg_stat_statements` when the server preloads it), plus the JavaScript time between them.
 * One connection, no concurrency: this is the cost per order, not the throughput.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { tooling } from '@/lib/config/tooling';

const args = process.argv.slice(2);
const value = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args[i + 1];
};
const ORDERS = Number(value('orders', '300'));
const NAME = value('database', 'perf_create');
const base = new URL(tooling.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');

async function main() {
  spawnSync('dropdb', ['-h', base.hostname, '-p', base.port || '5432', '-U', base.username || 'postgres', '--if-exists', NAME]);
  const created = spawnSync('createdb', ['-h', base.hostname, '-p', base.port || '5432', '-U', base.username || 'postgres', NAME], { encoding: 'utf8' });
  if (created.status !== 0) throw new Error(created.stderr);
  const url = new URL(base);
  url.pathname = `/${NAME}`;

  const pg = await import('pg');
  // Time every query of every client: the statement's text (or prepared name) and its round trip.
  const timings = new Map<string, { count: number; ms: number }>();
  let recording = false;
  const original = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: unknown }).query = function (this: unknown, ...a: unknown[]) {
    const config = a[0] as string | { text?: string; name?: string };
    const text = typeof config === 'string' ? config : (config.name ? `[${config.name}] ` : '') + (config.text ?? '');
    const started = performance.now();
    const done = () => {
      const key = text.replace(/\s+/g, ' ').slice(0, 110);
      const t = timings.get(key) ?? { count: 0, ms: 0 };
      t.count++;
      t.ms += performance.now() - started;
      timings.set(key, t);
    };
    // pg.Pool#query (a statement outside a transaction) passes a callback; a client in a transaction returns a promise.
    const last = a.length - 1;
    if (recording && typeof a[last] === 'function') {
      const callback = a[last] as (...r: unknown[]) => void;
      a[last] = (...r: unknown[]) => {
        done();
        callback(...r);
      };
      return original.apply(this, a);
    }
    const result = original.apply(this, a);
    if (recording && result && typeof (result as Promise<unknown>).then === 'function') return (result as Promise<unknown>).finally(done);
    return result;
  };

  const { openDatabase, migrateDatabase } = await import('@/lib/db/client');
  const { seedIfEmpty, DEMO } = await import('@/lib/seed');
  const { createOrder } = await import('@/lib/domain/orders/create-order');
  const { makeCtx } = await import('@/lib/domain/context');
  const { SCOPES } = await import('@/lib/domain/scopes');
  const { allCompanyIds } = await import('@/lib/domain/tenants');
  const database = await openDatabase({ url: url.toString(), maxConnections: 1 });
  await migrateDatabase(database);
  await seedIfEmpty(database.db, { demo: true });
  const tenantId = DEMO.tenants.acme.id;
  const principal = {
    tenantId,
    companyIds: await allCompanyIds(database.db, tenantId),
    allCompanies: true,
    scopes: new Set(SCOPES),
    actor: { type: 'token' as const, id: 'bench', name: 'bench' },
  };
  const input = {
    deliveryMethods: [{ type: 'none' as const }],
    location: { id: DEMO.acme.locations.primary },
    package: { id: DEMO.acme.packages.nonDot },
    participant: { firstName: 'Bench', lastName: 'Load', birthDate: '1990-01-15' },
    requester: { email: 'manager@acme.test' },
    settings: {},
    testReason: 'preEmployment' as const,
    orderMatching: { enabled: false },
  };
  const once = () => createOrder({ ctx: makeCtx(principal, database.db), input: input as never });
  for (let i = 0; i < 50; i++) await once(); // warm-up: JIT, prepared statements
  recording = true;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < ORDERS; i++) await once();
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  recording = false;
  const rows = [...timings].sort((a, b) => b[1].ms - a[1].ms);
  const inDb = rows.reduce((s, [, t]) => s + t.ms, 0);
  console.log(`${ORDERS} orders: ${(wall / ORDERS).toFixed(2)} ms each, of which ${(inDb / ORDERS).toFixed(2)} ms waiting on statements; ` +
    `Node CPU ${((cpu.user + cpu.system) / 1000 / ORDERS).toFixed(2)} ms per order; ${(rows.reduce((s, [, t]) => s + t.count, 0) / ORDERS).toFixed(1)} statements per order`);
  console.log('| per order | mean ms | statement |\n| - | - | - |');
  for (const [text, t] of rows) console.log(`| ${(t.count / ORDERS).toFixed(1)} | ${(t.ms / t.count).toFixed(3)} | \`${text}\` |`);
  await database.close();
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
