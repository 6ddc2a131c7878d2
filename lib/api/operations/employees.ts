/** The roster (DESIGN.md 7.1): employees, the roster import, an employee's history. */
import {
  CreateEmployeeBody, EMPLOYEE_COLUMNS, EMPLOYEE_IMPORT_CONTENT_TYPES, EmployeeImportQuery, EmployeeImportReport, ListEmployeesQuery, MAX_EMPLOYEE_IMPORT_BYTES,
  UpdateEmployeeBody,
} from '@/lib/domain/employees/schemas';
import * as R from '../representations';
import { ok, type OperationSpec } from './spec';

const MASKING =
  'The CDL number is shown in full only to a principal with `order.participant.read`; otherwise masked but its last 4 (`•••• 1234`).';

export const employeesOperations = {
  listEmployees: {
    method: 'GET', path: '/api/v2/employees', scope: 'employee.list', tag: 'employees', summary: 'List employees',
    description:
      'The roster of the companies the principal is linked to, active and inactive, ordered by last name, first name and id. ' +
      '`search` takes a name, `Last, First` or an externalId. ' + MASKING,
    query: ListEmployeesQuery, responses: ok(R.pageOf(R.Employee, 'Employee')), errors: [400],
  },
  getEmployee: {
    method: 'GET', path: '/api/v2/employees/{id}', scope: 'employee.read', tag: 'employees', summary: 'Get an employee',
    description: 'An employee of a company the principal is linked to (404 otherwise). ' + MASKING,
    responses: ok(R.Employee), errors: [404],
  },
  createEmployee: {
    method: 'POST', path: '/api/v2/employees', scope: 'employee.write', tag: 'employees', summary: 'Add an employee to the roster',
    description:
      'Under a company the principal is linked to (404 at `/company/id` otherwise). `externalId` is unique in the company (409 `conflict` at `/externalId`). ' +
      '`location` must be one of the company\'s (400 `invalidValue` at `/location/id`); `dot.jobCategory` one that `dot.agency` publishes (400 at `/dot/jobCategory/id`); ' +
      '`dot` null or omitted: a non-DOT employee. `activeFrom` defaults to today (UTC) on the tenant\'s clock. The CDL number is encrypted at rest. ' + MASKING,
    body: CreateEmployeeBody, created: 'employee',
    responses: { 201: { description: 'Created', schema: R.Employee, headers: { Location: 'Path of the new employee.' } } },
    errors: [400, 404, 409, 413],
  },
  updateEmployee: {
    method: 'PATCH', path: '/api/v2/employees/{id}', scope: 'employee.write', tag: 'employees', summary: 'Change or deactivate an employee',
    description:
      'The members sent change, the others keep their values; an employee stays with its company. `status: "inactive"` deactivates: `activeTo` is the date sent or today ' +
      '(UTC, the tenant\'s clock); `status: "active"` clears `activeTo`. `activeTo` without a deactivation (of an active employee) is 400 `invalidValue`. Nothing is deleted.',
    body: UpdateEmployeeBody, responses: ok(R.Employee), errors: [400, 404, 409, 413],
  },
  importEmployees: {
    method: 'POST', path: '/api/v2/employees/imports', scope: 'employee.write', tag: 'employees', summary: 'Import a roster from a CSV file',
    description:
      `The body is the CSV file itself (\`text/csv\`, UTF-8, at most ${MAX_EMPLOYEE_IMPORT_BYTES} bytes: 413 \`tooBig\` above; the CLI's \`employees import\` takes any size). ` +
      `The header names every column, in any order: \`${EMPLOYEE_COLUMNS.join(',')}\` (see \`GET /api/v2/employees/imports/template\`). ` +
      '`companyId` is a company the principal is linked to and `locationId` one of its locations (ids); `agency` an agency\'s code (`FMCSA`) or id and `jobCategory` ' +
      'one of its job categories by code (`cdlDriver`) or id, both empty for a non-DOT employee; `cdlNumber` and `cdlState` together; `status` `active` (or empty) or `inactive`. ' +
      'A line adds an employee, or updates the company\'s employee with its `externalId` (an empty field clears the member). ' +
      '`deactivateMissing=true`: the active employees of the companies the file names that it does not list become inactive. ' +
      '`dryRun=true` reports what the file would do and writes nothing; `dryRun=false` applies it, all of it or, when any line is wrong, nothing (`applied: false`, the counts ' +
      'then say what it would do once the lines are fixed), with an audit entry. Each error names its line (the header is line 1) and column. ' +
      'A file that cannot be read at all (empty, not UTF-8, a wrong header, broken quoting) is 400 `invalidValue` with `meta.line`; `required` for an empty body.',
    query: EmployeeImportQuery, rawBody: { maxBytes: MAX_EMPLOYEE_IMPORT_BYTES, contentTypes: EMPLOYEE_IMPORT_CONTENT_TYPES },
    responses: ok(EmployeeImportReport), errors: [400, 413],
  },
  getEmployeeImportTemplate: {
    method: 'GET', path: '/api/v2/employees/imports/template', scope: 'employee.write', tag: 'employees', summary: 'Download the roster import template',
    description: 'A CSV file: the header with every column the import reads, and one example line naming one of the principal\'s companies and its first location.',
    responses: { 200: { description: 'The template.', files: ['text/csv'], headers: { 'Content-Disposition': 'attachment; filename="employees-template.csv"' } } },
    errors: [],
  },
} satisfies Record<string, OperationSpec>;
