/**
 * `catalog import` and `clinics import` (DESIGN.md 6.4): a CSV file streamed into a tenant's service
 * catalog or clinic network, upserted by externalId. The work is in lib/domain (imports.ts,
 * services/import-services.ts, clinics/import-clinics.ts); here are the options and the file.
 *
 * Registered in COMMANDS (commands.ts), which imports this module: it takes only types and
 * UsageError (used when a command runs, not while the modules load) from there.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Database, Db } from '@/lib/db/client';
import type { ImportOptions, ImportRecord, ImportReport, ImportResult } from '@/lib/domain/imports';
import { cliCtxOf, UsageError, type Command, type OptionSpec, type RawArgs } from './commands';

interface ImportInput extends ImportOptions {
  tenant: string;
  file: string;
}

const options = (what: string): Record<string, OptionSpec> => ({
  tenant: { type: 'string', value: '<slug>', description: 'tenant slug, e.g. acme', required: true },
  file: { type: 'string', value: '<file.csv>', description: `CSV file of ${what}, header first (UTF-8)`, required: true, path: true },
  'dry-run': { type: 'boolean', description: 'check every line and report what would change; write nothing' },
  'skip-invalid': { type: 'boolean', description: 'write the valid lines even when some are wrong (default: any wrong line writes nothing)' },
});

function flag(args: RawArgs, name: string): boolean {
  const value = args[name];
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new UsageError(`--${name} takes no value.`);
}

function parseImport(args: RawArgs): ImportInput {
  const tenant = args.tenant?.trim();
  if (!tenant) throw new UsageError('--tenant <slug> is required.');
  const file = args.file?.trim();
  if (!file) throw new UsageError('--file <file.csv> is required.');
  // Resolved where the command is parsed: the CLI sends the server an absolute path (cli.ts).
  const absolute = path.resolve(file);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(absolute);
  } catch (error) {
    throw new UsageError(`Cannot read --file ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}.`);
  }
  if (!stat.isFile()) throw new UsageError(`--file ${file} is not a file.`);
  return { tenant, file: absolute, dryRun: flag(args, 'dry-run'), skipInvalid: flag(args, 'skip-invalid') };
}

type Importer = (db: Db, tenantId: string, records: AsyncIterable<ImportRecord>, options: ImportOptions) => Promise<ImportResult>;

async function runImportCommand({ db }: Database, input: ImportInput, load: () => Promise<Importer>) {
  const [{ tenantBySlug }, { csvRecords }, importer] = await Promise.all([import('@/lib/domain/tenants'), import('./csv'), load()]);
  const tenant = await tenantBySlug(db, input.tenant);
  return (await importer(db, tenant.id, csvRecords(input.file), input)).report;
}

/**
 * Exit code 2 (bad input) when wrong lines or a wrong file wrote nothing: any error without
 * --skip-invalid; with it, errors and no line written or unchanged (a broken file rolls back too).
 * Read from the report alone, since a report that came over the admin channel is plain JSON.
 */
function exitCode(result: unknown, input: ImportInput): number {
  const report = result as ImportReport;
  if (!report.errors.length) return 0;
  return !input.skipInvalid || report.inserted + report.updated + report.unchanged === 0 ? 2 : 0;
}

const REPORT =
  'The file streams: memory does not grow with it. One transaction: a line that is wrong writes nothing (exit code 2) unless --skip-invalid.\n' +
  'Prints one JSON object { "inserted", "updated", "unchanged", "errors": [{ "line", "message" }] } (line 1 is the header); an unchanged line is not written.';

interface RosterInput {
  tenant: string;
  file: string;
  dryRun: boolean;
  deactivateMissing: boolean;
}

const rosterOptions: Record<string, OptionSpec> = {
  tenant: options('employees').tenant,
  file: options('employees').file,
  'dry-run': options('employees')['dry-run'],
  'deactivate-missing': { type: 'boolean', description: 'the active employees of the companies the file names that it does not list become inactive' },
};

function parseRoster(args: RawArgs): RosterInput {
  const { tenant, file, dryRun } = parseImport({ ...args, 'skip-invalid': undefined });
  return { tenant, file, dryRun: dryRun ?? false, deactivateMissing: flag(args, 'deactivate-missing') };
}

