/**
 * `PATCH /api/v2/employees/{id}` (DESIGN.md 7.1): the members sent change. Deactivation instead of
 * deletion: `status: inactive` sets `activeTo` (given, or today on the tenant's clock), `active`
 * clears it. One audit entry per change, naming the members changed and never the CDL number.
 */
import { and, eq, ne } from 'drizzle-orm';
import { companies, employees } from '@/lib/db/schema';
import { auditChange, changedKeys } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';
import { openSecret } from '@/lib/secrets';
import { assertCompanyLocation, assertCoverage, assertPeriod, cdlColumns, tenantToday } from './checks';
import { externalIdTaken } from './create-employee';
import { manageableEmployee, readEmployee } from './queries';
import type { UpdateEmployeeBody } from './schemas';
import type { Employee } from './serialize';

type Columns = Partial<typeof employees.$inferInsert>;

/** The audit action: deactivated or reactivated when the status moved, else updated. */
function actionOf(changed: string[], status: string): string {
  if (!changed.includes('status')) return 'employee.updated';
  return status === 'inactive' ? 'employee.deactivated' : 'employee.reactivated';
}

export async function updateEmployee({ ctx, id, input }: { ctx: Ctx; id: string; input: UpdateEmployeeBody }): Promise<Employee> {
  return withTransaction(ctx, async (tx) => {
    const [found] = await tx.db
      .select({ employee: employees })
      .from(employees)
      .innerJoin(companies, eq(companies.id, employees.companyId))
      .where(and(eq(employees.id, id), manageableEmployee(ctx)))
      .for('update', { of: employees });
    if (!found) throw notFound('Employee');
    const before = found.employee;

    if (input.location) await assertCompanyLocation(tx.db, before.companyId, input.location.id);
    const coverage = input.dot === undefined ? {} : input.dot === null ? { agencyId: null, jobCategoryId: null } : await assertCoverage(tx.db, input.dot);
    if (input.externalId !== undefined && input.externalId !== before.externalId) {
      const [taken] = await tx.db
        .select({ id: employees.id })
        .from(employees)
        .where(and(eq(employees.companyId, before.companyId), eq(employees.externalId, input.externalId), ne(employees.id, id)));
      if (taken) throw externalIdTaken(input.externalId);
    }

    const status = input.status ?? before.status;
    if (input.activeTo !== undefined && status !== 'inactive')
      throw new DomainError('invalidValue', 'activeTo is set by a deactivation: send it with status "inactive" (or for an inactive employee).', { pointer: '/activeTo' });
    const activeTo = status === 'active' ? null : (input.activeTo ?? (before.status === 'inactive' ? before.activeTo : await tenantToday(tx)));
    const activeFrom = input.activeFrom ?? before.activeFrom;
    assertPeriod(activeFrom, activeTo, input.activeTo !== undefined ? '/activeTo' : '/activeFrom');

    // The CDL changes only when its number or state differs from what is sealed (sealing twice differs every time).
    const cdlChanged =
      input.cdl !== undefined &&
      (input.cdl === null
        ? before.cdlNumberEncrypted !== null
        : before.cdlNumberEncrypted === null || openSecret(before.cdlNumberEncrypted) !== input.cdl.number || before.cdlState !== input.cdl.state);

    const changes: Columns = {
      ...(input.externalId !== undefined ? { externalId: input.externalId } : {}),
      ...(input.location !== undefined ? { locationId: input.location?.id ?? null } : {}),
      ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
      ...(input.middleName !== undefined ? { middleName: input.middleName } : {}),
      ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
      ...(input.birthDate !== undefined ? { birthDate: input.birthDate } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      ...coverage,
      status,
      activeFrom,
      activeTo,
    };
    const changed = changedKeys(before, changes);
    if (cdlChanged) changed.push('cdl');
    if (changed.length) {
      await tx.db
        .update(employees)
        .set({ ...changes, ...(cdlChanged ? cdlColumns(input.cdl) : {}), updatedAt: new Date() })
        .where(eq(employees.id, id));
      await auditChange(tx, { action: actionOf(changed, status), subject: { type: 'employee', id }, data: { changed } });
    }
    return readEmployee(tx, id);
  });
}
