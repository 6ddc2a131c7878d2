/**
 * Reference data and deterministic demo data.
 *
 * Reference data (every deployment, idempotent): the DOT agencies FMCSA, FAA, FRA, FTA, PHMSA and
 * USCG with the job categories their testing rules name, and the labs (vendors of type `lab`).
 *
 * Demo data (staging / development, only into an empty database): tenants `acme` (Acme Logistics)
 * and `northwind` (Northwind Health). Each has
 * - 5 companies: `primary` (background checks enabled), `secondary` (no background-check
 *   integration), `tertiary`, `inactive` (isActive=false) and `deleted` (deletedAt set);
 * - 16 locations in 10+ states (real cities), one inactive, one allowing only the
 *   `participantChoice` schedule strategy, two with a fee cap;
 * - a service catalog covering every service type of spec 2.9, and packages at company and at
 *   location level (DOT, DOT + breath alcohol, non-DOT, drug + background check, background check
 *   only — also under the company without the integration —, physical, surveillance, ...);
 * - 2,500 clinics at real US places (every state; 5 without a position; ~90% active) with prices
 *   for a subset of the catalog;
 * - 360 orders over every order status of spec 3.1, each with its package, services, status and
 *   screen history, participant identifiers (some), and audit events; a few participants have
 *   several open orders (see `DEMO.<tenant>.sharedParticipant`) for order matching;
 * - a roster (acme only, DESIGN.md 7.1): 60 employees of its active companies, mostly FMCSA drivers
 *   with CDL numbers, some under its other agencies, some not covered by DOT, a few inactive;
 * - users (password `demo-password`): acme admin/manager/staff/viewer@acme.test, admin@northwind.test.
 *
 * Everything is derived from fixed names and seeded PRNG streams: ids are UUID-formatted hashes of
 * readable names (`acme/company/primary`), dates lie before the anchor 2026-11-01T00:00:00.000Z, so
 * every run writes the same rows. Writes happen in one transaction, in batches of 500 rows.
 */
import { getTableColumns, sql, type Table } from 'drizzle-orm';
import { sealIdentifierValue } from '@/lib/domain/order-model/identifiers';
import { newPassValues } from '@/lib/domain/passes/passes';
import type { Db } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { rebuildOrderCounters } from '@/lib/domain/orders/bookkeeping';
import { storeMissingOrderDocuments } from '@/lib/domain/order-model/documents';
import { AGENCY_ROWS, JOB_CATEGORY_ROWS, RANDOM_RATE_ROWS, VENDOR_ROWS, agencyId } from './reference';
import { TENANT_DEFS, type TenantSlug } from './tenants';
import { seedIds } from './ids';
import { loadGeo } from './geo';
import { buildTenantBase, DEMO_PASSWORD } from './build-tenant';
import { buildClinics } from './build-clinics';
import { buildEmployees } from './build-employees';
import { buildOrders, SHARED_PARTICIPANTS } from './build-orders';
import { emptyRows, type TenantRows } from './model';
import { ANCHOR } from './random';
import { seedResultDocuments } from './documents';

export { DEMO_PASSWORD };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

const BATCH = 1000;
/** Serialises concurrent first starts against one PostgreSQL database. */
const SEED_LOCK = 724002;

