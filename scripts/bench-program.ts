/**
 * `npm run bench:program [-- --orders 100000] [--employees 50000] [--pool 10000] [--draws 5] [--repeats 5] [--duration 5] [--rounds 3] [--actions 10000]`
 *
 * Issue 34: the cost of the testing program's operations (the third wave), against a production
 * build served by scripts/server.mjs (as `npm start`, background loops off so that nothing else
 * runs in the measured process) on the scratch PostgreSQL database `bench_program` (BENCH_PG_DB
 * names another) of the server of BENCH_PG_URL / DATABASE_URL:
 * - data: `npm run db:generate -- --orders <N>` when the database holds fewer orders; then, in SQL
 *   (as the generator writes), the generated orders become one year of DOT FMCSA tests of Acme's
 *   primary company with their collections and result details (what the MIS report reads);
 * - roster import through `POST /api/v2/employees/imports`: a dry run of 10,000 lines, a dry run of
 *   the whole file and the import of `--employees` lines (the first `--pool` FMCSA drivers of the
 *   primary company, the rest non-DOT employees of the secondary company): rows/s, and the server's
 *   resident memory sampled from /proc every 20 ms (before, peak, after);
 * - a random pool per draw over the primary company's FMCSA drivers (`--pool` members and the
 *   seed's), and `POST /api/v2/random-pools/{id}/draws` timed end to end (`--draws` times);
 * - `GET /api/v2/reports/mis` over the year, JSON and PDF (`--repeats` times each);
 * - the action sweep run in this process at the data's real time (lib/domain/actions/sweep.ts):
 *   one round that raises what is due, one that finds nothing new, with the EXPLAIN (ANALYZE) of
 *   each rule's query printed; then open actions topped up to `--actions` (raiseAction) and
 *   `GET /api/v2/actions` measured with autocannon against Next's constant answer
 *   (`GET /api/v2/__bench`, its 404 envelope) in the same round, `--rounds` rounds.
 * Results: a markdown summary on stdout and JSON in /tmp/dto-bench-program/results.json. The
 * machine is shared: every timing is repeated and the medians reported; no test asserts a timing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { env as settings } from '@/lib/config/env';
import { childEnv, tooling } from '@/lib/config/tooling';
import { buildIsStale, freePort, serverArgs, stop, waitFor } from './lib/processes';

const root = path.resolve(import.meta.dirname, '..');
const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');
const workDir = path.join(os.tmpdir(), 'dto-bench-program');

function options() {
  const args = process.argv.slice(2);
  const value = (name: string, fallback: number) => {
    const i = args.indexOf(`--${name}`);
    const n = Number(i === -1 ? fallback : args[i + 1]);
    if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} wants a positive integer`);
    return n;
  };
  return {
    orders: value('orders', 100_000),
    employees: value('employees', 50_000),
    pool: value('pool', 10_000),
    draws: value('draws', 5),
    repeats: value('repeats', 5),
    duration: value('duration', 5),
    rounds: value('rounds', 3),
    actions: value('actions', 10_000),
  };
}
type Options = ReturnType<typeof options>;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

// ---------------------------------------------------------------------------------------------
// Database
// ---------------------------------------------------------------------------------------------

function database(): string {
  const base = new URL(tooling.BENCH_PG_URL ?? settings.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = tooling.BENCH_PG_DB ?? 'bench_program';
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

async function open(url: string) {
  const { openDatabase, migrateDatabase } = await import('@/lib/db/client');
  const handle = await openDatabase({ url, maxConnections: 4 });
  await migrateDatabase(handle);
  return handle;
}

async function orderCount(url: string): Promise<number> {
  const { rowsOf } = await import('@/lib/db/client');
  const handle = await open(url);
  try {
    return rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from orders where id like '5ca1eda7-%'`))[0].n;
  } finally {
    await handle.close();
  }
}

/** The MIS report's year: the last full calendar year. */
const MIS_YEAR = new Date().getUTCFullYear() - 1;

/**
 * The generated orders as one year of DOT FMCSA tests of Acme's primary company, in SQL: created in
 * the year, every service DOT, collected a day after the order (its status history says so), the
 * result details a final service's column needs (drugs of a positive, readings of an alcohol test,
 * the kind of a refusal), the order counters rebuilt. Idempotent.
 */