/**
 * `employees import` (DESIGN.md 7.1): the roster import of the API (lib/domain/employees/import-employees.ts)
 * over a streamed file, as the operator (every company of the tenant). Its report is the API's.
 */
const ROSTER_COMMAND: Command<RosterInput> = {
  name: 'employees import',
  summary: "Add, update (and with --deactivate-missing deactivate) employees of a tenant's roster from a CSV file, by company and externalId.",
  details: [
    'Columns (the header names every one, in any order): externalId,companyId,locationId,firstName,middleName,lastName,birthDate,email,phone,agency,jobCategory,cdlNumber,cdlState,status.',
    "companyId and locationId are ids; agency an agency's code (FMCSA, FAA, FRA, FTA, PHMSA, USCG) or id, jobCategory one of its job categories by code (cdlDriver) or id;",
    'both empty for a non-DOT employee. cdlNumber and cdlState together. status: active (or empty) or inactive. An empty field clears the member.',
    'The file streams: memory does not grow with it. One transaction: a line that is wrong writes nothing (exit code 2).',
    'Prints the API\'s report { "object": "employeeImport", "dryRun", "applied", "inserted", "updated", "unchanged", "deactivated", "errors": [{ "line", "column", "message" }], "errorsNotListed" }.',
  ].join('\n'),
  options: rosterOptions,
  parse: parseRoster,
  run: async ({ db }, input) => {
    const [{ ctx }, { csvRecords }, { importEmployees }] = await Promise.all([cliCtxOf(db, input.tenant), import('./csv'), import('@/lib/domain/employees/import-employees')]);
    const { report, fileError } = await importEmployees({ ctx, input: { records: csvRecords(input.file), dryRun: input.dryRun, deactivateMissing: input.deactivateMissing } });
    // A file that cannot be read is one more error of the report (its line, no column), as the other imports print it.
    return fileError && !report.errors.some((e) => e.line === fileError.line && e.message === fileError.message)
      ? { ...report, errors: [...report.errors, { line: fileError.line, column: null, message: fileError.message }] }
      : report;
  },
  exitCode: (result) => ((result as { errors: unknown[] }).errors.length ? 2 : 0),
};

const FILE_IMPORT_COMMANDS: readonly Command<ImportInput>[] = [
  {
    name: 'catalog import',
    summary: "Add or update services of a tenant's catalog from a CSV file, by externalId.",
    details: [
      'Columns: externalId,name,type,category,specimenType,isDot (externalId, name and type required).',
      'type: a service type of the API (labBasedToxicology, breathAlcoholTest...; a wrong one is answered with the list). isDot: true or false (empty: false).',
      "The standard catalog's services (tenant create) have externalIds dotUrine, nonDotUrine...: a line with one of them updates it.",
      REPORT,
    ].join('\n'),
    options: options('services'),
    parse: parseImport,
    run: (database, input) => runImportCommand(database, input, async () => (await import('@/lib/domain/services/import-services')).importServices),
    exitCode,
  },
  {
    name: 'clinics import',
    summary: "Add or update clinics of a tenant's clinic network from a CSV file, by externalId.",
    details: [
      'Columns: externalId,name,phone,line1,line2,city,state,postalCode,country,lat,long,isActive,services,timeZone,hours,capabilities (externalId and name required; hours such as mon-fri 08:00-17:00;sat 09:00-13:00, see README).',
      'Position: lat and long, or when both are empty the position of the US ZIP code postalCode (offline). country: US or empty. isActive: true or false (empty: true).',
      'services: serviceId:price;serviceId:price, the price in US dollars (55 or 55.00). serviceId is the id of one of the',
      "tenant's services or, when no service has that id, a service's externalId (the standard catalog's: dotUrine, nonDotUrine...).",
      'The list replaces the services the clinic offers.',
      REPORT,
    ].join('\n'),
    options: options('clinics'),
    parse: parseImport,
    run: (database, input) => runImportCommand(database, input, async () => (await import('@/lib/domain/clinics/import-clinics')).importClinics),
    exitCode,
  },
];

export const IMPORT_COMMANDS: readonly Command<unknown>[] = [...(FILE_IMPORT_COMMANDS as readonly Command<unknown>[]), ROSTER_COMMAND as Command<unknown>];
