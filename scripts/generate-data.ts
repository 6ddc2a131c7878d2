/**
 * `npm run db:generate -- --clinics 100000 --orders 1000000 [--tenant acme]`
 *
 * Fills the configured database (DATABASE_URL, or the PGlite data dir under DATA_DIR) with
 * national-scale data for benchmarks, on top of the demo seed (written first when the database is
 * empty):
 * - clinics at real US ZIP code positions (the `zipcodes` data set, jittered by up to ~1.4 miles),
 *   ~90% active, each offering a share of the tenant's catalog at varied prices;
 * - orders over the tenant's companies, locations and packages, spread over every order status
 *   (the demo seed's proportions), two years of creation dates (open orders recent), a clinic in the
 *   location's state, DOT agencies, participants, and per service its status, status history and
 *   screening milestones consistent with the order status (lib/domain/order-model/status.ts); one audit
 *   event per order.
 *
 * Everything is set-based SQL (`INSERT ... SELECT ... FROM generate_series`), in batches of one
 * transaction each, with values derived from `hashint8extended(n, k)`: row n is the same on every
 * run. Generated ids have the form `5ca1eda7-<kind>-<tenant>-8000-<n in hex>`, so a later run counts
 * what is there and tops up to the requested numbers (it never deletes; asking for fewer than exist
 * does nothing). A bulk load (at least 50,000 orders, and more than the table holds) drops the
 * secondary indexes and builds them at the end, and writes the orders table newest first (CLUSTER),
 * the order an application that writes each order at its creation has. Afterwards the order
 * counters are rebuilt and the touched tables vacuumed and analysed.
 *
 * Options: --clinics N (default 0), --orders N (default 0), --tenant SLUG (default acme),
 * --batch N (orders per transaction, default 25000).
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { env } from '@/lib/config/env';
import { configFromEnv, migrateDatabase, openDatabase, rowsOf, type Db } from '@/lib/db/client';
import { seedIfEmpty } from '@/lib/seed';
import { ORDER_STATUS_COUNTS } from '@/lib/seed/build-orders';
import { SERVICE_DEFS } from '@/lib/seed/catalog';
import { CAPABILITY_OF_SERVICE, HOURS_TEMPLATES, type ClinicKind } from '@/lib/seed/clinic-facts';
import { zoneByPositionSql } from '@/lib/domain/clinics/hours';
import { CAPABILITIES } from '@/lib/domain/contract/clinic-hours';
import { loadGeo } from '@/lib/seed/geo';
import { AREA_CODES, CLINIC_NAME_PATTERNS, COURIERS, FIRST_NAMES, LAST_NAMES, STREET_NAMES, SUITES } from '@/lib/seed/names';
import { TENANT_DEFS } from '@/lib/seed/tenants';
import { rebuildOrderCounters } from '@/lib/domain/orders/bookkeeping';
import { storeMissingOrderDocuments, storeOrderDocumentsWhere } from '@/lib/domain/order-model/documents';
import { isFinalOrderStatus, OPEN_ORDER_STATUSES, ORDER_STATUSES, serviceStatusGroup, servicesFitOrderStatus } from '@/lib/domain/order-model/status';

// ---------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------

function options() {
  const args = process.argv.slice(2);
  const value = (name: string): string | undefined => {
    const i = args.indexOf(`--${name}`);
    if (i !== -1) return args[i + 1];
    const eq = args.find((a) => a.startsWith(`--${name}=`));
    return eq?.slice(name.length + 3);
  };
  const count = (name: string, fallback: number) => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const n = Number(raw.replace(/[_,]/g, ''));
    if (!Number.isInteger(n) || n < 0 || n > 50_000_000) throw new Error(`--${name} must be an integer from 0 to 50,000,000, not "${raw}"`);
    return n;
  };
  const known = new Set(['clinics', 'orders', 'tenant', 'batch']);
  for (const a of args) {
    const name = /^--([a-z]+)/.exec(a)?.[1];
    if (a.startsWith('--') && (!name || !known.has(name))) throw new Error(`unknown option ${a} (known: --clinics, --orders, --tenant, --batch)`);
  }
  return { clinics: count('clinics', 0), orders: count('orders', 0), tenant: value('tenant') ?? 'acme', batch: Math.max(1000, count('batch', 25_000)) };
}

// ---------------------------------------------------------------------------------------------
// SQL helpers
// ---------------------------------------------------------------------------------------------

const lit = (s: string | null) => (s === null ? 'null' : `'${s.replace(/'/g, "''")}'`);
const textArray = (items: readonly string[]) => `array[${items.map(lit).join(',')}]::text[]`;
/** Uniform in [0, 1), the same for the same (n, k). */
const rnd = (n: string, k: number) => `((hashint8extended(${n}, ${k}) & 2147483647)::float8 / 2147483648.0)`;
/** An integer in [0, m). */
const rint = (n: string, k: number, m: number | string) => `floor(${rnd(n, k)} * (${m}))::int`;
/** A weighted pick among literals, for a uniform number `r` computed once. */
function weighted(r: string, entries: ReadonlyArray<readonly [string, number]>): string {
  const total = entries.reduce((s, [, w]) => s + w, 0);
  let acc = 0;
  const whens = entries.slice(0, -1).map(([v, w]) => {
    acc += w / total;
    return `when ${r} < ${acc.toFixed(6)} then ${lit(v)}`;
  });
  return `(case ${whens.join(' ')} else ${lit(entries[entries.length - 1][0])} end)`;
}

