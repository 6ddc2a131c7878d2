/**
 * Setting up a customer's reference data from the CLI (DESIGN.md 6.4): the standard catalog of
 * `tenant create`, `catalog import` and `clinics import` (streaming CSV, upsert by externalId, ZIP
 * geocoding, dry run, nothing written on a wrong line unless --skip-invalid, bounded memory, the
 * clinic search right afterwards). On PGlite; on PostgreSQL too when DATABASE_URL is set (a scratch
 * database `cli_import` on that server).
 */
import { spawn } from 'node:child_process';
import { parse } from 'csv-parse/sync';
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Db, OpenOptions } from '@/lib/db/client';
import { readLockOwner } from '@/lib/db/pglite-lock';
import { LARGE_IMPORT_BYTES } from '@/lib/admin/cli';
import { clinics, clinicServices, services } from '@/lib/db/schema';
import { searchClinics, SearchClinicsQuery } from '@/lib/domain/clinics/search';
import type { Ctx } from '@/lib/domain/context';
import { geocodeZip } from '@/lib/geo/geocode';
import { STANDARD_CATALOG } from '@/lib/seed/catalog';
import { CLINICS_CSV_HEADER, clinicsCsvLine, writeClinicsCsv } from '../../scripts/generate-clinics-csv';
import { childEnv, cli, ROOT, startProcess, stop, tempDir, TSX, withDb, type Run } from './helpers';

async function scratchPostgres(): Promise<string | undefined> {
  if (!process.env.DATABASE_URL) return undefined;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query('drop database if exists cli_import with (force)');
    await client.query('create database cli_import');
  } finally {
    await client.end();
  }
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = '/cli_import';
  return url.toString();
}

const dir = tempDir();
const postgresUrl = await scratchPostgres();
const engines: Array<{ engine: string; env: Record<string, string>; open: OpenOptions }> = [
  { engine: 'PGlite', env: { DATA_DIR: path.join(dir, 'data') }, open: { dataDir: path.join(dir, 'data', 'pglite') } },
  ...(postgresUrl ? [{ engine: 'PostgreSQL', env: { DATABASE_URL: postgresUrl, DATA_DIR: path.join(dir, 'pg-data') }, open: { url: postgresUrl } }] : []),
];

let files = 0;
/** A CSV file in the temporary directory. */
function csv(...lines: string[]): string {
  const file = path.join(dir, `file-${++files}.csv`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** The system's view of a tenant, for the domain's clinic search. */
const systemCtx = (db: Db, tenantId: string): Ctx => ({
  tenantId,
  companyIds: [],
  scopes: new Set(),
  actor: { type: 'system', name: 'import test' },
  db,
  requestId: 'import-test',
  source: 'system',
});

/** Clinics of a tenant by externalId, with the services they offer ([externalId, cents]). */
async function clinicsOf(db: Db, tenantId: string) {
  const rows = await db.select().from(clinics).where(eq(clinics.tenantId, tenantId)).orderBy(asc(clinics.externalId));
  const offered = await db
    .select({ clinicId: clinicServices.clinicId, service: services.externalId, priceCents: clinicServices.priceCents })
    .from(clinicServices)
    .innerJoin(services, eq(services.id, clinicServices.serviceId))
    .where(eq(services.tenantId, tenantId))
    .orderBy(asc(services.externalId));
  return new Map(rows.map((c) => [c.externalId!, { ...c, services: offered.filter((o) => o.clinicId === c.id).map((o) => [o.service, o.priceCents]) }]));
}

/** The CLI as a process with its heap capped, and its peak resident set size (kB) read at its exit (peak-rss.mjs). */
function measuredCli(args: string[], env: Record<string, string>): Promise<Run & { peakKb: number }> {
  const peakFile = path.join(dir, `peak-${++files}`);
  // The import's live heap stays near 35 MB whatever the file (checked with --trace-gc); holding 20,000
  // parsed lines takes ~35 MB more. The cap makes V8 collect rather than grow, so the peak says what is held.
  const nodeArgs = ['--max-old-space-size=72', '--import', 'tsx', '--import', './tests/cli/peak-rss.mjs', 'scripts/cli.ts', ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, nodeArgs, { cwd: ROOT, env: childEnv({ ...env, PEAK_RSS_FILE: peakFile }) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      // No file: the process died before its exit handler (out of memory); no peak to compare.
      resolve({ code, stdout, stderr, json, peakKb: fs.existsSync(peakFile) ? Number(fs.readFileSync(peakFile, 'utf8')) : NaN });
    });
  });
}

