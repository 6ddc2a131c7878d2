/**
 * Orders for the roster's employees (DESIGN.md 7.1): create-order's `employee: { id }` fills the
 * participant from the employee (names, birth date, e-mail, phone), members given in `participant`
 * overriding them for this order only; the order's DOT coverage defaults to the employee's, and a
 * driver's CDL becomes the participant identifier of an FMCSA order (the Clearinghouse reports by
 * CDL, never SSN) unless identifiers are given.
 */
import { and, eq } from 'drizzle-orm';
import { agencies, employees } from '@/lib/db/schema';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { openSecret } from '@/lib/secrets';
import { JOB_CATEGORY_AGENCIES, participantProblems, type CreateOrderBody, type ParticipantInput } from './schemas';

/** The body once the participant is whole: given, or filled from the employee. */
export type ResolvedOrderInput = Omit<CreateOrderBody, 'participant'> & { participant: ParticipantInput };

export interface OrderEmployee {
  id: string;
  agencyId: string | null;
  agencyCode: string | null;
  jobCategoryId: string | null;
  cdlNumber: string | null;
  cdlState: string | null;
}

/**
 * The employee of the order's company (404 at `/employee/id` otherwise, as for any id the principal
 * cannot see), active (422 `invalidState`), and the participant it fills. Without `employee`, the
 * body as it is (its schema required the participant).
 */
export async function resolveEmployee(ctx: Ctx, input: CreateOrderBody, companyId: string): Promise<{ input: ResolvedOrderInput; employee: OrderEmployee | null }> {
  if (!input.employee) return { input: input as ResolvedOrderInput, employee: null };
  if (!ctx.scopes.has('employee.read'))
    throw new DomainError('insufficientScope', 'An order for an employee reads the roster: it needs the employee.read scope.', { pointer: '/employee' });
  const [row] = await ctx.db
    .select({ employee: employees, agencyCode: agencies.code })
    .from(employees)
    .leftJoin(agencies, eq(agencies.id, employees.agencyId))
    .where(and(eq(employees.id, input.employee.id), eq(employees.tenantId, ctx.tenantId), eq(employees.companyId, companyId)));
  if (!row) throw notFound('Employee', '/employee/id');
  const e = row.employee;
  if (e.status !== 'active')
    throw new DomainError('invalidState', `The employee is inactive since ${e.activeTo}: reactivate them on the roster to order for them.`, { pointer: '/employee/id' });
  const given = input.participant ?? {};
  const participant: ParticipantInput = {
    ...given,
    firstName: given.firstName ?? e.firstName,
    lastName: given.lastName ?? e.lastName,
    middleName: given.middleName !== undefined ? given.middleName : e.middleName,
    birthDate: given.birthDate !== undefined ? given.birthDate : e.birthDate,
    email: given.email !== undefined ? given.email : e.email,
    phone: given.phone !== undefined ? given.phone : e.phone,
  };
  const [problem] = participantProblems(input, participant);
  if (problem) throw new DomainError(problem.code, `${problem.message} The employee has none on the roster: give it in participant.`, { pointer: `/${problem.path.join('/')}` });
  return {
    input: { ...input, participant },
    employee: {
      id: e.id,
      agencyId: e.agencyId,
      agencyCode: row.agencyCode,
      jobCategoryId: e.jobCategoryId,
      cdlNumber: e.cdlNumberEncrypted && openSecret(e.cdlNumberEncrypted),
      cdlState: e.cdlState,
    },
  };
}

/**
 * The order's agency and job category: as given, else the employee's when the package needs an
 * agency (a job category only under an agency that names them, and the employee's agency's own).
 */
export function withEmployeeCoverage(input: ResolvedOrderInput, employee: OrderEmployee | null, needsAgency: boolean): ResolvedOrderInput {
  if (!employee?.agencyId || !needsAgency || input.agency) return input;
  const names = (JOB_CATEGORY_AGENCIES as readonly (string | null)[]).includes(employee.agencyCode);
  return {
    ...input,
    agency: { id: employee.agencyId },
    ...(input.jobCategory === undefined && names && employee.jobCategoryId ? { jobCategory: { id: employee.jobCategoryId } } : {}),
  };
}

/** A driver's CDL as the identifier of an FMCSA order, when the order gives no identifiers. */
export function employeeIdentifiers(input: ResolvedOrderInput, employee: OrderEmployee | null, agencyCode: string | null): ParticipantInput['identifiers'] {
  if (input.participant.identifiers || !employee?.cdlNumber || agencyCode !== 'FMCSA') return input.participant.identifiers;
  return [{ type: 'driversLicense', value: employee.cdlNumber, issuingCountry: 'US', issuingState: employee.cdlState }];
}
