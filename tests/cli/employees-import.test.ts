/**
 * `employees import` (DESIGN.md 7.1): the roster import of the API through the CLI, on PGlite: a
 * dry run, the apply, a second run that updates, leaves alone and (--deactivate-missing) deactivates,
 * a wrong line that writes nothing (exit code 2); and the same command through the admin channel
 * of a server holding the data dir.
 */
import fs from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { employees } from '@/lib/db/schema';
import { createCompany } from '@/lib/domain/companies';
import { makeCtx, systemPrincipal } from '@/lib/domain/context';
import { EMPLOYEE_COLUMNS } from '@/lib/domain/employees/schemas';
import { childEnv, cli, startProcess, stop, tempDir, TSX, withDb } from './helpers';

const dir = tempDir();
const HEADER = EMPLOYEE_COLUMNS.join(',');
let files = 0;
function csv(...lines: string[]): string {
  const file = path.join(dir, `roster-${++files}.csv`);
  fs.writeFileSync(file, `${[HEADER, ...lines].join('\n')}\n`);
  return file;
}

/** A tenant made by the CLI and a company of it (made in the test process while no CLI runs). */
async function tenantWithCompany(slug: string, env: Record<string, string>, open?: { dataDir: string }) {
  const created = await cli(['tenant', 'create', '--slug', slug, '--name', slug, '--no-catalog'], env);
  expect(created.code, created.stderr).toBe(0);
  const tenantId = created.json.id as string;
  if (!open) return { tenantId, companyId: '' };
  const company = await withDb(open, (db) =>
    createCompany({ ctx: makeCtx(systemPrincipal('test', { tenantId, companyIds: [] }), db), input: { name: 'Roster Freight' } }),
  );
  return { tenantId, companyId: company.company.id };
}

describe('employees import on PGlite', () => {
  const env = { DATA_DIR: path.join(dir, 'data') };
  const open = { dataDir: path.join(dir, 'data', 'pglite') };

  it('dry run, apply, update with --deactivate-missing; a wrong line exits 2 and writes nothing', async () => {
    const { companyId } = await tenantWithCompany('roster', env, open);
    const file = csv(`E-1,${companyId},,Ann,,Lee,1980-01-02,,,FMCSA,cdlDriver,L1234567,TX,`, `E-2,${companyId},,Ben,,Ortiz,,,,,,,,`);
    const dry = await cli(['employees', 'import', '--tenant', 'roster', '--file', file, '--dry-run'], env);
    expect([dry.code, dry.stderr]).toEqual([0, '']);
    expect(dry.json).toEqual({ object: 'employeeImport', dryRun: true, applied: false, inserted: 2, updated: 0, unchanged: 0, deactivated: 0, errors: [], errorsNotListed: 0 });
    const roster = () => withDb(open, (db) => db.select({ externalId: employees.externalId, lastName: employees.lastName, status: employees.status }).from(employees).where(eq(employees.companyId, companyId)).orderBy(asc(employees.externalId)));
    expect(await roster()).toEqual([]);

    const applied = await cli(['employees', 'import', '--tenant', 'roster', '--file', file], env);
    expect([applied.code, applied.json]).toEqual([0, expect.objectContaining({ applied: true, inserted: 2 })]);

    const next = csv(`E-1,${companyId},,Ann,,Lee-Park,1980-01-02,,,FMCSA,cdlDriver,L1234567,TX,active`);
    const second = await cli(['employees', 'import', '--tenant', 'roster', '--file', next, '--deactivate-missing'], env);
    expect([second.code, second.json]).toEqual([0, expect.objectContaining({ applied: true, inserted: 0, updated: 1, unchanged: 0, deactivated: 1 })]);
    expect(await roster()).toEqual([
      { externalId: 'E-1', lastName: 'Lee-Park', status: 'active' },
      { externalId: 'E-2', lastName: 'Ortiz', status: 'inactive' },
    ]);

    const wrong = await cli(['employees', 'import', '--tenant', 'roster', '--file', csv(`E-3,${companyId},,Cy,,Park,,,,,,,,retired`)], env);
    expect(wrong.code).toBe(2);
    expect(wrong.json).toMatchObject({ applied: false, errors: [{ line: 2, column: 'status', message: 'status "retired" is neither active nor inactive.' }] });
    expect((await roster()).map((e) => e.externalId)).toEqual(['E-1', 'E-2']);
  });
});

describe('employees import through the admin channel of the server holding PGlite', () => {
  const env = { DATA_DIR: path.join(dir, 'channel-data') };

  it('the server runs the import the CLI hands it; a file naming no company of the tenant exits 2', async () => {
    const server = await startProcess([...TSX, 'tests/cli/admin-server.fixture.ts'], childEnv({ ...env, APP_ENV: 'production' }), /ready (\d+)/);
    try {
      await tenantWithCompany('roster', env);
      const run = await cli(['employees', 'import', '--tenant', 'roster', '--file', csv('E-1,no-such-company,,Ann,,Lee,,,,,,,,'), '--dry-run'], env);
      expect(run.stderr).toBe('');
      expect([run.code, run.json]).toEqual([2, expect.objectContaining({ dryRun: true, errors: [{ line: 2, column: 'companyId', message: 'companyId "no-such-company" is not a company of yours.' }] })]);
    } finally {
      await stop(server.child);
    }
  });
});
