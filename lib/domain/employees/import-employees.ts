/**
 * The roster import (DESIGN.md 7.1): a CSV file upserted by company and externalId, through the API
 * (`POST /api/v2/employees/imports`, an uploaded body) and the CLI (`employees import`, a streamed
 * file) alike. The shared import runner (lib/domain/imports.ts) reads the file as it goes, writes
 * 500 lines at a time and keeps the keys seen in a temporary table, so memory stays flat whatever
 * the size of the file; one transaction: a wrong line (named by line and column) writes nothing, a
 * dry run writes nothing and reports what the real run would do.
 *
 * Columns: the header names every one of EMPLOYEE_COLUMNS, in any order. `companyId` and
 * `locationId` are ids (a company the principal manages, one of its locations); `agency` is an
 * agency's code (`FMCSA`, any case) or id, `jobCategory` one of its job categories by code
 * (`cdlDriver`) or id, both empty for a non-DOT employee; `cdlNumber` and `cdlState` go together;
 * `status` is `active` (or empty) or `inactive`. An empty field clears the member. With
 * `deactivateMissing`, the active employees of the companies the file names that it does not list
 * become inactive (activeTo today on the tenant's clock).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/lib/db/client';
import { agencies, companies, employees, jobCategories, locations } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import { manageableCompany } from '@/lib/domain/companies/queries';
import type { Ctx } from '@/lib/domain/context';
import { DomainError } from '@/lib/domain/errors';
import { csvRecordsOfBytes } from '@/lib/domain/import-csv';
import { runImport, type BatchCounts, type FieldProblem, type ImportRecord, type Importer, type LineOutcome } from '@/lib/domain/imports';
import { withTransaction } from '@/lib/domain/transaction';
import { z } from 'zod';
import { newId } from '@/lib/ids';
import { openSecret, sealSecret } from '@/lib/secrets';
import { tenantToday } from './checks';
import {
  CdlNumber, EMPLOYEE_COLUMNS, EmployeeBirthDate, EmployeePhone, ExternalIdInput, MAX_EMPLOYEE_IMPORT_BYTES, StateCode, type EmployeeImportReport,
} from './schemas';

/** One valid line of the file. */
interface EmployeeLine {
  externalId: string;
  companyId: string;
  locationId: string | null;
  firstName: string;
  middleName: string | null;
  lastName: string;
  birthDate: string | null;
  email: string | null;
  phone: string | null;
  agencyId: string | null;
  jobCategoryId: string | null;
  cdlNumber: string | null;
  cdlState: string | null;
  status: 'active' | 'inactive';
}

type Existing = typeof employees.$inferSelect;
type Outcome = Exclude<LineOutcome, 'rejected'>;

/** What the principal may name, read once per import: its companies, their locations, the agencies and their job categories. */
async function references(ctx: Ctx, db: Db) {
  const owned = await db.select({ id: companies.id }).from(companies).where(manageableCompany(ctx));
  const companyIds = new Set(owned.map((c) => c.id));
  const located = await db.select({ id: locations.id, companyId: locations.companyId }).from(locations).where(eq(locations.tenantId, ctx.tenantId));
  const locationCompany = new Map(located.filter((l) => companyIds.has(l.companyId)).map((l) => [l.id, l.companyId]));
  const agencyRows = await db.select({ id: agencies.id, code: agencies.code }).from(agencies);
  const agencyByRef = new Map<string, { id: string; code: string }>();
  for (const a of agencyRows) {
    agencyByRef.set(a.id, a);
    agencyByRef.set(a.code.toLowerCase(), a);
  }
  const categoryRows = await db.select({ id: jobCategories.id, agencyId: jobCategories.agencyId, code: jobCategories.code }).from(jobCategories);
  const categoryByRef = new Map<string, string>();
  for (const c of categoryRows) {
    categoryByRef.set(`${c.agencyId}\t${c.id}`, c.id);
    categoryByRef.set(`${c.agencyId}\t${c.code.toLowerCase()}`, c.id);
  }
  return { companyIds, locationCompany, agencyByRef, categoryByRef };
}

const Email = z.email().max(254);
const Name = z.string().max(100);