const HEADER = CLINICS_CSV_HEADER;

describe.each(engines)('on $engine', ({ env, open }) => {
  const production = { ...env, APP_ENV: 'production' };
  let tenantId = '';
  let bareTenantId = '';
  const db = <T>(fn: (db: Db) => Promise<T>) => withDb(open, fn);

  describe('tenant create', () => {
    it('gives the new tenant the standard catalog: the DOT and non-DOT services of the demo, keyed by externalId', async () => {
      const run = await cli(['tenant', 'create', '--slug', 'beta', '--name', 'Beta Health'], production);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.json).toMatchObject({ slug: 'beta', name: 'Beta Health', services: STANDARD_CATALOG.length });
      tenantId = run.json.id;
      const rows = await db((d) => d.select().from(services).where(eq(services.tenantId, tenantId)).orderBy(asc(services.externalId)));
      expect(rows.map((s) => [s.externalId, s.name, s.type, s.category, s.specimenType, s.isDot])).toEqual(
        [...STANDARD_CATALOG].sort((a, b) => (a.externalId < b.externalId ? -1 : 1)).map((d) => [d.externalId, d.name, d.type, d.category, d.specimenType, d.isDot]),
      );
      // The demo's unmapped legacy service is not part of a real customer's catalog.
      expect(rows.map((s) => s.name)).not.toContain('Legacy Service (Unmapped)');
      expect(rows.map((s) => s.type)).not.toContain('unknown');
      expect(rows.filter((s) => s.isDot).map((s) => s.externalId)).toEqual(['dotBreathAlcohol', 'dotUrine', 'physical']);
    });

    it('--no-catalog gives none', async () => {
      const run = await cli(['tenant', 'create', '--slug', 'bare', '--name', 'Bare', '--no-catalog'], production);
      expect(run.code).toBe(0);
      expect(run.json).toMatchObject({ slug: 'bare', services: 0 });
      bareTenantId = run.json.id;
      expect(await db((d) => d.select().from(services).where(eq(services.tenantId, bareTenantId)))).toEqual([]);
    });
  });

  describe('catalog import', () => {
    const header = 'externalId,name,type,category,specimenType,isDot';

    it('inserts, then updates by externalId; an equal line is unchanged', async () => {
      const first = await cli(['catalog', 'import', '--tenant', 'bare', '--file', csv(header, 'panel-12,12-Panel Urine,labBasedToxicology,drug,urine,false', 'dot-bat,DOT Breath Alcohol,breathAlcoholTest,alcohol,breath,true')], env);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.json).toEqual({ inserted: 2, updated: 0, unchanged: 0, errors: [] });

      const second = await cli(['catalog', 'import', '--tenant', 'bare', '--file', csv(header, 'panel-12,12-Panel Urine Drug Screen,labBasedToxicology,drug,urine,', 'dot-bat,DOT Breath Alcohol,breathAlcoholTest,alcohol,breath,TRUE')], env);
      expect(second.json).toEqual({ inserted: 0, updated: 1, unchanged: 1, errors: [] });
      const rows = await db((d) => d.select().from(services).where(eq(services.tenantId, bareTenantId)).orderBy(asc(services.externalId)));
      expect(rows.map((s) => [s.externalId, s.name, s.type, s.category, s.specimenType, s.isDot])).toEqual([
        ['dot-bat', 'DOT Breath Alcohol', 'breathAlcoholTest', 'alcohol', 'breath', true],
        ['panel-12', '12-Panel Urine Drug Screen', 'labBasedToxicology', 'drug', 'urine', false],
      ]);
    });

    it('updates a service of the standard catalog named by its externalId', async () => {
      const run = await cli(['catalog', 'import', '--tenant', 'beta', '--file', csv(header, 'dotUrine,DOT 5-Panel Urine (Split Specimen),labBasedToxicology,drug,urine,true')], env);
      expect(run.json).toEqual({ inserted: 0, updated: 1, unchanged: 0, errors: [] });
      const [row] = await db((d) => d.select().from(services).where(and(eq(services.tenantId, tenantId), eq(services.externalId, 'dotUrine'))));
      expect(row.name).toBe('DOT 5-Panel Urine (Split Specimen)');
    });

    it('an unknown type is a wrong line: nothing is written, exit code 2', async () => {
      const run = await cli(['catalog', 'import', '--tenant', 'bare', '--file', csv(header, 'new-one,New,labBasedToxicology,,,', 'x-ray,Chest X-Ray,radiology,,,')], env);
      expect(run.code).toBe(2);
      expect(run.json).toEqual({ inserted: 0, updated: 0, unchanged: 0, errors: [{ line: 3, message: expect.stringMatching(/^type "radiology" is not one of additionalService, /) }] });
      expect(await db((d) => d.select().from(services).where(and(eq(services.tenantId, bareTenantId), eq(services.externalId, 'new-one'))))).toEqual([]);
    });
  });

  describe('clinics import', () => {
    const austin = 'c-austin,Downtown Occupational Health,(512) 555-0100,100 Congress Ave,Suite 300,Austin,TX,78701,US,,,true,dotUrine:55;nonDotUrine:48.5';
    const denver = 'c-denver,"Mile High Clinic, LLC",+13035550101,200 Colfax Ave,,Denver,co,80202,,39.7400,-104.9900,,dotBreathAlcohol:42.00';
    const closed = 'c-closed,Closed Clinic,,,,,,10001,,,,false,';
    let serviceId = '';

    it('inserts the clinics of a file: positions from lat/long or else the ZIP code, services by externalId or id, prices in dollars', async () => {
      serviceId = (await db((d) => d.select().from(services).where(and(eq(services.tenantId, tenantId), eq(services.externalId, 'tbTest')))))[0].id;
      const withId = `c-id,Clinic By Id,,,,Austin,TX,78758,,,,,${serviceId}:28`;
      const run = await cli(['clinics', 'import', '--tenant', 'beta', '--file', csv(HEADER, austin, denver, closed, withId)], env);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.json).toEqual({ inserted: 4, updated: 0, unchanged: 0, errors: [] });

      const stored = await db((d) => clinicsOf(d, tenantId));
      expect([...stored.keys()]).toEqual(['c-austin', 'c-closed', 'c-denver', 'c-id']);
      expect(stored.get('c-austin')).toMatchObject({
        name: 'Downtown Occupational Health',
        phone: '+15125550100',
        line1: '100 Congress Ave',
        line2: 'Suite 300',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        country: 'US',
        ...{ lat: geocodeZip('78701')!.lat, long: geocodeZip('78701')!.long },
        isActive: true,
        services: [['dotUrine', 5500], ['nonDotUrine', 4850]],
      });
      expect(stored.get('c-denver')).toMatchObject({ name: 'Mile High Clinic, LLC', state: 'CO', country: 'US', lat: 39.74, long: -104.99, isActive: true, services: [['dotBreathAlcohol', 4200]] });
      expect(stored.get('c-closed')).toMatchObject({ isActive: false, phone: null, line1: null, services: [] });
      expect(stored.get('c-id')).toMatchObject({ services: [['tbTest', 2800]] });
    });

    it('a second import of the same file changes nothing: every line unchanged', async () => {
      const before = await db((d) => clinicsOf(d, tenantId));
      const run = await cli(['clinics', 'import', '--tenant', 'beta', '--file', csv(HEADER, austin, denver, closed, `c-id,Clinic By Id,,,,Austin,TX,78758,,,,,tbTest:28.00`)], env);
      expect(run.json).toEqual({ inserted: 0, updated: 0, unchanged: 4, errors: [] });
      expect(await db((d) => clinicsOf(d, tenantId))).toEqual(before);
    });

    it('the clinic search finds imported clinics near their ZIP code right afterwards (the earth_point index)', async () => {
      const page = await db((d) => searchClinics(systemCtx(d, tenantId), SearchClinicsQuery.parse({ near: '78701', radius: '25' })));
      expect(page.data.map((c) => c.name)).toEqual(['Downtown Occupational Health', 'Clinic By Id']);
      expect(page.data[0].distance).toEqual({ miles: 0 });
      const denverPage = await db((d) => searchClinics(systemCtx(d, tenantId), SearchClinicsQuery.parse({ near: '80202' })));
      expect(denverPage.data.map((c) => c.name)).toEqual(['Mile High Clinic, LLC']);
    });

    it('a re-import updates by externalId: a moved clinic is found at its new place, its services replaced', async () => {
      const moved = 'c-austin,Downtown Occupational Health,(512) 555-0100,1 Main St,,Dallas,TX,75201,US,,,true,physical:95';
      const run = await cli(['clinics', 'import', '--tenant', 'beta', '--file', csv(HEADER, moved, denver)], env);
      expect(run.json).toEqual({ inserted: 0, updated: 1, unchanged: 1, errors: [] });
      expect((await db((d) => clinicsOf(d, tenantId))).get('c-austin')).toMatchObject({ city: 'Dallas', postalCode: '75201', services: [['physical', 9500]] });
      const [nearDallas, nearAustin] = await db((d) =>
        Promise.all(['75201', '78701'].map((near) => searchClinics(systemCtx(d, tenantId), SearchClinicsQuery.parse({ near })))),
      );
      expect(nearDallas.data.map((c) => c.name)).toEqual(['Downtown Occupational Health']);
      expect(nearAustin.data.map((c) => c.name)).toEqual(['Clinic By Id']);
    });

    it('a file with one wrong line writes nothing, names the line and says what is wrong (exit code 2)', async () => {
      const before = await db((d) => clinicsOf(d, tenantId));
      const file = csv(HEADER, 'c-new,New Clinic,,,,,,30301,,,,,', denver.replace('Mile High', 'Renamed'), 'c-bad,Bad Clinic,,,,,,99999,,,,,dotUrine:12.345');
      const run = await cli(['clinics', 'import', '--tenant', 'beta', '--file', file], env);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe('');
      expect(run.json).toEqual({
        inserted: 0,
        updated: 0,
        unchanged: 0,
        errors: [
          {
            line: 4,
            message:
              'postalCode "99999" is not a known US ZIP code: give lat and long. services: the price "12.345" of "dotUrine" is not an amount in US dollars up to 100000 (55 or 55.00).',
          },
        ],
      });
      expect(await db((d) => clinicsOf(d, tenantId))).toEqual(before);
    });

    it('--dry-run reports what would change and writes nothing', async () => {
      const before = await db((d) => clinicsOf(d, tenantId));
      const run = await cli(['clinics', 'import', '--tenant', 'beta', '--file', csv(HEADER, 'c-new,New Clinic,,,,,,30301,,,,,', denver.replace('Mile High', 'Renamed'), closed), '--dry-run'], env);
      expect(run.code).toBe(0);
      expect(run.json).toEqual({ inserted: 1, updated: 1, unchanged: 1, errors: [] });
      expect(await db((d) => clinicsOf(d, tenantId))).toEqual(before);
    });

    it('--skip-invalid writes the valid lines and reports the others', async () => {
      const file = csv(
        HEADER,
        'c-new,New Clinic,,,,,,30301,,,,,',
        'c-bad,Bad Clinic,,,,,,,,,,,',
        'c-short,Short',
        'c-new,New Clinic Again,,,,,,30301,,,,,',
        'c-lat,Half a Position,,,,,,,,45,,,unknownService:10',
      );
      const run = await cli(['clinics', 'import', '--tenant', 'beta', '--file', file, '--skip-invalid'], env);
      expect(run.code).toBe(0);
      expect(run.json).toEqual({
        inserted: 1,
        updated: 0,
        unchanged: 0,
        errors: [
          { line: 3, message: 'A position is required: give postalCode (a US ZIP code) or lat and long.' },
          { line: 4, message: 'The line has 2 fields; the header has 13.' },
          { line: 5, message: 'externalId "c-new" is already on line 2.' },
          {
            line: 6,
            message: 'lat and long go together: give both, or neither to use the ZIP code. services: "unknownService" is neither the id nor the externalId of a service of this tenant.',
          },
        ],
      });
      const stored = await db((d) => clinicsOf(d, tenantId));
      expect(stored.get('c-new')).toMatchObject({ name: 'New Clinic', postalCode: '30301', lat: geocodeZip('30301')!.lat });
      expect(stored.has('c-bad')).toBe(false);
    });

    it('a wrong header or broken CSV quoting writes nothing, even with --skip-invalid', async () => {
      const [header, quoting] = await Promise.all([
        cli(['clinics', 'import', '--tenant', 'beta', '--file', csv('externalId,name,zip', 'c-x,X,78701'), '--skip-invalid'], env),
        cli(['clinics', 'import', '--tenant', 'beta', '--file', csv(HEADER, 'c-q1,Quoted,,,,,,78701,,,,,', 'c-q2,"Unclosed,,,,,,78701,,,,,'), '--skip-invalid'], env),
      ]);
      expect(header.code).toBe(2);
      expect(header.json.errors).toEqual([{ line: 1, message: 'Unknown column "zip" in the header; the columns are externalId,name,phone,line1,line2,city,state,postalCode,country,lat,long,isActive,services,timeZone,hours,capabilities.' }]);
      expect(quoting.code).toBe(2);
      expect(quoting.json).toMatchObject({ inserted: 0, errors: [{ line: 3, message: expect.stringMatching(/^The file is not valid CSV: Quote Not Closed/) }] });
      expect((await db((d) => clinicsOf(d, tenantId))).has('c-q1')).toBe(false);
    });

    it('an unknown tenant or a missing file is bad input (exit code 2)', async () => {
      const [tenant, file] = await Promise.all([
        cli(['clinics', 'import', '--tenant', 'globex', '--file', csv(HEADER)], env),
        cli(['clinics', 'import', '--tenant', 'beta', '--file', path.join(dir, 'nowhere.csv')], env),
      ]);
      expect([tenant.code, tenant.stderr]).toEqual([2, 'error: No tenant with slug "globex".\n']);
      expect(file.code).toBe(2);
      expect(file.stderr).toMatch(/^error: Cannot read --file .*nowhere\.csv: no such file\. \(see: npm run --silent cli -- clinics import --help\)\n$/);
    });

    it('streams: 20,000 lines (~20 MB) import with the heap capped at 72 MB, and are searchable at once (the memory figure: docs/benchmarks.md)', async () => {
      // Wide lines (~1 KB): the 20,000-line file is ~20 MB, which read whole would hold far more than 60 MB.
      const write = async (count: number) => {
        const file = path.join(dir, `generated-${count}.csv`);
        const out = fs.createWriteStream(file);
        await writeClinicsCsv(out, count, { wide: true });
        await new Promise((resolve) => out.end(resolve));
        return file;
      };
      const [small, large] = await Promise.all([write(200), write(20_000)]);
      // A tenant of its own, with the standard catalog the generated lines name.
      const created = await cli(['tenant', 'create', '--slug', 'generated', '--name', 'Generated'], production);
      expect(created.code).toBe(0);
      const base = await measuredCli(['clinics', 'import', '--tenant', 'generated', '--file', small], env);
      expect(base.json).toEqual({ inserted: 200, updated: 0, unchanged: 0, errors: [] });
      const big = await measuredCli(['clinics', 'import', '--tenant', 'generated', '--file', large], env);
      expect(big.stderr).toBe('');
      expect(big.code).toBe(0);
      expect(big.json).toEqual({ inserted: 19_800, updated: 0, unchanged: 200, errors: [] });

      const [, name, , , , , , zip] = parse(clinicsCsvLine(19_999, { wide: true }))[0] as string[];
      const page = await db((d) => searchClinics(systemCtx(d, created.json.id), SearchClinicsQuery.parse({ near: zip, radius: '5', limit: '20' })));
      expect(page.data.map((c) => c.name)).toContain(name);
    });
  });
});

