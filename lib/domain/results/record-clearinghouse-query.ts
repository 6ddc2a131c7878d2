/**
 * `POST /api/v2/employees/{id}/clearinghouse-queries` (DESIGN.md 7.5, 49 CFR 382.701): records a
 * query the employer made on the FMCSA site and what it said, and updates the driver's
 * `clearinghouse`: the day of the last limited or full query, the consent to limited queries, and
 * the status. The newest query sets the status: `prohibited` when it says so; `clear` when it found
 * nothing, or when a full query found information that does not prohibit; a limited query that found
 * information leaves the status `unknown` until the full query it calls for (within 24 hours,
 * 382.701(b)(4)). A query dated before the last one recorded keeps the status. Only drivers with a
 * CDL under FMCSA are queried: 422 otherwise.
 */
import { and, eq } from 'drizzle-orm';
import { agencies, clearinghouseQueries, companies, employees } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { manageableEmployee, readEmployee } from '@/lib/domain/employees/queries';
import { tenantToday } from '@/lib/domain/employees/checks';
import { CLEARINGHOUSE_AGENCY } from '@/lib/domain/order-model/clearinghouse';
import { acknowledgedByOf } from '@/lib/domain/orders/acknowledge';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import type { ClearinghouseQueryBody } from './schemas';

/** The status a query's result gives the driver (see above). */
export function statusAfterQuery(type: 'limited' | 'full', result: 'noInformation' | 'informationFound' | 'prohibited'): 'clear' | 'prohibited' | 'unknown' {
  if (result === 'prohibited') return 'prohibited';
  if (result === 'noInformation') return 'clear';
  return type === 'full' ? 'clear' : 'unknown';
}

const later = (a: string | null, b: string) => (a !== null && a > b ? a : b);

export async function recordClearinghouseQuery({ ctx, id, input }: { ctx: Ctx; id: string; input: ClearinghouseQueryBody }) {
  return withTransaction(ctx, async (tx) => {
    const [found] = await tx.db
      .select({ employee: employees, agencyCode: agencies.code })
      .from(employees)
      .innerJoin(companies, eq(companies.id, employees.companyId))
      .leftJoin(agencies, eq(agencies.id, employees.agencyId))
      .where(and(eq(employees.id, id), manageableEmployee(ctx)))
      .for('update', { of: employees });
    if (!found) throw notFound('Employee');
    const e = found.employee;
    if (found.agencyCode !== CLEARINGHOUSE_AGENCY || e.cdlNumberEncrypted === null)
      throw new DomainError('invalidState', 'Clearinghouse queries are for drivers with a CDL under FMCSA (49 CFR 382.701); this employee is not one.', {
        meta: { agency: found.agencyCode },
      });
    const today = await tenantToday(tx);
    if (input.queriedOn > today) throw new DomainError('invalidValue', `queriedOn must not be after today (${today}).`, { pointer: '/queriedOn' });
    if (input.limitedConsentUntil !== undefined && input.limitedConsentUntil < input.queriedOn)
      throw new DomainError('invalidValue', 'limitedConsentUntil must not be before queriedOn.', { pointer: '/limitedConsentUntil' });

    const newest = [e.lastLimitedQueryOn, e.lastFullQueryOn].every((d) => d === null || d <= input.queriedOn);
    await tx.db.insert(clearinghouseQueries).values({
      id: newId(),
      tenantId: e.tenantId,
      employeeId: e.id,
      type: input.type,
      queriedOn: input.queriedOn,
      result: input.result,
      recordedBy: acknowledgedByOf(ctx.actor),
    });
    await tx.db
      .update(employees)
      .set({
        ...(input.type === 'limited' ? { lastLimitedQueryOn: later(e.lastLimitedQueryOn, input.queriedOn) } : { lastFullQueryOn: later(e.lastFullQueryOn, input.queriedOn) }),
        ...(input.limitedConsentUntil !== undefined ? { limitedConsentUntil: input.limitedConsentUntil } : {}),
        ...(newest ? { clearinghouseStatus: statusAfterQuery(input.type, input.result) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(employees.id, e.id));
    await auditChange(tx, {
      action: 'employee.clearinghouseQuery.recorded',
      subject: { type: 'employee', id: e.id },
      data: { type: input.type, queriedOn: input.queriedOn, result: input.result, ...(input.limitedConsentUntil ? { limitedConsentUntil: input.limitedConsentUntil } : {}) },
    });
    return readEmployee(tx, e.id);
  });
}
