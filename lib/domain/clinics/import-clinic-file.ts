/**
 * The clinic import of the API and the dashboard (`POST /api/v2/clinics/imports`, issue 29): the
 * CLI's importer (import-clinics.ts) over an uploaded CSV file, with a report by line. A dry run
 * writes nothing; an apply writes the whole file, or nothing when any line is wrong, and leaves one
 * audit entry. The template (`GET /api/v2/clinics/imports/template`) is built from the importer's
 * own columns and checked by its own validation.
 */
import { asc, desc, eq } from 'drizzle-orm';
import { services } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import { DomainError } from '@/lib/domain/errors';
import { csvRecordsOfBytes } from '@/lib/domain/import-csv';
import type { LineReport } from '@/lib/domain/imports';
import { withTransaction } from '@/lib/domain/transaction';
import { CLINIC_COLUMNS, importClinics } from './import-clinics';
import { MAX_CLINIC_IMPORT_BYTES, MAX_REPORTED_LINES, type ClinicImportReport } from './import-schemas';

/** The clinic network is the tenant's, shared by its companies: a company-limited principal cannot change it. */
function assertTenantWide(ctx: Ctx): void {
  if (!ctx.allCompanies)
    throw new DomainError('insufficientScope', 'Importing clinics needs a principal linked to every company of the tenant; this one is limited to some companies.');
}

/** The file as UTF-8 text, or the 400 that says why not. */
function assertReadable(file: Uint8Array): void {
  if (file.byteLength === 0) throw new DomainError('required', 'The request body (the CSV file) is empty; its first line is the header.');
  if (file.byteLength > MAX_CLINIC_IMPORT_BYTES) throw new DomainError('tooBig', `A clinic file is at most ${MAX_CLINIC_IMPORT_BYTES} bytes (5 MiB); import a larger one in parts.`);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw new DomainError('invalidValue', 'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.');
  }
}

/** Every line up to the limit; beyond it the rejected ones first, then the others, by line. */
function listed(lines: LineReport[]): LineReport[] {
  const byLine = (a: LineReport, b: LineReport) => a.line - b.line;
  if (lines.length <= MAX_REPORTED_LINES) return lines.sort(byLine);
  const rejected = lines.filter((l) => l.outcome === 'rejected').sort(byLine).slice(0, MAX_REPORTED_LINES);
  const others = lines.filter((l) => l.outcome !== 'rejected').sort(byLine).slice(0, MAX_REPORTED_LINES - rejected.length);
  return [...rejected, ...others].sort(byLine);
}

export async function importClinicFile({ ctx, input }: { ctx: Ctx; input: { file: Uint8Array; dryRun: boolean } }): Promise<ClinicImportReport> {
  assertTenantWide(ctx);
  assertReadable(input.file);
  return withTransaction(ctx, async (tx) => {
    const lines: LineReport[] = [];
    const result = await importClinics(tx.db, ctx.tenantId, csvRecordsOfBytes(input.file), { dryRun: input.dryRun, onLine: (l) => lines.push(l) });
    if (result.fileError) {
      const { line, message } = result.fileError;
      throw new DomainError('invalidValue', `Line ${line}: ${message}`, { meta: { line } });
    }
    const count = (outcome: LineReport['outcome']) => lines.filter((l) => l.outcome === outcome).length;
    const applied = !input.dryRun && result.accepted;
    const report: ClinicImportReport = {
      object: 'clinicImport',
      dryRun: input.dryRun,
      applied,
      inserted: count('inserted'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      rejected: count('rejected'),
      lines: listed(lines).map((l) => ({ line: l.line, outcome: l.outcome, externalId: l.externalId, ...(l.message !== undefined ? { message: l.message } : {}) })),
      linesNotListed: Math.max(0, lines.length - MAX_REPORTED_LINES),
    };
    if (applied)
      await auditChange(tx, {
        action: 'clinics.imported',
        subject: { type: 'tenant', id: ctx.tenantId },
        data: { inserted: report.inserted, updated: report.updated, unchanged: report.unchanged },
      });
    return report;
  });
}

/** One example value per column; the type makes a new column of the importer need one. */
type Example = Record<(typeof CLINIC_COLUMNS)[number], string>;

function exampleLine(serviceRefs: string[]): Example {
  return {
    externalId: 'clinic-0001',
    name: 'Downtown Occupational Health',
    phone: '+15125550100',
    line1: '100 Congress Ave',
    line2: 'Suite 200',
    city: 'Austin',
    state: 'TX',
    postalCode: '78701',
    country: 'US',
    // Empty: the position of the ZIP code.
    lat: '',
    long: '',
    isActive: 'true',
    services: serviceRefs.map((ref, i) => `${ref}:${[55, 42][i]}.00`).join(';'),
    // Empty: the zone of the state.
    timeZone: '',
    hours: 'mon-fri 08:00-17:00;sat 09:00-13:00',
    capabilities: 'walkIn;dotCollection',
  };
}

/** A CSV field, quoted when it must be (RFC 4180). */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The template: the importer's columns and one example line, whose `services` names up to two
 * services of the tenant's catalog by externalId (by id when a service has none).
 */
export async function clinicImportTemplate(ctx: Ctx): Promise<string> {
  const catalog = await ctx.db
    .select({ id: services.id, externalId: services.externalId })
    .from(services)
    .where(eq(services.tenantId, ctx.tenantId))
    .orderBy(desc(services.isDot), asc(services.name))
    .limit(2);
  const example = exampleLine(catalog.map((s) => s.externalId ?? s.id));
  return `${CLINIC_COLUMNS.join(',')}\r\n${CLINIC_COLUMNS.map((c) => csvField(example[c])).join(',')}\r\n`;
}
