/**
 * `GET /api/v2/reports/clearinghouse-queries?due=30` (DESIGN.md 7.5): the tab-delimited bulk query
 * file the employer uploads on the FMCSA Clearinghouse site, one limited query per active FMCSA
 * driver with a CDL whose annual query (49 CFR 382.701(b): at least once every 12 months) falls due
 * within `due` days of today on the tenant's clock, or is overdue, or was never recorded. The last
 * query is the later of the last limited and the last full one (a full query satisfies the annual
 * query). Columns, per PROGRAM-FACTS.md: last name, first name, date of birth, CDL number, CDL state,
 * query type; a header row names them. The file needs the CDL number in full, so it also asks for
 * `order.participant.read` (DESIGN.md 7: identifiers only with it).
 */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { agencies, companies, employees } from '@/lib/db/schema';
import type { Ctx } from '@/lib/domain/context';
import { DomainError } from '@/lib/domain/errors';
import { tenantToday } from '@/lib/domain/employees/checks';
import { visibleEmployee } from '@/lib/domain/employees/queries';
import { CLEARINGHOUSE_AGENCY } from '@/lib/domain/order-model/clearinghouse';
import { openSecret } from '@/lib/secrets';
import type { ClearinghouseQueriesReportQuery } from './schemas';

export const BULK_QUERY_COLUMNS = ['Last Name', 'First Name', 'Date of Birth', 'CDL Number', 'CDL State', 'Query Type'] as const;

/** The day a driver's annual query falls due: 12 months after the last one (`YYYY-MM-DD`), or null when none is recorded (due now). */
export function annualQueryDueOn(lastLimited: string | null, lastFull: string | null): string | null {
  const last = [lastLimited, lastFull].filter((d): d is string => d !== null).sort().at(-1);
  if (!last) return null;
  const [y, m, d] = last.split('-').map(Number);
  // 29 February + 12 months is 28 February (the last day of that month).
  const day = Math.min(d, new Date(Date.UTC(y + 1, m, 0)).getUTCDate());
  return `${y + 1}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A birth date as the FMCSA's forms write it: MM/DD/YYYY. */
const usDate = (iso: string | null) => (iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : '');
/** Tabs and line breaks would break the file's columns. */
const cell = (value: string | null) => (value ?? '').replace(/[\t\r\n]+/g, ' ').trim();

export async function clearinghouseQueryFile(ctx: Ctx, query: ClearinghouseQueriesReportQuery): Promise<{ text: string; rows: number }> {
  if (!ctx.scopes.has('order.participant.read'))
    throw new DomainError('insufficientScope', 'The bulk query file carries CDL numbers in full: it also needs the scope order.participant.read.', {
      meta: { required: 'order.participant.read' },
    });
  const today = await tenantToday(ctx);
  const horizon = new Date(Date.parse(`${today}T00:00:00Z`) + query.due * 86_400_000).toISOString().slice(0, 10);
  const rows = await ctx.db
    .select({
      lastName: employees.lastName,
      firstName: employees.firstName,
      birthDate: employees.birthDate,
      cdl: employees.cdlNumberEncrypted,
      cdlState: employees.cdlState,
      lastLimited: employees.lastLimitedQueryOn,
      lastFull: employees.lastFullQueryOn,
    })
    .from(employees)
    .innerJoin(agencies, eq(agencies.id, employees.agencyId))
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .where(
      and(
        visibleEmployee(ctx),
        eq(agencies.code, CLEARINGHOUSE_AGENCY),
        eq(employees.status, 'active'),
        isNotNull(employees.cdlNumberEncrypted),
        query.companyId ? eq(employees.companyId, query.companyId) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${employees.lastName})`), asc(sql`lower(${employees.firstName})`), asc(employees.id));
  const due = rows.filter((r) => {
    const on = annualQueryDueOn(r.lastLimited, r.lastFull);
    return on === null || on <= horizon;
  });
  const lines = [
    BULK_QUERY_COLUMNS.join('\t'),
    ...due.map((r) => [cell(r.lastName), cell(r.firstName), usDate(r.birthDate), cell(openSecret(r.cdl!)), cell(r.cdlState), 'Limited'].join('\t')),
  ];
  return { text: `${lines.join('\r\n')}\r\n`, rows: due.length };
}