async function prepareMisYear(url: string) {
  const { DEMO } = await import('@/lib/seed');
  const { rebuildOrderCounters } = await import('@/lib/domain/orders/bookkeeping');
  const handle = await open(url);
  const db = handle.db;
  try {
    const company = DEMO.acme.companies.primary;
    const location = DEMO.acme.locations.primary;
    const start = `${MIS_YEAR}-01-01T00:00:00Z`;
    await db.execute(sql`update orders o set company_id = ${company}, location_id = ${location}, agency_id = (select id from agencies where code = 'FMCSA'), job_category_id = null,
        created_at = ${start}::timestamptz + ((abs(hashtext(o.id)) % (358 * 86400)) * interval '1 second')
      where o.id like '5ca1eda7-%' and o.tenant_id = ${DEMO.tenants.acme.id}
        and (o.company_id <> ${company} or o.created_at < ${start}::timestamptz or o.created_at >= ${start}::timestamptz + interval '1 year')`);
    await db.execute(sql`update order_services s set is_dot = true, status_updated_at = o.created_at + interval '2 days'
      from orders o where o.id = s.order_id and o.id like '5ca1eda7-%' and (s.is_dot = false or s.status_updated_at <> o.created_at + interval '2 days')`);
    await db.execute(sql`update order_service_status_history h set occurred_at = o.created_at + interval '1 day'
      from order_services s join orders o on o.id = s.order_id
      where h.order_service_id = s.id and o.id like '5ca1eda7-%' and h.status = 'pending_collectionCompleted' and h.occurred_at <> o.created_at + interval '1 day'`);
    await db.execute(sql`update order_services s set result = case
        when s.status like '%efusal%' then '{"refusal":{"kind":"noShow"}}'::jsonb
        when s.status like '%ositive%' and (s.type = 'breathAlcohol' or s.specimen_type = 'breath') then '{"alcohol":{"screening":0.05,"confirmation":0.045}}'::jsonb
        when s.status like '%ositive%' then '{"positiveFor":["marijuana"]}'::jsonb
        when s.type = 'breathAlcohol' or s.specimen_type = 'breath' then '{"alcohol":{"screening":0,"confirmation":null}}'::jsonb
        else '{}'::jsonb end
      from orders o where o.id = s.order_id and o.id like '5ca1eda7-%' and s.result is null and s.status like 'completed%'`);
    await rebuildOrderCounters(db);
    await db.execute(sql`vacuum (analyze) orders`);
    await db.execute(sql`vacuum (analyze) order_services`);
    await db.execute(sql`analyze order_service_status_history`);
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Server
// ---------------------------------------------------------------------------------------------

function ensureBuild() {
  if (!buildIsStale(root)) return;
  console.log(`build: next build into ${settings.NEXT_DIST_DIR}`);
  const result = spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, stdio: 'inherit', env: childEnv({ DATABASE_URL: '' }) });
  if (result.status !== 0) throw new Error('next build failed');
}

