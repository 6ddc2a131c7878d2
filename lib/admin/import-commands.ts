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
import { UsageError, type Command, type OptionSpec, type RawArgs } from './commands';

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

export const IMPORT_COMMANDS: readonly Command<ImportInput>[] = [
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