const ID_PREFIX = '5ca1eda7';
const KIND = { clinic: 'c1c0', order: '0d00', orderService: '05e0', status: '05a0', screen: '05c0', audit: '0a0d' } as const;

function idSql(kind: keyof typeof KIND, tag: string, n: string): string {
  return `('${ID_PREFIX}-${KIND[kind]}-${tag}-8000-' || lpad(to_hex(${n}), 12, '0'))`;
}
const idPrefix = (kind: keyof typeof KIND, tag: string) => `${ID_PREFIX}-${KIND[kind]}-${tag}-8000-`;

const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** A unique 8-character order code per n: n times an odd constant mod 2^40 is a bijection. */
function codeSql(n: string, salt: number): string {
  const x = `((${n}::bigint * 2654435761 + ${salt}) & 1099511627775)`;
  const ch = (i: number) => `substr('${CODE_ALPHABET}', ((${x} >> ${35 - 5 * i}) & 31)::int + 1, 1)`;
  return `(${[0, 1, 2, 3].map(ch).join(' || ')} || '-' || ${[4, 5, 6, 7].map(ch).join(' || ')})`;
}

async function exec(db: Db, text: string | SQL): Promise<unknown> {
  return db.execute(typeof text === 'string' ? sql.raw(text) : text);
}
async function scalar(db: Db, text: string | SQL): Promise<number> {
  const rows = rowsOf<Record<string, unknown>>(await exec(db, text));
  return Number(Object.values(rows[0])[0]);
}

const fmt = (n: number) => n.toLocaleString('en-US');
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
function log(message: string) {
  process.stdout.write(`[db:generate] ${message}\n`);
}

// ---------------------------------------------------------------------------------------------
// Order and service statuses
// ---------------------------------------------------------------------------------------------

/** The status of a service of an order in `status`: the first service carries the outcome, the others are negative. */
const SERVICE_STATUS: Record<string, { first: string; others: string }> = {
  ordered: { first: 'ordered', others: 'ordered' },
  scheduled: { first: 'ordered', others: 'ordered' },
  pending: { first: 'pending_atTheLab', others: 'pending_collectionCompleted' },
  integrationError: { first: 'integrationError', others: 'ordered' },
  negative: { first: 'negative', others: 'negative' },
  pass: { first: 'pass', others: 'pass' },
  fitForDuty: { first: 'fitForDuty', others: 'fitForDuty' },
  complete: { first: 'complete_meetsStandards', others: 'complete_meetsStandards' },
  released: { first: 'complete_MROReportReleased', others: 'complete_MROReportReleased' },
  cancelled: { first: 'cancelled', others: 'cancelled' },
  testCancelled: { first: 'cancelled', others: 'cancelled' },
  expired: { first: 'expired', others: 'expired' },
  noShow: { first: 'noShow', others: 'noShow' },
  nonNegative: { first: 'nonNegative', others: 'negative' },
  positive: { first: 'nonNegative', others: 'negative' },
  fail: { first: 'fail', others: 'negative' },
  notFitForDuty: { first: 'notFitForDuty', others: 'negative' },
  adulterated: { first: 'adulterated_failTC', others: 'negative' },
  substituted: { first: 'adulterated_failACTC', others: 'negative' },
  lostInTransit: { first: 'lostInTransit', others: 'negative' },
  incomplete: { first: 'incomplete_shyBladder', others: 'negative' },
  unobtainable: { first: 'incomplete_qnsQuantityNotSufficient', others: 'negative' },
  testNotPerformed: { first: 'notRun', others: 'negative' },
};

/** The statuses a service went through to reach `final`, and the screening milestones on the way. */
function pathOf(final: string): { statuses: string[]; screens: string[] } {
  const collection = ['pending_collectionInitiated', 'pending_collectionCompleted'];
  const screensOf = (statuses: string[]) =>
    statuses.flatMap((s) => ({ pending_collectionInitiated: ['collectionInitiated'], pending_collectionCompleted: ['collected'], pending_atTheLab: ['atLab'] })[s] ?? []);
  let statuses: string[];
  if (final === 'ordered') statuses = ['ordered'];
  else if (final === 'pending_collectionCompleted') statuses = ['ordered', ...collection];
  else if (final === 'pending_atTheLab') statuses = ['ordered', ...collection, 'pending_atTheLab'];
  else if (['integrationError', 'cancelled', 'expired', 'noShow', 'notRun'].includes(final)) statuses = ['ordered', final];
  else statuses = ['ordered', ...collection, 'pending_atTheLab', final];
  return { statuses, screens: screensOf(statuses) };
}