/** A line's fields checked one column at a time, each problem at its column. */
function validateLine(fields: Readonly<Record<string, string>>, refs: Awaited<ReturnType<typeof references>>): { row: EmployeeLine } | { problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const problem = (column: string, message: string) => void problems.push({ column, message });
  const value = (column: (typeof EMPLOYEE_COLUMNS)[number]) => fields[column] ?? '';
  /** The field through `schema`, '' as null; a problem names the column and says why. */
  const parsed = <T>(column: (typeof EMPLOYEE_COLUMNS)[number], schema: z.ZodType<T>, required = false): T | null => {
    const raw = value(column);
    if (raw === '') {
      if (required) problem(column, `${column} is required.`);
      return null;
    }
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    problem(column, `${column} "${raw}" ${result.error.issues[0]?.message ?? 'is not valid'}.`.replace(/\.\.$/, '.'));
    return null;
  };

  const externalId = parsed('externalId', ExternalIdInput, true);
  const companyId = value('companyId');
  if (!companyId) problem('companyId', 'companyId is required.');
  else if (!refs.companyIds.has(companyId)) problem('companyId', `companyId "${companyId}" is not a company of yours.`);
  const locationId = value('locationId') || null;
  if (locationId && companyId && refs.companyIds.has(companyId) && refs.locationCompany.get(locationId) !== companyId)
    problem('locationId', `locationId "${locationId}" is not one of the company's locations.`);
  const firstName = parsed('firstName', Name.min(1), true);
  const middleName = parsed('middleName', Name);
  const lastName = parsed('lastName', Name.min(1), true);
  const birthDate = parsed('birthDate', EmployeeBirthDate);
  const email = parsed('email', Email);
  const phone = parsed('phone', EmployeePhone);

  let agencyId: string | null = null;
  let jobCategoryId: string | null = null;
  const agencyRef = value('agency');
  const categoryRef = value('jobCategory');
  if (agencyRef) {
    const agency = refs.agencyByRef.get(agencyRef) ?? refs.agencyByRef.get(agencyRef.toLowerCase());
    if (!agency) problem('agency', `agency "${agencyRef}" is not an agency's code (FMCSA, FAA, FRA, FTA, PHMSA, USCG) or id.`);
    else {
      agencyId = agency.id;
      if (categoryRef) {
        jobCategoryId = refs.categoryByRef.get(`${agency.id}\t${categoryRef}`) ?? refs.categoryByRef.get(`${agency.id}\t${categoryRef.toLowerCase()}`) ?? null;
        if (!jobCategoryId) problem('jobCategory', `jobCategory "${categoryRef}" is not one that ${agency.code} publishes (its code or id).`);
      }
    }
  } else if (categoryRef) problem('jobCategory', 'jobCategory needs an agency.');

  const cdlNumber = parsed('cdlNumber', CdlNumber);
  const cdlState = parsed('cdlState', StateCode);
  if (value('cdlNumber') && !value('cdlState')) problem('cdlState', 'cdlState is required with a cdlNumber.');
  if (!value('cdlNumber') && value('cdlState')) problem('cdlNumber', 'cdlNumber is required with a cdlState.');

  const statusText = value('status').toLowerCase();
  if (statusText !== '' && statusText !== 'active' && statusText !== 'inactive') problem('status', `status "${value('status')}" is neither active nor inactive.`);

  if (problems.length) return { problems };
  return {
    row: {
      externalId: externalId!, companyId, locationId, firstName: firstName!, middleName, lastName: lastName!, birthDate, email, phone, agencyId, jobCategoryId,
      cdlNumber, cdlState, status: statusText === 'inactive' ? 'inactive' : 'active',
    },
  };
}

const keyOf = (row: { companyId: string; externalId: string }) => `${row.companyId}\t${row.externalId}`;

/** The columns an existing employee would get from its line, or null when they are what it has. */
function changesOf(line: EmployeeLine, before: Existing, today: string) {
  const activeTo = line.status === 'active' ? null : before.status === 'inactive' ? before.activeTo : today;
  const sameCdl =
    line.cdlNumber === null ? before.cdlNumberEncrypted === null : before.cdlNumberEncrypted !== null && openSecret(before.cdlNumberEncrypted) === line.cdlNumber;
  const next = {
    locationId: line.locationId, firstName: line.firstName, middleName: line.middleName, lastName: line.lastName, birthDate: line.birthDate, email: line.email,
    phone: line.phone, agencyId: line.agencyId, jobCategoryId: line.jobCategoryId, cdlState: line.cdlState, status: line.status, activeTo,
  };
  const same = sameCdl && (Object.keys(next) as Array<keyof typeof next>).every((k) => next[k] === before[k]);
  if (same) return null;
  return {
    ...next,
    cdlNumberEncrypted: sameCdl ? before.cdlNumberEncrypted : line.cdlNumber && sealSecret(line.cdlNumber),
    cdlLast4: line.cdlNumber?.slice(-4) ?? null,
  };
}

/**
 * Runs the import in the caller's transaction (a savepoint of it: `runImport`), reporting by line
 * and column. The counts are what the file does, or in a dry run or a file with wrong lines would
 * do once they are fixed.
 */