function tenantDemo(slug: TenantSlug) {
  const shared = SHARED_PARTICIPANTS[slug][0];
  return {
    companies: {
      /** Active, background-check integration configured. */
      primary: seedIds.company(slug, 'primary'),
      /** Active, no background-check integration. */
      secondary: seedIds.company(slug, 'secondary'),
      tertiary: seedIds.company(slug, 'tertiary'),
      inactive: seedIds.company(slug, 'inactive'),
      deleted: seedIds.company(slug, 'deleted'),
    },
    locations: {
      /** Under the primary company; all three schedule strategies; no fee cap. */
      primary: seedIds.location(slug, 'primary'),
      /** Under the secondary company. */
      secondary: seedIds.location(slug, 'secondary'),
      /** Under the primary company, isActive=false. */
      inactive: seedIds.location(slug, 'inactive'),
      /** Under the primary company; only `participantChoice`. */
      participantChoiceOnly: seedIds.location(slug, 'participantChoiceOnly'),
      /** Under the primary company; feeCapCents 9000. */
      feeCapped: seedIds.location(slug, 'feeCapped'),
    },
    packages: {
      /** Primary company: DOT 5-panel urine. */
      dot: seedIds.package(slug, 'dot'),
      /** Primary company: DOT urine + DOT breath alcohol. */
      dotWithAlcohol: seedIds.package(slug, 'dotWithAlcohol'),
      /** Primary company: non-DOT 10-panel urine. */
      nonDot: seedIds.package(slug, 'nonDot'),
      /** Primary company: non-DOT urine + criminal background check. */
      drugAndBackground: seedIds.package(slug, 'drugAndBackground'),
      /** Primary company: only a criminal background check. */
      backgroundOnly: seedIds.package(slug, 'backgroundOnly'),
      /** Secondary company (no integration): only a criminal background check. */
      backgroundOnlyNoIntegration: seedIds.package(slug, 'backgroundOnlyNoIntegration'),
      /** Primary company: DOT physical. */
      physical: seedIds.package(slug, 'physical'),
      /** Location level (primary location): hair 5-panel + instant cup. */
      locationLevel: seedIds.package(slug, 'locationLevel'),
      /** Secondary company: DOT 5-panel urine. */
      secondaryDot: seedIds.package(slug, 'secondaryDot'),
    },
    services: {
      dotUrine: seedIds.service(slug, 'dotUrine'),
      dotBreathAlcohol: seedIds.service(slug, 'dotBreathAlcohol'),
      nonDotUrine: seedIds.service(slug, 'nonDotUrine'),
      backgroundCheck: seedIds.service(slug, 'backgroundCheck'),
      physical: seedIds.service(slug, 'physical'),
      hair5: seedIds.service(slug, 'hair5'),
      instant10: seedIds.service(slug, 'instant10'),
    },
    /** Has two or more open orders of `packageId` at `companyId`/`locationId`. */
    sharedParticipant: {
      firstName: shared.firstName,
      lastName: shared.lastName,
      middleName: shared.middleName,
      birthDate: shared.birthDate,
      email: shared.email,
      phone: shared.phone,
      companyId: seedIds.company(slug, shared.company),
      locationId: seedIds.location(slug, shared.location),
      packageId: seedIds.package(slug, shared.package),
    },
  };
}

/** Well-known ids and values of the demo data, for tests and docs. */
export const DEMO = {
  /** Every seeded date lies at or before this instant. */
  anchor: ANCHOR.toISOString(),
  password: DEMO_PASSWORD,
  tenants: {
    acme: { id: seedIds.tenant('acme'), slug: 'acme', name: 'Acme Logistics' },
    northwind: { id: seedIds.tenant('northwind'), slug: 'northwind', name: 'Northwind Health' },
  },
  acme: {
    ...tenantDemo('acme'),
    users: { admin: 'admin@acme.test', manager: 'manager@acme.test', staff: 'staff@acme.test', viewer: 'viewer@acme.test' },
  },
  northwind: {
    ...tenantDemo('northwind'),
    users: { admin: 'admin@northwind.test' },
  },
  agencies: {
    FMCSA: agencyId('FMCSA'),
    FAA: agencyId('FAA'),
    FRA: agencyId('FRA'),
    FTA: agencyId('FTA'),
    PHMSA: agencyId('PHMSA'),
    USCG: agencyId('USCG'),
  },
} as const;

/**
 * Inserts rows in batches. Each batch travels as one JSON parameter expanded by
 * `json_populate_recordset`: on PGlite this is about twice as fast as a multi-row VALUES list with
 * thousands of bind parameters. Columns absent from the rows keep their defaults.
 */
async function insertBatches(db: Executor, table: Table, rows: readonly object[], onConflictDoNothing = false): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => k in columns);
  const names = sql.join(keys.map((k) => sql.identifier(columns[k].name)), sql`, `);
  for (let i = 0; i < rows.length; i += BATCH) {
    const json = JSON.stringify(
      rows.slice(i, i + BATCH).map((row) => {
        const out: Record<string, unknown> = {};
        for (const k of keys) out[columns[k].name] = (row as Record<string, unknown>)[k] ?? null;
        return out;
      }),
    );
    await db.execute(sql`insert into ${table} (${names})
      select ${names} from json_populate_recordset(null::${table}, ${json}::json)
      ${onConflictDoNothing ? sql`on conflict do nothing` : sql``}`);
  }
}