async function startNext(url: string): Promise<{ child: ChildProcess; base: string }> {
  const port = tooling.E2E_PORT ? Number(tooling.E2E_PORT) : await freePort();
  const log = fs.openSync(path.join(workDir, `next-${port}.log`), 'w');
  const env = childEnv({
    DATABASE_URL: url,
    DATA_DIR: path.join(workDir, 'secrets'),
    NODE_ENV: 'production',
    APP_ENV: 'staging',
    SANDBOX: 'off',
    // Nothing but the measured requests in the server: the sweep runs in this process, measured apart.
    WEBHOOK_WORKER: 'off',
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000000',
    PORT: String(port),
  });
  const child = spawn(process.execPath, serverArgs(), { cwd: root, env, stdio: ['ignore', log, log] });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/v2/agencies`, child, (s) => s === 401, 'next start');
  return { child, base };
}

/** Resident memory of a process (VmRSS), in MiB. */
function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Runs `fn` while sampling the process's resident memory every 20 ms. */
async function sampled<T>(pid: number, fn: () => Promise<T>): Promise<{ value: T; ms: number; before: number; peak: number; after: number }> {
  const before = rssMiB(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
  const started = performance.now();
  try {
    const value = await fn();
    const ms = performance.now() - started;
    return { value, ms, before, peak: Math.max(peak, rssMiB(pid)), after: rssMiB(pid) };
  } finally {
    clearInterval(timer);
  }
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

async function run(opts: Options) {
  fs.mkdirSync(workDir, { recursive: true });
  const url = database();
  let orders = await orderCount(url);
  if (orders < opts.orders) {
    console.log(`data: npm run db:generate -- --orders ${opts.orders} (minutes)`);
    const result = spawnSync('npx', ['tsx', 'scripts/generate-data.ts', '--orders', String(opts.orders)], {
      cwd: root,
      stdio: 'inherit',
      env: childEnv({ DATABASE_URL: url, DATA_DIR: path.join(workDir, 'secrets'), APP_ENV: 'staging' }),
    });
    if (result.status !== 0) throw new Error('db:generate failed');
    orders = await orderCount(url);
  }
  console.log(`data: ${orders} generated orders; preparing the MIS year ${MIS_YEAR} in SQL`);
  await prepareMisYear(url);

  const { DEMO } = await import('@/lib/seed');
  const { createToken } = await import('@/lib/domain/api-tokens/tokens');
  const { rowsOf } = await import('@/lib/db/client');
  const tenantId = DEMO.tenants.acme.id;
  const primary = DEMO.acme.companies.primary;
  const handle = await open(url);
  const { token } = await createToken(handle.db, { tenantId, name: 'bench-program', scopes: 'all', companyIds: 'all' });
  const [tests] = rowsOf<{ n: number }>(
    await handle.db.execute(sql`select count(*)::int as n from orders where company_id = ${primary} and created_at >= ${`${MIS_YEAR}-01-01`}::timestamptz and created_at < ${`${MIS_YEAR + 1}-01-01`}::timestamptz`),
  );
  console.log(`data: ${tests.n} orders of Acme's primary company in ${MIS_YEAR}`);

  ensureBuild();
  const { child, base } = await startNext(url);
  const out: Record<string, unknown> = { at: new Date().toISOString(), orders, misYearOrders: tests.n, machine: { cpus: os.cpus().length, node: process.version, load: os.loadavg() } };
  const api = async (p: string, init: RequestInit & { expect: number }) => {
    const response = await fetch(`${base}${p}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== init.expect) throw new Error(`${init.method ?? 'GET'} ${p}: ${response.status} ${body.toString('utf8').slice(0, 400)}`);
    return body;
  };
  const json = async (p: string, init: RequestInit & { expect: number }) => JSON.parse((await api(p, init)).toString('utf8')) as Record<string, unknown>;
  try {
    // Roster import.
    const header = 'externalId,companyId,locationId,firstName,middleName,lastName,birthDate,email,phone,agency,jobCategory,cdlNumber,cdlState,status';
    const lines = Array.from({ length: opts.employees }, (_, i) => {
      const driver = i < opts.pool;
      const company = driver ? primary : DEMO.acme.companies.secondary;
      const location = driver ? DEMO.acme.locations.primary : DEMO.acme.locations.secondary;
      const day = String(1 + (i % 28)).padStart(2, '0');
      return `bench-${i},${company},${location},First${i},,Last${i % 997},1980-01-${day},,,${driver ? 'FMCSA' : ''},${driver ? 'cdlDriver' : ''},${driver ? `B${String(i).padStart(8, '0')}` : ''},${driver ? 'TX' : ''},active`;
    });
    const file = (n: number) => `${header}\n${lines.slice(0, n).join('\n')}\n`;
    const imports: Array<Record<string, unknown>> = [];
    for (const [rows, dryRun] of [[Math.min(10_000, opts.employees), true], [opts.employees, true], [opts.employees, false]] as const) {
      const body = file(rows);
      const s = await sampled(child.pid!, () => json(`/api/v2/employees/imports?dryRun=${dryRun}`, { method: 'POST', body, headers: { 'content-type': 'text/csv' }, expect: 200 }));
      const report = s.value;
      const entry = { rows, dryRun, bytes: Buffer.byteLength(body), seconds: round1(s.ms / 100) / 10, rowsPerSecond: Math.round(rows / (s.ms / 1000)), rssMiB: { before: Math.round(s.before), peak: Math.round(s.peak), after: Math.round(s.after) }, report: { applied: report.applied, counts: report.counts ?? report.summary, errors: (report.errors as unknown[] | undefined)?.length } };
      imports.push(entry);
      console.log(`import ${rows} rows dryRun=${dryRun}: ${entry.seconds} s, ${entry.rowsPerSecond} rows/s, RSS ${entry.rssMiB.before} -> peak ${entry.rssMiB.peak} -> ${entry.rssMiB.after} MiB; ${JSON.stringify(entry.report)}`);
    }
    out.imports = imports;

    // Draws: one new pool per draw (one draw per pool and period), over the primary company's FMCSA drivers.
    const fmcsa = ((await json('/api/v2/agencies', { expect: 200 })).data as Array<{ id: string; code: string }>).find((a) => a.code === 'FMCSA')!;
    const draws: Array<{ ms: number; members: number; selected: number }> = [];
    const stamp = Date.now();
    for (let i = 0; i < opts.draws; i++) {
      const pool = await json('/api/v2/random-pools', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `bench ${stamp} ${i}`, kind: 'dot', agencies: [{ id: fmcsa.id }], companies: [{ id: primary }], drugRate: 0.5, alcoholRate: 0.1, frequency: 'quarterly' }),
        expect: 201,
      });
      const started = performance.now();
      const draw = await json(`/api/v2/random-pools/${pool.id as string}/draws`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rosterConfirmed: true }), expect: 201 });
      const ms = performance.now() - started;
      const members = Number(draw.poolSize ?? draw.eligibleCount ?? (draw as { members?: number }).members ?? NaN);
      const selected = Number((draw as { selectedCount?: number }).selectedCount ?? NaN);
      draws.push({ ms: Math.round(ms), members, selected });
      console.log(`draw ${i + 1}: ${Math.round(ms)} ms end to end; ${JSON.stringify(Object.fromEntries(Object.entries(draw).filter(([k, v]) => typeof v !== 'object' || v === null).slice(0, 14)))}`);
    }
    out.draws = { each: draws, medianMs: median(draws.map((d) => d.ms)) };

    // MIS report, JSON and PDF.
    const mis = `/api/v2/reports/mis?year=${MIS_YEAR}&agency=FMCSA&companyId=${primary}`;
    const misTimes: Record<'json' | 'pdf', number[]> = { json: [], pdf: [] };
    let summary = '';
    for (let i = 0; i < opts.repeats; i++)
      for (const format of ['json', 'pdf'] as const) {
        const started = performance.now();
        const body = await api(`${mis}&format=${format}`, { expect: 200 });
        misTimes[format].push(Math.round(performance.now() - started));
        if (format === 'json' && i === 0) {
          const r = JSON.parse(body.toString('utf8')) as { sectionII?: { totalCoveredEmployees: number }; unplaced?: unknown[] };
          summary = `covered employees ${r.sectionII?.totalCoveredEmployees}, unplaced ${r.unplaced?.length}, ${body.length} bytes`;
        }
        if (format === 'pdf' && i === 0) summary += `; PDF ${body.length} bytes`;
      }
    out.mis = { json: misTimes.json, pdf: misTimes.pdf, medianJsonMs: median(misTimes.json), medianPdfMs: median(misTimes.pdf), summary };
    console.log(`MIS ${MIS_YEAR} FMCSA: json ${misTimes.json.join(', ')} ms; pdf ${misTimes.pdf.join(', ')} ms; ${summary}`);

    // The action sweep, in this process: a round that raises what is due, a round with nothing new.
    out.sweep = await sweepRounds(handle.db);

    // Open actions topped up to --actions, then the list against the constant answer.
    const { raiseAction } = await import('@/lib/domain/actions/raise');
    const [{ open: openNow }] = rowsOf<{ open: number }>(await handle.db.execute(sql`select count(*)::int as open from actions where tenant_id = ${tenantId} and status = 'open'`));
    const missing = Math.max(0, opts.actions - openNow);
    const subjects = rowsOf<{ id: string; company_id: string; code: string }>(
      await handle.db.execute(sql`select o.id, o.company_id, o.code from orders o where o.tenant_id = ${tenantId} and o.id like '5ca1eda7-%'
        and not exists (select 1 from actions a where a.type = 'recollectionDirected' and a.subject_id = o.id) order by o.id limit ${missing}`),
    );
    for (let i = 0; i < subjects.length; i += 8)
      await Promise.all(
        subjects.slice(i, i + 8).map((o, k) =>
          raiseAction(handle.db, {
            tenantId,
            type: 'recollectionDirected',
            severity: 'high',
            title: `Recollection directed for order ${o.code} (benchmark)`,
            subject: { object: 'order', id: o.id },
            companyId: o.company_id,
            dueAt: new Date(Date.now() + ((i + k) % 30) * 86_400_000 - 10 * 86_400_000),
          }),
        ),
      );
    const [{ open: openActions }] = rowsOf<{ open: number }>(await handle.db.execute(sql`select count(*)::int as open from actions where tenant_id = ${tenantId} and status = 'open'`));
    console.log(`actions: ${openActions} open in the tenant`);
    const listed = await json('/api/v2/actions', { expect: 200 });
    const cells: Array<{ round: number; constant: number; actions: number; constantEnd: number; p99: number; ratio: number }> = [];
    const load = async (p: string, status: number) => {
      for (let i = 0; i < 20; i++) await api(p, { expect: status });
      const r = await autocannon({ url: `${base}${p}`, connections: 10, duration: opts.duration, headers: { authorization: `Bearer ${token}` }, timeout: 30 });
      return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx };
    };
    for (let round = 1; round <= opts.rounds; round++) {
      const constant = await load('/api/v2/__bench', 404);
      const list = await load('/api/v2/actions', 200);
      const constantEnd = await load('/api/v2/__bench', 404);
      const ratio = (100 * list.rps) / ((constant.rps + constantEnd.rps) / 2);
      cells.push({ round, constant: Math.round(constant.rps), actions: Math.round(list.rps), constantEnd: Math.round(constantEnd.rps), p99: list.p99, ratio: Math.round(ratio) });
      console.log(`actions r${round}: list ${Math.round(list.rps)} req/s (p99 ${list.p99} ms, non-2xx ${list.non2xx}) vs constant ${Math.round(constant.rps)} / ${Math.round(constantEnd.rps)}: ${ratio.toFixed(0)}%`);
    }
    out.actions = { open: openActions, total: listed.total, cells, medianRatio: median(cells.map((c) => c.ratio)), medianRps: median(cells.map((c) => c.actions)) };
  } finally {
    await stop(child);
    await handle.close();
  }
  fs.writeFileSync(path.join(workDir, 'results.json'), JSON.stringify(out, null, 2));
  return out;
}

/** Two sweep rounds at real time over the whole database, timed, and each order rule's queries explained. */
async function sweepRounds(db: import('@/lib/db/client').Db) {
  const { runActionSweep } = await import('@/lib/domain/actions');
  const { explainOrderRules } = await import('@/lib/domain/actions/sweep');
  const rounds: Array<{ ms: number; raised: number; resolved: number; more: boolean }> = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const r = await runActionSweep({ db, now: new Date() });
    rounds.push({ ms: Math.round(performance.now() - started), raised: r.raised, resolved: r.resolved, more: r.more ?? false });
    console.log(`sweep round ${i + 1}: ${rounds[i].ms} ms, raised ${r.raised}, resolved ${r.resolved}${r.more ? ', a batch was full' : ''}`);
  }
  const plans = await explainOrderRules(db, new Date());
  for (const p of plans) console.log(`\nEXPLAIN (ANALYZE) ${p.type} ${p.step}:\n${p.plan}`);
  return { rounds, plans };
}

function report(out: Awaited<ReturnType<typeof run>>) {
  const o = out as Record<string, any>;
  const lines = [
    `| scenario | measured (median) | each | target |`,
    `| - | - | - | - |`,
    `| draw over a ${o.draws.each[0]?.members} -member pool, end to end | ${o.draws.medianMs} ms | ${o.draws.each.map((d: { ms: number }) => d.ms).join(', ')} | ≤ 1,000 ms |`,
    `| MIS report ${MIS_YEAR}, ${o.misYearOrders} orders, JSON | ${o.mis.medianJsonMs} ms | ${o.mis.json.join(', ')} | ≤ 2,000 ms |`,
    `| MIS report, PDF | ${o.mis.medianPdfMs} ms | ${o.mis.pdf.join(', ')} | ≤ 4,000 ms |`,
    ...o.imports.map(
      (i: { rows: number; dryRun: boolean; seconds: number; rowsPerSecond: number; rssMiB: { before: number; peak: number; after: number } }) =>
        `| roster import, ${i.rows} rows${i.dryRun ? ' (dry run)' : ''} | ${i.rowsPerSecond} rows/s (${i.seconds} s) | RSS ${i.rssMiB.before} → peak ${i.rssMiB.peak} → ${i.rssMiB.after} MiB | flat memory |`,
    ),
    `| list actions, ${o.actions.open} open, 10 connections | ${o.actions.medianRps} req/s, ${o.actions.medianRatio}% of the constant answer | ${o.actions.cells.map((c: { ratio: number; p99: number }) => `${c.ratio}% (p99 ${c.p99} ms)`).join(', ')} | ≥ 50% |`,
    `| action sweep round (${o.orders} orders) | ${o.sweep.rounds.map((r: { ms: number; raised: number }) => `${r.ms} ms (raised ${r.raised})`).join(', ')} | | bounded |`,
  ];
  return lines.join('\n');
}

run(options()).then(
  (out) => {
    console.log(`\n${report(out)}\n`);
    process.exit(0);
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
