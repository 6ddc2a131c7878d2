/** The roster (DESIGN.md 7.1): employees, the roster import, an employee's history. */
import { CreateEmployeeBody, ListEmployeesQuery, UpdateEmployeeBody } from '@/lib/domain/employees/schemas';
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
} satisfies Record<string, OperationSpec>;