async function insertReference(db: Executor): Promise<void> {
  await insertBatches(db, schema.agencies, AGENCY_ROWS, true);
  await insertBatches(db, schema.jobCategories, JOB_CATEGORY_ROWS, true);
  await insertBatches(db, schema.vendors, VENDOR_ROWS, true);
  // DOT's random-testing rates (lib/domain/rates/rates-data.ts): a row already there (set by the CLI) is kept.
  await insertBatches(db, schema.randomRates, RANDOM_RATE_ROWS, true);
}

/** Builds every demo row in memory (no database access). */
export async function buildDemoRows(): Promise<TenantRows[]> {
  const geo = await loadGeo();
  const out: TenantRows[] = [];
  for (const def of TENANT_DEFS) {
    const rows = emptyRows();
    const base = await buildTenantBase(def, geo, rows);
    const clinics = buildClinics(def.slug, base.tenantId, geo, base.locations, base.services, rows);
    buildEmployees(def.slug, base.tenantId, base.companies, base.locations, rows);
    buildOrders({ def, geo, clinics, ...base }, rows);
    out.push(rows);
  }
  return out;
}

/** Parents before children. */
const INSERT_ORDER: ReadonlyArray<[keyof TenantRows, Table]> = [
  ['tenants', schema.tenants],
  ['companies', schema.companies],
  ['locations', schema.locations],
  ['users', schema.users],
  ['services', schema.services],
  ['packages', schema.packages],
  ['packageServices', schema.packageServices],
  ['clinics', schema.clinics],
  ['clinicServices', schema.clinicServices],
  ['employees', schema.employees],
  ['orders', schema.orders],
  ['orderPackages', schema.orderPackages],
  ['participantIdentifiers', schema.participantIdentifiers],
  ['orderServices', schema.orderServices],
  ['orderServiceStatusHistory', schema.orderServiceStatusHistory],
  ['orderServiceScreenHistory', schema.orderServiceScreenHistory],
  ['auditEvents', schema.auditEvents],
];

async function insertDemo(db: Executor, data: readonly TenantRows[]): Promise<void> {
  for (const rows of data) {
    for (const [key, table] of INSERT_ORDER) {
      // Identifier values are encrypted at rest like any others (a random IV each time, so the
      // stored bytes differ between runs while the values do not).
      const batch =
        key === 'participantIdentifiers'
          ? rows.participantIdentifiers.map((r) => ({ ...r, value: sealIdentifierValue(r.value) }))
          : key === 'employees'
            ? rows.employees.map((r) => ({ ...r, cdlNumberEncrypted: r.cdlNumberEncrypted && sealIdentifierValue(r.cdlNumberEncrypted) }))
            : rows[key];
      await insertBatches(db, table, batch);
    }
  }
  // Each order's pass, issued when the order was placed, as creating an order does: the order page
  // would otherwise show a demo order's pass as issued at its first view.
  for (const rows of data) {
    await insertBatches(db, schema.orderPasses, rows.orders.map((o) => ({ ...newPassValues(o).values, createdAt: o.createdAt })));
  }
  // List totals come from the per-status counters, which order operations keep up to date.
  await rebuildOrderCounters(db as Db);
  // Reads use each order's stored document, which order operations keep up to date.
  await storeMissingOrderDocuments(db as Db);
  // SAMPLE result papers of the final drug and alcohol results, and retention days (issue 16).
  await seedResultDocuments(db as Db);
}

/** Agencies, job categories and labs; safe to run on every start. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => insertReference(tx));
}

/** The demo tenants and everything under them (and the reference data they need), in one transaction. */
export async function seedDemoData(db: Db): Promise<void> {
  const data = await buildDemoRows();
  await db.transaction(async (tx) => {
    await insertReference(tx);
    await insertDemo(tx, data);
  });
}

async function tenantCount(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(schema.tenants);
  return Number(row.n);
}

/**
 * Reference data always; demo data when `opts.demo` and there is no tenant yet. Returns true when
 * it wrote the demo data. Concurrent callers on one PostgreSQL database are serialised by an
 * advisory lock, so only one of them seeds.
 */
export async function seedIfEmpty(db: Db, opts: { demo: boolean }): Promise<boolean> {
  const data = opts.demo && (await tenantCount(db)) === 0 ? await buildDemoRows() : null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    await insertReference(tx);
    if (!data || (await tenantCount(tx)) > 0) return false;
    await insertDemo(tx, data);
    return true;
  });
}