export async function importEmployees({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { records: AsyncIterable<ImportRecord>; dryRun: boolean; deactivateMissing: boolean };
}): Promise<{ report: EmployeeImportReport; fileError?: { line: number; message: string } }> {
  return withTransaction(ctx, async (tx) => {
    const today = await tenantToday(tx);
    const counts = { inserted: 0, updated: 0, unchanged: 0, deactivated: 0 };
    const named = new Set<string>();

    const result = await runImport<EmployeeLine>(tx.db, input.records, {
        dryRun: input.dryRun,
        onLine: (l) => {
          if (l.outcome !== 'rejected') counts[l.outcome]++;
        },
      }, async (db) => {
      const refs = await references(ctx, db);
      // One lookup per company of the batch (a file names one or a few): an equality and a list, no
      // join for the planner to get wrong while the table fills (stale estimates chose a nested loop
      // over a scan per line: a 50,000-line file took 10 minutes instead of one).
      const existing = async (rows: readonly EmployeeLine[]) => {
        const byCompany = new Map<string, string[]>();
        for (const r of rows) byCompany.set(r.companyId, [...(byCompany.get(r.companyId) ?? []), r.externalId]);
        const found: Existing[] = [];
        for (const [companyId, externalIds] of byCompany)
          found.push(
            ...(await db
              .select()
              .from(employees)
              .where(and(eq(employees.tenantId, ctx.tenantId), eq(employees.companyId, companyId), inArray(employees.externalId, externalIds)))),
          );
        return new Map(found.map((e) => [keyOf(e), e]));
      };
      const plan = async (rows: readonly EmployeeLine[]) => {
        const before = await existing(rows);
        return rows.map((line) => {
          const found = before.get(keyOf(line));
          if (!found) return { outcome: 'inserted' as const, line };
          const changes = changesOf(line, found, today);
          return changes ? { outcome: 'updated' as const, line, id: found.id, changes } : { outcome: 'unchanged' as const, line };
        });
      };
      const importer: Importer<EmployeeLine> = {
        columns: EMPLOYEE_COLUMNS,
        // Every column: an empty field clears a member, so a file without a column must not read as one that clears it.
        required: EMPLOYEE_COLUMNS,
        namesColumns: true,
        keyOf,
        validate(fields) {
          const checked = validateLine(fields, refs);
          if ('row' in checked) named.add(checked.row.companyId);
          return checked;
        },
        async classify(rows) {
          return (await plan(rows)).map((p) => p.outcome);
        },
        async write(rows): Promise<BatchCounts> {
          const planned = await plan(rows);
          const inserts = planned.filter((p) => p.outcome === 'inserted').map(({ line }) => ({
            id: newId(), tenantId: ctx.tenantId, companyId: line.companyId, locationId: line.locationId, externalId: line.externalId, firstName: line.firstName,
            middleName: line.middleName, lastName: line.lastName, birthDate: line.birthDate, email: line.email, phone: line.phone, agencyId: line.agencyId,
            jobCategoryId: line.jobCategoryId, cdlNumberEncrypted: line.cdlNumber && sealSecret(line.cdlNumber), cdlLast4: line.cdlNumber?.slice(-4) ?? null,
            cdlState: line.cdlState, status: line.status, activeFrom: today, activeTo: line.status === 'inactive' ? today : null,
          }));
          if (inserts.length) await db.insert(employees).values(inserts);
          const updates = planned.flatMap((p) =>
            p.outcome === 'updated'
              ? [{ id: p.id, location_id: p.changes.locationId, first_name: p.changes.firstName, middle_name: p.changes.middleName, last_name: p.changes.lastName,
                  birth_date: p.changes.birthDate, email: p.changes.email, phone: p.changes.phone, agency_id: p.changes.agencyId, job_category_id: p.changes.jobCategoryId,
                  cdl_number_encrypted: p.changes.cdlNumberEncrypted, cdl_last4: p.changes.cdlLast4, cdl_state: p.changes.cdlState, status: p.changes.status,
                  active_to: p.changes.activeTo }]
              : [],
          );
          if (updates.length)
            await db.execute(sql`update employees as e set location_id = r.location_id, first_name = r.first_name, middle_name = r.middle_name,
                last_name = r.last_name, birth_date = r.birth_date::date, email = r.email, phone = r.phone, agency_id = r.agency_id,
                job_category_id = r.job_category_id, cdl_number_encrypted = r.cdl_number_encrypted, cdl_last4 = r.cdl_last4, cdl_state = r.cdl_state,
                status = r.status, active_to = r.active_to::date, updated_at = now()
              from json_to_recordset(${JSON.stringify(updates)}::json) as r(id text, location_id text, first_name text, middle_name text, last_name text,
                birth_date text, email text, phone text, agency_id text, job_category_id text, cdl_number_encrypted text, cdl_last4 text, cdl_state text,
                status text, active_to text)
              where e.id = r.id`);
          const outcomes = planned.map((p) => p.outcome);
          return {
            inserted: inserts.length,
            updated: updates.length,
            unchanged: outcomes.filter((o) => o === 'unchanged').length,
            outcomes: outcomes as Outcome[],
          };
        },
        async finish(writing) {
          if (!input.deactivateMissing || !named.size) return;
          // The keys of the file's lines are in runImport's temporary table import_keys (keyOf: company, tab, externalId).
          const missing = and(
            eq(employees.tenantId, ctx.tenantId),
            inArray(employees.companyId, [...named]),
            eq(employees.status, 'active'),
            sql`not exists (select 1 from import_keys k where k.external_id = ${employees.companyId} || chr(9) || ${employees.externalId})`,
          );
          if (!writing) {
            const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${employees} where ${missing}`));
            counts.deactivated = Number(n);
            return;
          }
          const gone = await db.update(employees).set({ status: 'inactive', activeTo: today, updatedAt: new Date() }).where(missing).returning({ id: employees.id });
          counts.deactivated = gone.length;
          for (const { id } of gone) await auditChange({ ...ctx, db }, { action: 'employee.deactivated', subject: { type: 'employee', id }, data: { changed: ['status', 'activeTo'], by: 'import' } });
        },
      };
      return importer;
    });

    const applied = !input.dryRun && result.accepted;
    const report: EmployeeImportReport = {
      object: 'employeeImport',
      dryRun: input.dryRun,
      applied,
      ...counts,
      errors: result.report.errors.map((e) => ({ line: e.line, column: e.column ?? null, message: e.message })),
      errorsNotListed: result.report.errorsNotListed ?? 0,
    };
    if (applied)
      await auditChange(tx, {
        action: 'employees.imported',
        subject: { type: 'tenant', id: ctx.tenantId },
        data: { inserted: counts.inserted, updated: counts.updated, unchanged: counts.unchanged, deactivated: counts.deactivated, companyIds: [...named] },
      });
    return { report, ...(result.fileError ? { fileError: result.fileError } : {}) };
  });
}

/** The API's import of an uploaded file: a file that cannot be read at all is 400 `invalidValue` with `meta.line`, as the clinic import's. */
export async function importEmployeeFile({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { file: Uint8Array; dryRun: boolean; deactivateMissing: boolean };
}): Promise<EmployeeImportReport> {
  if (input.file.byteLength === 0) throw new DomainError('required', 'The request body (the CSV file) is empty; its first line is the header.');
  if (input.file.byteLength > MAX_EMPLOYEE_IMPORT_BYTES)
    throw new DomainError('tooBig', `A roster file is at most ${MAX_EMPLOYEE_IMPORT_BYTES} bytes (10 MiB); import a larger one with the CLI or in parts.`);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(input.file);
  } catch {
    throw new DomainError('invalidValue', 'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.');
  }
  const { report, fileError } = await importEmployees({
    ctx,
    input: { records: csvRecordsOfBytes(input.file), dryRun: input.dryRun, deactivateMissing: input.deactivateMissing },
  });
  if (fileError) throw new DomainError('invalidValue', `Line ${fileError.line}: ${fileError.message}`, { meta: { line: fileError.line } });
  return report;
}

/** A CSV field, quoted when it must be (RFC 4180). */
const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The template: every column and one example line, naming one of the principal's companies and its first location. */
export async function employeeImportTemplate(ctx: Ctx): Promise<string> {
  const [company] = await ctx.db.select({ id: companies.id }).from(companies).where(manageableCompany(ctx)).orderBy(companies.name).limit(1);
  const [location] = company
    ? await ctx.db.select({ id: locations.id }).from(locations).where(eq(locations.companyId, company.id)).orderBy(locations.name).limit(1)
    : [];
  const example: Record<(typeof EMPLOYEE_COLUMNS)[number], string> = {
    externalId: 'E-1001',
    companyId: company?.id ?? '',
    locationId: location?.id ?? '',
    firstName: 'Dana',
    middleName: '',
    lastName: 'Whitfield',
    birthDate: '1984-02-29',
    email: 'dana.whitfield@example.com',
    phone: '+12145550142',
    agency: 'FMCSA',
    jobCategory: '',
    cdlNumber: 'D1234567',
    cdlState: 'TX',
    status: 'active',
  };
  return `${EMPLOYEE_COLUMNS.join(',')}\r\n${EMPLOYEE_COLUMNS.map((c) => csvField(example[c])).join(',')}\r\n`;
}
