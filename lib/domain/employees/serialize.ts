/** The Employee representation (DESIGN.md 7.1), declared with its schema in lib/domain/contract/roster.ts. */
import { agencies, companies, employees, jobCategories, locations } from '@/lib/db/schema';
import { agencyRef, API, companyRef, iso, jobCategoryRef, locationRef } from '@/lib/domain/contract/representation';
import type { Employee } from '@/lib/domain/contract/roster';
import { openSecret } from '@/lib/secrets';

export type { Employee };

export type EmployeeRow = {
  employee: typeof employees.$inferSelect;
  company: { id: string; name: string };
  location: { id: string; name: string } | null;
  agency: { id: string; code: string } | null;
  jobCategory: { id: string; name: string; agencyId: string } | null;
};

/** `•••• 1234`: the last 4 characters, as a receipt shows a card. */
export const maskedCdl = (last4: string) => `•••• ${last4}`;

/**
 * Row to representation. The CDL number in full only with `identifiers` (a principal holding
 * `order.participant.read`, DESIGN.md 7); otherwise masked but its last 4.
 */
export function serializeEmployee({ employee: e, company, location, agency, jobCategory }: EmployeeRow, options: { identifiers: boolean }): Employee {
  const cdl =
    e.cdlNumberEncrypted === null
      ? null
      : { number: options.identifiers ? openSecret(e.cdlNumberEncrypted) : maskedCdl(e.cdlLast4 ?? ''), state: e.cdlState };
  return {
    id: e.id,
    object: 'employee',
    url: `${API}/employees/${e.id}`,
    externalId: e.externalId,
    company: companyRef(company),
    location: location ? locationRef(location) : null,
    firstName: e.firstName,
    middleName: e.middleName,
    lastName: e.lastName,
    birthDate: e.birthDate,
    email: e.email,
    phone: e.phone,
    cdl,
    dot: agency ? { agency: agencyRef(agency), jobCategory: jobCategory ? jobCategoryRef(jobCategory) : null } : null,
    status: e.status as Employee['status'],
    activeFrom: e.activeFrom,
    activeTo: e.activeTo,
    clearinghouse: {
      lastLimitedQueryOn: e.lastLimitedQueryOn,
      lastFullQueryOn: e.lastFullQueryOn,
      limitedConsentUntil: e.limitedConsentUntil,
      status: e.clearinghouseStatus,
    },
    createdAt: iso(e.createdAt),
    updatedAt: iso(e.updatedAt),
  };
}

/** The columns serializeEmployee reads; `from employees` with employeeJoins. */
export const selection = {
  employee: employees,
  company: { id: companies.id, name: companies.name },
  location: { id: locations.id, name: locations.name },
  agency: { id: agencies.id, code: agencies.code },
  jobCategory: { id: jobCategories.id, name: jobCategories.name, agencyId: jobCategories.agencyId },
};