/** Every order status has a plan, and its services (one, or the first and others) fit it (lib/domain/order-model/status.ts). */
function checkStatusModel() {
  for (const status of ORDER_STATUSES) {
    const plan = SERVICE_STATUS[status];
    if (!plan) throw new Error(`no service plan for order status ${status}`);
    for (const statuses of [[plan.first], [plan.first, plan.others]]) {
      if (!servicesFitOrderStatus(status, statuses)) throw new Error(`service plan of ${status} (${statuses.join(', ')}) does not fit the status model`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Scratch tables (unlogged, dropped at the end; visible to every pooled connection)
// ---------------------------------------------------------------------------------------------

const SCRATCH = ['_gen_zips', '_gen_services', '_gen_combos', '_gen_combo_services', '_gen_plan', '_gen_clinic_pick', '_gen_batch'];

async function dropScratch(db: Db) {
  await exec(db, `drop table if exists ${SCRATCH.join(', ')}`);
}

async function loadJson(db: Db, table: string, rows: readonly object[]) {
  for (let i = 0; i < rows.length; i += 5000) {
    const json = JSON.stringify(rows.slice(i, i + 5000));
    await db.execute(sql`insert into ${sql.raw(table)} select * from json_populate_recordset(null::${sql.raw(table)}, ${json}::json)`);
  }
}

interface TenantInfo {
  id: string;
  slug: string;
  tag: string;
  salt: number;
}

async function prepareScratch(db: Db, tenant: TenantInfo) {
  await dropScratch(db);
  const geo = await loadGeo();
  await exec(db, `create unlogged table _gen_zips (i int primary key, zip text, city text, state text, lat float8, long float8, area_code int)`);
  await loadJson(
    db,
    '_gen_zips',
    geo.all.map((z, i) => {
      const codes = AREA_CODES[z.state] ?? [555];
      return { i, zip: z.zip, city: z.city, state: z.state, lat: z.latitude, long: z.longitude, area_code: codes[i % codes.length] };
    }),
  );

  // The tenant's catalog with the seed's availability and typical price (by name; defaults otherwise).
  const catalog = new Map(SERVICE_DEFS.map((d) => [d.name, d]));
  const services = rowsOf<{ id: string; name: string }>(await db.execute(sql`select id, name from services where tenant_id = ${tenant.id} order by name, id`));
  await exec(db, `create unlogged table _gen_services (i int primary key, id text, availability float8, price_cents int)`);
  await loadJson(
    db,
    '_gen_services',
    services.map((s, i) => ({ i, id: s.id, availability: catalog.get(s.name)?.availability ?? 0.5, price_cents: catalog.get(s.name)?.priceCents ?? 5000 })),
  );

  // Where orders come from: every package usable at every location of a company that is not deleted.
  await exec(
    db,
    `create unlogged table _gen_combos as
     select (row_number() over (order by l.id, p.id))::int - 1 as i, l.company_id, l.id as location_id, p.id as package_id,
            coalesce(l.address_state, 'TX') as state,
            exists (select 1 from package_services ps join services s on s.id = ps.service_id where ps.package_id = p.id and s.is_dot) as is_dot
     from locations l
     join companies c on c.id = l.company_id and c.deleted_at is null
     join packages p on p.company_id = l.company_id and (p.location_id is null or p.location_id = l.id)
     where l.tenant_id = ${lit(tenant.id)}`,
  );
  await exec(db, `alter table _gen_combos add primary key (i)`);
  await exec(
    db,
    `create unlogged table _gen_combo_services as
     select c.i as combo, (ps.position - min(ps.position) over (partition by c.i))::int as position, s.id as service_id, s.name, s.type, s.category, s.specimen_type, s.is_dot
     from _gen_combos c join package_services ps on ps.package_id = c.package_id join services s on s.id = ps.service_id`,
  );
  await exec(db, `create index on _gen_combo_services (combo)`);

  // Service status plans: (order status, first service?) -> final status, path, milestones.
  const plans = ORDER_STATUSES.flatMap((status) =>
    [true, false].map((first) => {
      const final = first ? SERVICE_STATUS[status].first : SERVICE_STATUS[status].others;
      const { statuses, screens } = pathOf(final);
      return { order_status: status, first, final, statuses, groups: statuses.map(serviceStatusGroup), screens };
    }),
  );
  await exec(db, `create unlogged table _gen_plan (order_status text, first boolean, final text, statuses text[], groups text[], screens text[], primary key (order_status, first))`);
  await loadJson(db, '_gen_plan', plans);
}

/** Clinics to schedule orders at: the tenant's active clinics with a position, numbered per state. */
async function prepareClinicPick(db: Db, tenant: TenantInfo) {
  await exec(db, `drop table if exists _gen_clinic_pick`);
  await exec(
    db,
    `create unlogged table _gen_clinic_pick as
     select address_state as state, (row_number() over (partition by address_state order by id))::int - 1 as k, id
     from clinics where tenant_id = ${lit(tenant.id)} and is_active and lat is not null and address_state is not null`,
  );
  await exec(db, `alter table _gen_clinic_pick add primary key (state, k)`);
  await exec(db, `alter table _gen_combos add column if not exists clinic_count int`);
  await exec(db, `update _gen_combos c set clinic_count = (select count(*) from _gen_clinic_pick p where p.state = c.state)`);
}

// ---------------------------------------------------------------------------------------------
// Bulk loading: one transaction per phase; secondary indexes rebuilt once when the load is large
// ---------------------------------------------------------------------------------------------

type Tx = Db;

/**
 * Runs `load` in one transaction. When `bulk`, the tables' secondary indexes (neither primary key
 * nor unique) are dropped first and created again at the end, in the same transaction: one sorted
 * build is much faster than millions of incremental inserts (GIN trigram indexes above all), and a
 * failure rolls everything back, indexes included. Other sessions wait on these tables meanwhile.
 */
async function inOneTransaction(
  db: Db,
  label: string,
  tables: readonly string[],
  bulk: boolean,
  load: (tx: Tx) => Promise<void>,
  /**
   * Bulk only: `beforeItsIndexes` runs after the other tables' indexes are rebuilt and before
   * `table`'s; then, with `clusterOn`, that index is built first and the table rewritten in its
   * order (CLUSTER) before the others are built.
   */
  last?: { table: string; beforeItsIndexes: (tx: Tx) => Promise<void>; clusterOn?: string },
) {
  await db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    const indexes = bulk
      ? rowsOf<{ name: string; def: string; table: string }>(
          await exec(
            tx,
            `select c.relname as name, pg_get_indexdef(i.indexrelid) as def, r.relname as table
             from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class r on r.oid = i.indrelid
             where r.relname in (${tables.map(lit).join(',')}) and r.relnamespace = 'public'::regnamespace and not i.indisprimary and not i.indisunique
             order by c.relname`,
          ),
        )
      : [];
    if (indexes.length) {
      await exec(tx, `set local maintenance_work_mem = '256MB'`);
      for (const ix of indexes) await exec(tx, `drop index ${ix.name}`);
      log(`${label}: bulk load; ${indexes.length} secondary indexes dropped, rebuilt at the end (${indexes.map((i) => i.name).join(', ')})`);
    }
    await load(tx);
    const started = Date.now();
    for (const ix of indexes) if (ix.table !== last?.table) await exec(tx, ix.def);
    if (indexes.length && last) await last.beforeItsIndexes(tx);
    const clusterIndex = indexes.find((ix) => ix.table === last?.table && ix.name === last?.clusterOn);
    if (clusterIndex) {
      const clusterStarted = Date.now();
      await exec(tx, clusterIndex.def);
      await exec(tx, `cluster ${clusterIndex.table} using ${clusterIndex.name}`);
      log(`${label}: ${clusterIndex.table} rewritten in the order of ${clusterIndex.name} in ${secs(Date.now() - clusterStarted)}`);
    }
    for (const ix of indexes) if (ix.table === last?.table && ix !== clusterIndex) await exec(tx, ix.def);
    if (indexes.length) log(`${label}: ${indexes.length} indexes rebuilt${last ? ` around the last step of ${last.table}` : ''} in ${secs(Date.now() - started)}`);
  });
}

// ---------------------------------------------------------------------------------------------
// Clinics
// ---------------------------------------------------------------------------------------------

/**
 * Time zone, hours and capabilities of generated clinics n in [from, to], as the seed gives them
 * (lib/seed/clinic-facts.ts): the zone by state and position, hours by kind of clinic (its name)
 * from the kind's weighted templates, capabilities from the services offered plus observed
 * collection and walk-ins by kind.
 */
function clinicFactsUpdate(tenant: TenantInfo, from: number, to: number): string {
  const kindOf = `(case when c.name ~ 'Quest|Labcorp' then 'lab' when c.name ~ 'Urgent Care' then 'urgentCare'
    when c.name ~ 'Drug Testing|Any Lab Test Now' then 'drugTesting' else 'occupational' end)`;
  const hoursOfKind = (kind: ClinicKind) => {
    const templates = HOURS_TEMPLATES[kind];
    const total = templates.reduce((sum, [, , w]) => sum + w, 0);
    let acc = 0;
    const whens = templates.map(([, hours, w]) => {
      acc += w;
      return `when ${rnd('g.n', 13)} < ${acc / total} then ${lit(JSON.stringify(hours))}::jsonb`;
    });
    return `case ${whens.join(' ')} end`;
  };
  const hours = `(case ${(Object.keys(HOURS_TEMPLATES) as ClinicKind[]).map((k) => `when ${kindOf} = '${k}' then ${hoursOfKind(k)}`).join(' ')} end)`;
  const byService = Object.entries(CAPABILITY_OF_SERVICE)
    .map(([key, cap]) => `(${lit(SERVICE_DEFS.find((d) => d.key === key)!.name)}, '${cap}')`)
    .join(', ');
  const observed = `(case ${kindOf} when 'lab' then 0.1 when 'urgentCare' then 0.5 when 'occupational' then 0.75 else 0.35 end)`;
  const walkIn = `(case ${kindOf} when 'lab' then 0.9 when 'urgentCare' then 0.95 when 'occupational' then 0.55 else 0.8 end)`;
  const capabilities = `array(select cap from (
      select m.cap from clinic_services cs join services s on s.id = cs.service_id join (values ${byService}) m(name, cap) on m.name = s.name
      where cs.clinic_id = c.id
      union select 'observedCollection' where ${rnd('g.n', 14)} < ${observed}
        and exists (select 1 from clinic_services cs join services s on s.id = cs.service_id where cs.clinic_id = c.id and s.name = ${lit(SERVICE_DEFS.find((d) => d.key === 'dotUrine')!.name)})
      union select 'walkIn' where ${rnd('g.n', 15)} < ${walkIn}) x
    order by array_position(${textArray(CAPABILITIES)}, cap))`;
  return `update clinics c set time_zone = ${zoneByPositionSql('c.address_state', 'c.lat', 'c.long')}, hours = ${hours}, capabilities = ${capabilities}
    from generate_series(${from}::bigint, ${to}::bigint) g(n)
    where c.id = ${idSql('clinic', tenant.tag, 'g.n')} and c.tenant_id = ${lit(tenant.id)}`;
}

async function generateClinics(db: Db, tenant: TenantInfo, target: number) {
  const existing = await scalar(db, `select count(*) from clinics where tenant_id = ${lit(tenant.id)} and id like '${idPrefix('clinic', tenant.tag)}%'`);
  if (existing > 0) {
    // Clinics generated before their hours and capabilities existed (DESIGN.md 6.3) get them.
    const bare = await scalar(db, `select count(*) from clinics where tenant_id = ${lit(tenant.id)} and id like '${idPrefix('clinic', tenant.tag)}%' and time_zone is null`);
    if (bare > 0) {
      for (let from = 1; from <= existing; from += 20_000) await exec(db, clinicFactsUpdate(tenant, from, Math.min(existing, from + 19_999)));
      log(`clinics: time zone, hours and capabilities given to ${fmt(bare)} clinics generated without them`);
    }
  }
  if (existing >= target) {
    log(`clinics: ${fmt(existing)} generated clinics already in tenant ${tenant.slug}; nothing to add${target ? '' : ' (--clinics not given)'}`);
    return;
  }
  log(`clinics: ${fmt(existing)} generated clinics found; topping up to ${fmt(target)}`);
  const zips = await scalar(db, `select count(*) from _gen_zips`);
  const patterns = CLINIC_NAME_PATTERNS.flatMap(([p, w]) => Array<string>(w).fill(p));
  const tableRows = await scalar(db, `select count(*) from clinics`);
  const bulk = target - existing >= Math.max(20_000, tableRows);
  const started = Date.now();
  const BATCH = 20_000;
  await inOneTransaction(db, 'clinics', ['clinics', 'clinic_services'], bulk, async (tx) => {
    for (let from = existing + 1; from <= target; from += BATCH) {
      const to = Math.min(target, from + BATCH - 1);
      await exec(
        tx,
        `insert into clinics (id, tenant_id, name, phone, address_line1, address_line2, address_city, address_state, address_postal_code, address_country, lat, long, is_active, created_at)
         select ${idSql('clinic', tenant.tag, 'g.n')}, ${lit(tenant.id)},
                replace((${textArray(patterns)})[1 + ${rint('g.n', 1, patterns.length)}], '{city}', z.city),
                '+1' || z.area_code || '555' || lpad((${rint('g.n', 2, 10000)})::text, 4, '0'),
                (100 + ${rint('g.n', 3, 9800)}) || ' ' || (${textArray(STREET_NAMES)})[1 + ${rint('g.n', 4, STREET_NAMES.length)}],
                case when ${rnd('g.n', 5)} < 0.35 then (${textArray(SUITES)})[1 + ${rint('g.n', 6, SUITES.length)}] end,
                z.city, z.state, z.zip, 'US',
                round((z.lat + (${rnd('g.n', 7)} - 0.5) * 0.04)::numeric, 6)::float8,
                round((z.long + (${rnd('g.n', 8)} - 0.5) * 0.04)::numeric, 6)::float8,
                ${rnd('g.n', 9)} < 0.9,
                now() - (${rnd('g.n', 10)} * interval '900 days')
         from generate_series(${from}::bigint, ${to}::bigint) g(n)
         join _gen_zips z on z.i = ${rint('g.n', 0, zips)}`,
      );
      // Each clinic offers a share of the catalog (the seed's availability) at +-20% of the typical price.
      await exec(
        tx,
        `insert into clinic_services (clinic_id, service_id, price_cents)
         select ${idSql('clinic', tenant.tag, 'g.n')}, s.id,
                greatest(2500, least(15000, (round(s.price_cents * (0.8 + 0.4 * ${rnd('g.n * 64 + s.i', 12)}) / 100) * 100)::int))
         from generate_series(${from}::bigint, ${to}::bigint) g(n)
         cross join _gen_services s
         where ${rnd('g.n * 64 + s.i', 11)} < s.availability`,
      );
      await exec(tx, clinicFactsUpdate(tenant, from, to));
      const done = to - existing;
      log(`clinics: ${fmt(to)}/${fmt(target)}  ${secs(Date.now() - started)}  ${fmt(Math.round(done / ((Date.now() - started) / 1000)))} clinics/s`);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

const DOT_REASONS: ReadonlyArray<readonly [string, number]> = [
  ['preEmployment', 35], ['random', 30], ['postAccident', 10], ['followUp', 10], ['reasonableSuspicion', 5], ['returnToDuty', 5],
];
const NON_DOT_REASONS: ReadonlyArray<readonly [string, number]> = [
  ['preEmployment', 45], ['random', 15], ['postAccident', 8], ['periodic', 8], ['reasonableSuspicion', 5], ['injury', 4],
  ['fitnessForDuty', 4], ['returnToDuty', 3], ['followUp', 3], ['preSiteAccess', 2], ['promotion', 2], ['jobTransfer', 1],
];

/**
 * Stores the document of every order that has none (orders generated before documents existed):
 * in one transaction, as a bulk load when many are missing (the orders' secondary indexes dropped
 * and rebuilt: updating a million rows under three GIN trigram indexes takes hours), and on a
 * superuser connection without the per-row triggers of migration 0004.
 */
async function storeMissingDocuments(db: Db, batch: number) {
  const missing = await scalar(db, `select count(*) from orders where document is null`);
  if (missing === 0) return log('documents: every order has its document');
  const tableRows = await scalar(db, `select count(*) from orders`);
  const started = Date.now();
  await inOneTransaction(db, 'documents', ['orders'], missing >= Math.max(50_000, tableRows / 4), async (tx) => {
    const [{ rolsuper }] = rowsOf<{ rolsuper: boolean }>(await exec(tx, `select rolsuper from pg_roles where rolname = current_user`));
    if (rolsuper) await exec(tx, `set local session_replication_role = replica`);
    await storeMissingOrderDocuments(tx, batch, (n) => log(`documents: ${fmt(n)}/${fmt(missing)}  ${secs(Date.now() - started)}`));
    if (rolsuper) await exec(tx, `set local session_replication_role = origin`);
  });
  log(`documents: ${fmt(missing)} order documents stored in ${secs(Date.now() - started)}`);
}

async function generateOrders(db: Db, tenant: TenantInfo, target: number, batch: number) {
  const existing = await scalar(db, `select count(*) from orders where tenant_id = ${lit(tenant.id)} and id like '${idPrefix('order', tenant.tag)}%'`);
  if (existing >= target) {
    log(`orders: ${fmt(existing)} generated orders already in tenant ${tenant.slug}; nothing to add${target ? '' : ' (--orders not given)'}`);
    return;
  }
  log(`orders: ${fmt(existing)} generated orders found; topping up to ${fmt(target)} in batches of ${fmt(batch)}`);
  await prepareClinicPick(db, tenant);
  const combos = await scalar(db, `select count(*) from _gen_combos`);
  if (combos === 0) throw new Error(`tenant ${tenant.slug} has no location with a package: nothing to order`);
  const zips = await scalar(db, `select count(*) from _gen_zips`);
  const agencies = rowsOf<{ code: string; id: string; job_category_id: string | null }>(
    await exec(db, `select a.code, a.id, (select j.id from job_categories j where j.agency_id = a.id order by j.code limit 1) as job_category_id from agencies a`),
  );
  const agency = (code: string) => agencies.find((a) => a.code === code);
  const fmcsa = agency('FMCSA');
  const phmsa = agency('PHMSA');
  const fta = agency('FTA');
  if (!fmcsa || !phmsa || !fta) throw new Error('reference data missing: agencies FMCSA, PHMSA and FTA');
  const labs = rowsOf<{ id: string }>(await exec(db, `select id from vendors where type = 'lab' order by id`)).map((r) => r.id);
  const requesters = TENANT_DEFS.find((d) => d.slug === tenant.slug)?.requesters ?? [{ email: `requester@${tenant.slug}.test`, name: 'Requester' }];
  const statusWeights = Object.entries(ORDER_STATUS_COUNTS) as Array<[string, number]>;
  const open = OPEN_ORDER_STATUSES.map(lit).join(',');
  const finals = ORDER_STATUSES.filter((s) => isFinalOrderStatus(s)).map(lit).join(',');
  const now = new Date().toISOString();
  const tableRows = await scalar(db, `select count(*) from orders`);
  const bulk = target - existing >= Math.max(50_000, tableRows);
  const [{ rolsuper }] = rowsOf<{ rolsuper: boolean }>(await exec(db, `select rolsuper from pg_roles where rolname = current_user`));
  const started = Date.now();
  let rows = 0;

  /** One batch of orders [from, to] and everything under them. */
  const insertBatch = async (tx: Tx, from: number, to: number) => {
    await exec(tx, `drop table if exists _gen_batch`);
    // One row per order: its combo, status, times and clinic.
    await exec(
      tx,
      `create unlogged table _gen_batch as
       select g.n, ${idSql('order', tenant.tag, 'g.n')} as id, c.i as combo, c.company_id, c.location_id, c.package_id, c.is_dot, c.state,
              x.status, x.created_at, ${rint('g.n', 42, requesters.length)} as requester_i, ${weighted(rnd('g.n', 44), [['api', 70], ['dashboard', 30]])} as source,
              case when x.status in (${open}) then x.created_at + least(${lit(now)}::timestamptz - x.created_at, interval '20 days') * ${rnd('g.n', 20)}
                   else x.created_at + interval '1 hour' + ${rnd('g.n', 20)} * interval '6 days' end as status_updated_at,
              case when x.status <> 'ordered' and c.clinic_count > 0 and not (x.status in ('cancelled', 'expired') and ${rnd('g.n', 21)} < 0.5)
                   then (select p.id from _gen_clinic_pick p where p.state = c.state and p.k = ${rint('g.n', 22, 'c.clinic_count')}) end as clinic_id
       from generate_series(${from}::bigint, ${to}::bigint) g(n)
       join _gen_combos c on c.i = ${rint('g.n', 1, combos)}
       cross join lateral (
         select s.status,
                ${lit(now)}::timestamptz - case when s.status in (${open}) then ${rnd('g.n', 3)} * interval '30 days'
                                                else interval '15 days' + ${rnd('g.n', 3)} * interval '715 days' end as created_at
         from (select ${weighted('r0.r', statusWeights)} as status from (select ${rnd('g.n', 2)} as r) r0) s
       ) x`,
    );
    await exec(
      tx,
      `insert into orders (id, tenant_id, code, company_id, location_id, agency_id, job_category_id, clinic_id, status, is_final, status_updated_at,
                           test_reason, other_test_reason, participant_first_name, participant_last_name, participant_middle_name, participant_birth_date,
                           participant_email, participant_phone, participant_address, delivery_method, requester, settings, callback_url, source,
                           expires_at, event_sequence, created_at, updated_at)
       select b.id, ${lit(tenant.id)}, ${codeSql('b.n', tenant.salt)}, b.company_id, b.location_id,
              case when b.is_dot then a.agency_id end, case when b.is_dot then a.job_category_id end,
              b.clinic_id, b.status, b.status in (${finals}), b.status_updated_at,
              case when b.is_dot then ${weighted(rnd('b.n', 30), DOT_REASONS)} else ${weighted(rnd('b.n', 30), NON_DOT_REASONS)} end, null,
              p.first_name, p.last_name, case when ${rnd('b.n', 33)} < 0.3 then (${textArray(FIRST_NAMES)})[1 + ${rint('b.n', 34, FIRST_NAMES.length)}] end,
              (date '1962-01-01' + ${rint('b.n', 35, 15000)})::date,
              case when ${rnd('b.n', 36)} < 0.85 then lower(regexp_replace(p.first_name || '.' || p.last_name, '[^A-Za-z.]', '', 'g')) || b.n || '@example.com' end,
              '+1' || z.area_code || '555' || lpad(${rint('b.n', 37, 10000)}::text, 4, '0'),
              case when ${rnd('b.n', 38)} < 0.7 then jsonb_build_object('line1', (10 + ${rint('b.n', 39, 9000)}) || ' ' || (${textArray(STREET_NAMES)})[1 + ${rint('b.n', 40, STREET_NAMES.length)}],
                'line2', null, 'city', z.city, 'state', z.state, 'postalCode', z.zip, 'country', 'US') end,
              ${weighted(rnd('b.n', 41), [['email', 55], ['sms', 25], ['none', 20]])},
              (${lit(JSON.stringify(requesters))}::jsonb) -> b.requester_i,
              case when b.clinic_id is not null and ${rnd('b.n', 43)} < 0.5 then jsonb_build_object('schedule', jsonb_build_object('strategy', 'clinic', 'clinic', jsonb_build_object('id', b.clinic_id)))
                   when b.clinic_id is not null then '{"schedule":{"strategy":"nearestClinic"}}'::jsonb
                   else '{"schedule":{"strategy":"participantChoice"}}'::jsonb end,
              null, b.source,
              -- Open orders stay live two weeks after generation (as the seed's, lib/seed/build-orders.ts): at
              -- creation + 14 days, half of them would be due at once, and the server's expiry sweep would
              -- spend the first minutes of every benchmark expiring them (2,000 per 15 s), dirtying pages.
              case when b.status in (${open}) then ${lit(now)}::timestamptz + interval '14 days'
                   else b.created_at + interval '14 days' end,
              0, b.created_at, b.status_updated_at
       from _gen_batch b
       join _gen_zips z on z.i = ${rint('b.n', 45, zips)}
       cross join lateral (select (${textArray(FIRST_NAMES)})[1 + ${rint('b.n', 31, FIRST_NAMES.length)}] as first_name,
                                  (${textArray(LAST_NAMES)})[1 + ${rint('b.n', 32, LAST_NAMES.length)}] as last_name) p
       cross join lateral (select ${weighted(rnd('b.n', 46), [['FMCSA', 70], ['PHMSA', 15], ['FTA', 15]])} as code) ac
       cross join lateral (select case ac.code when 'FMCSA' then ${lit(fmcsa.id)} when 'PHMSA' then ${lit(phmsa.id)} else ${lit(fta.id)} end as agency_id,
                                  case ac.code when 'FTA' then ${lit(fta.job_category_id)} end as job_category_id) a`,
    );
    await exec(tx, `insert into order_packages (order_id, package_id, position) select id, package_id, 0 from _gen_batch`);
    // Services: the package's, each with the plan's final status; its history spreads evenly from creation to the status time.
    await exec(
      tx,
      `insert into order_services (id, order_id, service_id, position, name, type, category, specimen_type, is_dot, status, status_updated_at,
                                   lab_id, courier_service_name, specimen_id, tracking_number)
       select ${idSql('orderService', tenant.tag, 'b.n * 16 + cs.position')}, b.id, cs.service_id, cs.position, cs.name, cs.type, cs.category, cs.specimen_type, cs.is_dot,
              p.final, b.status_updated_at,
              case when lab.reached then (${textArray(labs.length ? labs : [''])})[1 + ${rint('b.n', 50, Math.max(1, labs.length))}] end,
              case when lab.reached then (${textArray(COURIERS)})[1 + ${rint('b.n', 51, COURIERS.length)}] end,
              case when lab.reached then 'SP' || lpad((b.n * 16 + cs.position)::text, 10, '0') end,
              case when lab.reached then '1Z' || upper(substr(md5(b.id || cs.position), 1, 16)) end
       from _gen_batch b
       join _gen_combo_services cs on cs.combo = b.combo
       join _gen_plan p on p.order_status = b.status and p.first = (cs.position = 0)
       cross join lateral (select cs.type = 'labBasedToxicology' and 'pending_atTheLab' = any(p.statuses) as reached) lab`,
    );
    await exec(
      tx,
      `insert into order_service_status_history (id, order_service_id, status, group_type, occurred_at)
       select ${idSql('status', tenant.tag, '(b.n * 16 + cs.position) * 16 + h.k')}, ${idSql('orderService', tenant.tag, 'b.n * 16 + cs.position')},
              h.status, h.group_type,
              b.created_at + (b.status_updated_at - b.created_at) * ((h.k - 1)::float8 / greatest(1, cardinality(p.statuses) - 1))
       from _gen_batch b
       join _gen_combo_services cs on cs.combo = b.combo
       join _gen_plan p on p.order_status = b.status and p.first = (cs.position = 0)
       cross join lateral unnest(p.statuses, p.groups) with ordinality h(status, group_type, k)`,
    );
    await exec(
      tx,
      `insert into order_service_screen_history (id, order_service_id, type, occurred_at)
       select ${idSql('screen', tenant.tag, '(b.n * 16 + cs.position) * 16 + h.k')}, ${idSql('orderService', tenant.tag, 'b.n * 16 + cs.position')},
              h.type, b.created_at + (b.status_updated_at - b.created_at) * (h.k::float8 / greatest(1, cardinality(p.statuses) - 1))
       from _gen_batch b
       join _gen_combo_services cs on cs.combo = b.combo
       join _gen_plan p on p.order_status = b.status and p.first = (cs.position = 0)
       cross join lateral unnest(p.screens) with ordinality h(type, k)
       where cs.type in ('labBasedToxicology', 'instantDrugTest', 'breathAlcoholTest')`,
    );
    await exec(
      tx,
      `insert into audit_events (id, tenant_id, order_id, action, actor_type, actor_email, data, created_at)
       select ${idSql('audit', tenant.tag, 'b.n')}, ${lit(tenant.id)}, b.id, 'order.created', 'system', r.email,
              jsonb_build_object('source', b.source, 'requesterEmail', r.email), b.created_at
       from _gen_batch b cross join lateral (select (${lit(JSON.stringify(requesters))}::jsonb) -> b.requester_i ->> 'email' as email) r`,
    );
    // The batch's order documents, built from the rows just written (lib/domain/order-model/documents.ts).
    // A bulk load builds them all at the end instead: the indexes their subqueries use are dropped.
    if (!bulk) await storeOrderDocumentsWhere(tx, sql`orders.id in (select id from _gen_batch)`);
  };

  const tables = ['orders', 'order_packages', 'order_services', 'order_service_status_history', 'order_service_screen_history', 'audit_events'];
  await inOneTransaction(db, 'orders', tables, bulk, async (tx) => {
    // Rows are consistent by construction: skip the per-row foreign-key triggers when allowed (superuser).
    if (rolsuper) await exec(tx, `set local session_replication_role = replica`);
    for (let from = existing + 1; from <= target; from += batch) {
      const to = Math.min(target, from + batch - 1);
      await insertBatch(tx, from, to);
      rows += to - from + 1;
      const elapsed = Date.now() - started;
      log(`orders: ${fmt(to)}/${fmt(target)}  ${secs(elapsed)}  ${fmt(Math.round(rows / (elapsed / 1000)))} orders/s`);
    }
    if (rolsuper) await exec(tx, `set local session_replication_role = origin`);
  }, {
    // Bulk: the documents are built once the services' and histories' indexes are back, and
    // before the orders' own indexes are, so that storing them updates no secondary index.
    // Then the table is rewritten newest first: the application writes each order when it is
    // created, so its table is in creation order, but the generator draws creation times at
    // random. In random order, each entry a deep list page skips sits on another heap page, and
    // an index-only scan checks the visibility map page of each (page 500 of 1,000,000 orders:
    // 8,936 buffer accesses for 10,000 entries; 198 in creation order).
    table: 'orders',
    clusterOn: 'orders_tenant_created_idx',
    beforeItsIndexes: async (tx) => {
      const documentsStarted = Date.now();
      if (rolsuper) await exec(tx, `set local session_replication_role = replica`);
      await storeMissingOrderDocuments(tx, batch, (n) => log(`orders: documents ${fmt(n)}  ${secs(Date.now() - documentsStarted)}`));
      if (rolsuper) await exec(tx, `set local session_replication_role = origin`);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main() {
  const opts = options();
  checkStatusModel();
  const config = configFromEnv();
  log(`database: ${config.url ? config.url.replace(/\/\/[^@]*@/, '//***@') : `PGlite ${config.dataDir}`}`);
  const t0 = Date.now();
  const database = await openDatabase(config);
  try {
    const db = database.db;
    await migrateDatabase(database);
    const seeded = await seedIfEmpty(db, { demo: true });
    log(seeded ? `demo seed written (${secs(Date.now() - t0)})` : 'demo seed already present');
    const [row] = rowsOf<{ id: string; slug: string }>(await db.execute(sql`select id, slug from tenants where slug = ${opts.tenant}`));
    if (!row) throw new Error(`no tenant with slug "${opts.tenant}"`);
    const hash = createHash('md5').update(row.id).digest();
    const tenant: TenantInfo = { id: row.id, slug: row.slug, tag: hash.toString('hex').slice(0, 4), salt: hash.readUInt32LE(4) };

    const tPrep = Date.now();
    await prepareScratch(db, tenant);
    log(`scratch tables ready (${secs(Date.now() - tPrep)})`);
    const tClinics = Date.now();
    await generateClinics(db, tenant, opts.clinics);
    const clinicsMs = Date.now() - tClinics;
    const tOrders = Date.now();
    await generateOrders(db, tenant, opts.orders, opts.batch);
    const ordersMs = Date.now() - tOrders;
    const tDocuments = Date.now();
    await storeMissingDocuments(db, opts.batch);
    const documentsMs = Date.now() - tDocuments;

    const tAfter = Date.now();
    await rebuildOrderCounters(db);
    await dropScratch(db);
    for (const table of ['clinics', 'clinic_services', 'orders', 'order_packages', 'order_services', 'order_service_status_history', 'order_service_screen_history', 'audit_events', 'order_counters']) {
      // VACUUM too: it sets the visibility map, so index-only scans skip the heap after a bulk load.
      await exec(db, `vacuum (analyze) ${table}`);
    }
    const afterMs = Date.now() - tAfter;
    const counts = rowsOf<Record<string, number>>(
      await exec(
        db,
        `select (select count(*) from clinics where tenant_id = ${lit(tenant.id)}) as clinics,
                (select count(*) from orders where tenant_id = ${lit(tenant.id)}) as orders,
                (select count(*) from order_services) as order_services,
                (select count(*) from order_service_status_history) as status_history`,
      ),
    )[0];
    log(
      `done in ${secs(Date.now() - t0)} (clinics ${secs(clinicsMs)}, orders ${secs(ordersMs)}, documents ${secs(documentsMs)}, counters + vacuum/analyze ${secs(afterMs)}); ` +
        `tenant ${tenant.slug}: ${fmt(Number(counts.clinics))} clinics, ${fmt(Number(counts.orders))} orders; all tenants: ${fmt(Number(counts.order_services))} order services, ${fmt(Number(counts.status_history))} status history rows`,
    );
  } catch (error) {
    try {
      await dropScratch(database.db);
    } catch {
      // the original error matters more
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  process.stderr.write(`[db:generate] failed: ${error instanceof Error ? error.message : String(error)}\n`);
  if (env.DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
