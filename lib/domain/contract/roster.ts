/**
 * The roster's representations (DESIGN.md 7.1): the Employee and its reference, as zod schemas with
 * same-name types, like representation.ts (the serializers return them, the OpenAPI document is
 * built from them, the API tests validate responses against them).
 */
import { z } from 'zod';
import { AgencyRef, CompanyRef, JobCategoryRef, LocationRef } from './representation';

export { EmployeeRef, employeeRef } from './representation';

const DateTime = z.iso.datetime().describe('ISO 8601 date-time with milliseconds, UTC (`Z`).');
const Day = z.iso.date();

export const EMPLOYEE_STATUSES = ['active', 'inactive'] as const;

export const Employee = z
  .object({
    id: z.string(),
    object: z.literal('employee'),
    url: z.string(),
    externalId: z.string().describe("The employer's own id of the person, unique per company."),
    company: CompanyRef,
    location: LocationRef.nullable(),
    firstName: z.string(),
    middleName: z.string().nullable(),
    lastName: z.string(),
    birthDate: Day.nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    cdl: z
      .object({
        number: z.string().describe('The CDL number in full only for a principal with `order.participant.read`; otherwise masked but its last 4 characters (`•••• 1234`).'),
        state: z.string().nullable().describe('The issuing state (two letters).'),
      })
      .nullable()
      .describe("The commercial driver's licence, or null."),
    dot: z
      .object({ agency: AgencyRef, jobCategory: JobCategoryRef.nullable() })
      .nullable()
      .describe('DOT coverage: the agency whose rules test this person, and the job category; null for a non-DOT employee.'),
    status: z.enum(EMPLOYEE_STATUSES),
    activeFrom: Day,
    activeTo: Day.nullable().describe('The last day of coverage; null while active.'),
    clearinghouse: z
      .object({
        lastLimitedQueryOn: Day.nullable(),
        lastFullQueryOn: Day.nullable(),
        limitedConsentUntil: Day.nullable(),
        status: z.string().describe('What the FMCSA Clearinghouse last said of the driver (open list; `unknown` until a query is recorded).'),
      })
      .describe('FMCSA Clearinghouse queries and status (DESIGN.md 7.5); read-only here.'),
    createdAt: DateTime,
    updatedAt: DateTime,
  })
  .meta({ id: 'Employee' });
export type Employee = z.output<typeof Employee>;
