/**
 * `POST /api/v2/employees` (DESIGN.md 7.1): under a company the principal manages, its externalId
 * unique in the company (409), a location of the company, an agency's own job category; one audit
 * entry, never with the CDL number.
 */
import { employees } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import { DomainError } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { assertCompanyLocation, assertCoverage, assertManageableCompany, cdlColumns, tenantToday } from './checks';
import { readEmployee } from './queries';
import type { CreateEmployeeBody } from './schemas';
import type { Employee } from './serialize';

export const externalIdTaken = (externalId: string) =>
  new DomainError('conflict', `The company already has an employee with externalId "${externalId}".`, { pointer: '/externalId' });

export async function createEmployee({ ctx, input }: { ctx: Ctx; input: CreateEmployeeBody }): Promise<{ employee: Employee; matched: null }> {
  return withTransaction(ctx, async (tx) => {
    const company = await assertManageableCompany(tx, input.company.id);
    if (input.location) await assertCompanyLocation(tx.db, company.id, input.location.id);
    const coverage = input.dot ? await assertCoverage(tx.db, input.dot) : { agencyId: null, jobCategoryId: null };
    const id = newId();
    const inserted = await tx.db
      .insert(employees)
      .values({
        id,
        tenantId: ctx.tenantId,
        companyId: company.id,
        locationId: input.location?.id ?? null,
        externalId: input.externalId,
        firstName: input.firstName,
        middleName: input.middleName ?? null,
        lastName: input.lastName,
        birthDate: input.birthDate ?? null,
        email: input.email ?? null,
        phone: input.phone ?? null,
        ...cdlColumns(input.cdl),
        ...coverage,
        status: 'active',
        activeFrom: input.activeFrom ?? (await tenantToday(tx)),
      })
      // The unique index (company, externalId) decides, also between two requests at once.
      .onConflictDoNothing()
      .returning({ id: employees.id });
    if (!inserted.length) throw externalIdTaken(input.externalId);
    await auditChange(tx, { action: 'employee.created', subject: { type: 'employee', id }, data: { companyId: company.id, externalId: input.externalId } });
    return { employee: await readEmployee(tx, id), matched: null };
  });
}