describe('through the admin channel of the server holding PGlite', () => {
  const env = { DATA_DIR: path.join(dir, 'channel-data') };

  it('the server reads the file the CLI names (a relative path made absolute by the CLI); wrong lines still exit with code 2', async () => {
    const server = await startProcess([...TSX, 'tests/cli/admin-server.fixture.ts'], childEnv({ ...env, APP_ENV: 'production' }), /ready (\d+)/);
    try {
      // The server holds the data dir: the CLI cannot open it, it hands its commands to the server.
      expect(readLockOwner(path.join(env.DATA_DIR, 'pglite'))).toMatchObject({ pid: server.child.pid, port: Number(server.match[1]) });
      const created = await cli(['tenant', 'create', '--slug', 'beta', '--name', 'Beta'], env);
      expect(created.json).toMatchObject({ slug: 'beta', services: STANDARD_CATALOG.length });
      const good = path.relative(ROOT, csv(HEADER, 'c-1,Downtown Clinic,,,,,,78701,,,,,dotUrine:55'));
      expect(path.isAbsolute(good)).toBe(false);
      const [run, bad] = await Promise.all([
        cli(['clinics', 'import', '--tenant', 'beta', '--file', good], env),
        cli(['clinics', 'import', '--tenant', 'beta', '--file', csv(HEADER, 'c-2,Elsewhere,,,,,,00000,,,,,')], env),
      ]);
      expect(run.stderr).toBe('');
      expect([run.code, run.json]).toEqual([0, { inserted: 1, updated: 0, unchanged: 0, errors: [] }]);
      expect([bad.code, bad.json]).toEqual([2, { inserted: 0, updated: 0, unchanged: 0, errors: [{ line: 2, message: 'postalCode "00000" is not a known US ZIP code: give lat and long.' }] }]);

      // A file past 1 MiB: the CLI says first that the server is busy until it ends (issue 26, finding 15).
      const lines = Array.from({ length: 15_000 }, (_, i) => `big-${i},Clinic number ${i} of a large network,,,,,,78701,,,,,dotUrine:55`);
      const big = csv(HEADER, ...lines);
      expect(fs.statSync(big).size).toBeGreaterThan(LARGE_IMPORT_BYTES);
      const large = await cli(['clinics', 'import', '--tenant', 'beta', '--file', big, '--dry-run'], env);
      expect(large.code).toBe(0);
      expect(large.stderr).toMatch(/^Note: the running server holds the embedded database and answers no other request until this import of 1\.\d MB ends .* on PostgreSQL \(DATABASE_URL\), or with the server stopped\.\n$/);
      expect(large.json).toMatchObject({ inserted: 15_000, errors: [] });
    } finally {
      await stop(server.child);
    }
  });
});
