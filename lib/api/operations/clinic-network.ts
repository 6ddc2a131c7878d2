/** The clinic network from the dashboard or an API client (issue 29; the CLI's `clinics import`, DESIGN.md 6.4). */
import { CLINIC_IMPORT_CONTENT_TYPES, ClinicImportQuery, ClinicImportReport, MAX_CLINIC_IMPORT_BYTES, MAX_REPORTED_LINES } from '@/lib/domain/clinics/import-schemas';
import { ok, type OperationSpec } from './spec';

export const clinicNetworkOperations = {
  importClinics: {
    method: 'POST', path: '/api/v2/clinics/imports', scope: 'clinic.write', tag: 'clinics', summary: 'Import clinics from a CSV file',
    description:
      `The body is the CSV file itself (\`text/csv\`, UTF-8, at most ${MAX_CLINIC_IMPORT_BYTES} bytes: 413 \`tooBig\` above), with the columns of \`GET /api/v2/clinics/imports/template\` ` +
      '(`externalId` and `name` required; `services` is `serviceId:price;serviceId:price`, a service\'s id or externalId and a price in US dollars). ' +
      'A clinic is added, or updated when the tenant has one with that `externalId`. `dryRun=true` checks the file and reports what each line would do, writing nothing; ' +
      '`dryRun=false` applies it, all of it or, when any line is rejected, nothing (`applied: false`), and writes an audit entry. ' +
      `The report lists the lines by number (up to ${MAX_REPORTED_LINES}, the rejected ones first beyond that), each \`inserted\`, \`updated\`, \`unchanged\` or \`rejected\` with its \`message\`. ` +
      'A file that cannot be read at all (empty, not UTF-8, a wrong header, broken quoting) is 400 `invalidValue` with `meta.line`; `required` for an empty body. ' +
      'The clinic network is the tenant\'s: a principal limited to some companies is 403 `insufficientScope`.',
    query: ClinicImportQuery, rawBody: { maxBytes: MAX_CLINIC_IMPORT_BYTES, contentTypes: CLINIC_IMPORT_CONTENT_TYPES },
    responses: ok(ClinicImportReport), errors: [400, 413],
  },
  getClinicImportTemplate: {
    method: 'GET', path: '/api/v2/clinics/imports/template', scope: 'clinic.write', tag: 'clinics', summary: 'Download the clinic import template',
    description: 'A CSV file: the header with every column the import reads, and one example line (its `services` names services of the tenant\'s catalog by externalId).',
    responses: { 200: { description: 'The template.', files: ['text/csv'], headers: { 'Content-Disposition': 'attachment; filename="clinics-template.csv"' } } },
    errors: [],
  },
} satisfies Record<string, OperationSpec>;
