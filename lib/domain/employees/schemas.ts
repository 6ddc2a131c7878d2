/**
 * Request schemas of the roster (DESIGN.md 7.1): the employee writes, the list's query and the
 * roster import's query and report. Pure (zod and libphonenumber-js): the browser's forms import it.
 */
import { isValidPhoneNumber } from 'libphonenumber-js';
import { z } from 'zod';
import { E164, Reference } from '@/lib/domain/contract/inputs';
import { EMPLOYEE_STATUSES } from '@/lib/domain/contract/roster';
import { PageQuery, TextFilter } from '@/lib/domain/pagination';

export { EMPLOYEE_STATUSES };

/** A phone its country's numbering plan has: the same rule as an order's participant, whose phone an employee's fills. */
export const EmployeePhone = E164.pipe(
  z.string().refine((value) => isValidPhoneNumber(value), {
    message: "phone is not a phone number in its country's numbering plan: check the country code and the digits, such as +12145550123.",
    params: { code: 'invalidValue' },
  }),
);

/** A real calendar date, not in the future (as an order's participant's). */
export const EmployeeBirthDate = z.iso.date().refine((value) => value <= new Date().toISOString().slice(0, 10), {
  message: 'birthDate must not be in the future',
  params: { code: 'invalidValue' },
});

const PersonName = z.string().trim().min(1).max(100);
export const ExternalIdInput = z.string().trim().min(1).max(100).regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters');
/** A two-letter US state code, upper-cased. */
export const StateCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter state code such as TX')
  .transform((s) => s.toUpperCase());
/** A CDL number as the state prints it: letters, digits, and the odd dash or space, 4 to 25 characters. */
export const CdlNumber = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,23}[A-Za-z0-9]$/, 'must be 4 to 25 letters and digits (dashes and spaces inside)')
  .transform((s) => s.toUpperCase());

export const CdlInput = z.strictObject({ number: CdlNumber, state: StateCode });
export const DotInput = z.strictObject({
  agency: Reference,
  /** One the agency publishes; null or omitted: none. */
  jobCategory: Reference.nullish(),
});

const employeeMembers = {
  externalId: ExternalIdInput,
  location: Reference.nullish(),
  firstName: PersonName,
  middleName: z.string().trim().max(100).nullish(),
  lastName: PersonName,
  birthDate: EmployeeBirthDate.nullish(),
  email: z.email().max(254).nullish(),
  phone: EmployeePhone.nullish(),
  cdl: CdlInput.nullish(),
  dot: DotInput.nullish(),
};

/** `POST /api/v2/employees`. `activeFrom` defaults to today on the tenant's clock. */
export const CreateEmployeeBody = z
  .strictObject({ company: Reference, ...employeeMembers, activeFrom: z.iso.date().optional() })
  .meta({ id: 'CreateEmployeeRequest' });
export type CreateEmployeeBody = z.output<typeof CreateEmployeeBody>;

/**
 * `PATCH /api/v2/employees/{id}`: the members sent change. `status: inactive` sets `activeTo` (the
 * date given, or today); `status: active` clears it. An employee stays with its company.
 */
export const UpdateEmployeeBody = z
  .strictObject({
    ...employeeMembers,
    externalId: ExternalIdInput.optional(),
    firstName: PersonName.optional(),
    lastName: PersonName.optional(),
    status: z.enum(EMPLOYEE_STATUSES).optional(),
    activeFrom: z.iso.date().optional(),
    activeTo: z.iso.date().optional(),
  })
  .meta({ id: 'UpdateEmployeeRequest' });
export type UpdateEmployeeBody = z.output<typeof UpdateEmployeeBody>;

const Id = z.string().min(1).max(255);

/** `GET /api/v2/employees`: ordered by last name, first name, id. */
export const ListEmployeesQuery = PageQuery.extend({
  search: TextFilter.optional().describe(
    'A name (every word in the first, middle or last name or the externalId, ignoring case), `Last, First` (the last name and the first name starting so), or an externalId.',
  ),
  companyId: Id.optional(),
  locationId: Id.optional(),
  agencyId: Id.optional().describe('Employees covered by this agency.'),
  status: z.enum(EMPLOYEE_STATUSES).optional().describe('`active` or `inactive`; omitted, both.'),
});
export type ListEmployeesQuery = z.output<typeof ListEmployeesQuery>;

// -- The roster import (DESIGN.md 7.1) --

/** The largest file the API takes (413 `tooBig` above); the CLI streams files of any size. */
export const MAX_EMPLOYEE_IMPORT_BYTES = 10 * 1024 * 1024;
export const EMPLOYEE_IMPORT_CONTENT_TYPES = ['text/csv'] as const;

/** The columns of a roster file, in the documented order. */
export const EMPLOYEE_COLUMNS = [
  'externalId', 'companyId', 'locationId', 'firstName', 'middleName', 'lastName', 'birthDate', 'email', 'phone', 'agency', 'jobCategory',
  'cdlNumber', 'cdlState', 'status',
] as const;
export const REQUIRED_EMPLOYEE_COLUMNS = ['externalId', 'companyId', 'firstName', 'lastName'] as const;

const flag = (description: string) =>
  z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .meta({ description });

export const EmployeeImportQuery = z.strictObject({
  dryRun: flag('`true`: check the file and report what it would do, writing nothing; `false`: apply it (only when no line is wrong).'),
  deactivateMissing: flag('`true`: the active employees of the companies the file names that it does not list become inactive (activeTo today). Default `false`.').optional(),
});
export type EmployeeImportQuery = z.output<typeof EmployeeImportQuery>;

export const EmployeeImportError = z.object({
  line: z.number().int().meta({ description: 'The line of the file (the header is line 1).' }),
  column: z.string().nullable().meta({ description: 'The column at fault; null for a problem of the whole line.' }),
  message: z.string(),
});
export type EmployeeImportError = z.output<typeof EmployeeImportError>;

export const EmployeeImportReport = z
  .object({
    object: z.literal('employeeImport'),
    dryRun: z.boolean(),
    applied: z.boolean().meta({ description: 'The file was written: not a dry run, and no line wrong. Otherwise nothing was written.' }),
    inserted: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    deactivated: z.number().int().meta({ description: 'Active employees of the named companies absent from the file made inactive (`deactivateMissing=true`).' }),
    errors: z.array(EmployeeImportError).meta({ description: 'What is wrong, by line and column, in file order (the first 1000).' }),
    errorsNotListed: z.number().int().meta({ description: 'How many errors `errors` leaves out.' }),
  })
  .meta({ id: 'EmployeeImportReport' });
export type EmployeeImportReport = z.output<typeof EmployeeImportReport>;
