/**
 * Reading follow-up plans, always within the principal's tenant and linked companies (in SQL): a
 * plan of a company the principal is not linked to looks exactly like a missing one.
 */
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { agencies, companies, employees, followUpPlans, followUpTests } from '@/lib/db/schema';
import { inCompanies } from '@/lib/domain/access';
import type { Ctx } from '@/lib/domain/context';
import { manageableEmployee, visibleEmployee as readableEmployee } from '@/lib/domain/employees/queries';
import { notFound } from '@/lib/domain/errors';
import { offsetOf, page } from '@/lib/domain/pagination';
import type { ListFollowUpPlansQuery } from './schemas';
import { serializePlan, type FollowUpPlan, type PlanRow } from './serialize';

/** Plans of the principal's tenant and linked companies. */
export const visiblePlan = (ctx: Pick<Ctx, 'tenantId' | 'companyIds'>) => and(eq(followUpPlans.tenantId, ctx.tenantId), inCompanies(followUpPlans.companyId, ctx.companyIds))!;

/** An employee the principal may read (`manage`: may change, for a new plan), as the roster scopes them; or 404. */
export async function visibleEmployee(ctx: Ctx, id: string, { manage = false }: { manage?: boolean } = {}) {
  const [row] = await ctx.db
    .select({ employee: employees })
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .where(and(eq(employees.id, id), manage ? manageableEmployee(ctx) : readableEmployee(ctx)));
  if (!row) throw notFound('Employee');
  return row.employee;
}

/** Plans with their tests and agencies, as representations, in the order given. */
export async function plansWithTests(db: Db, plans: readonly PlanRow[]): Promise<FollowUpPlan[]> {
  if (plans.length === 0) return [];
  const ids = plans.map((p) => p.id);
  const tests = await db.select().from(followUpTests).where(inArray(followUpTests.planId, ids));
  const agencyIds = [...new Set(plans.map((p) => p.agencyId).filter((a): a is string => a !== null))];
  const agencyRows = agencyIds.length ? await db.select({ id: agencies.id, code: agencies.code }).from(agencies).where(inArray(agencies.id, agencyIds)) : [];
  return plans.map((p) =>
    serializePlan(
      p,
      tests.filter((t) => t.planId === p.id),
      agencyRows.find((a) => a.id === p.agencyId) ?? null,
    ),
  );
}

export async function planRow(ctx: Ctx, id: string): Promise<PlanRow> {
  const [row] = await ctx.db.select().from(followUpPlans).where(and(visiblePlan(ctx), eq(followUpPlans.id, id)));
  if (!row) throw notFound('Follow-up plan');
  return row;
}

/** `GET /api/v2/follow-up-plans/{id}`. */
export async function getFollowUpPlan(ctx: Ctx, id: string): Promise<FollowUpPlan> {
  const [plan] = await plansWithTests(ctx.db, [await planRow(ctx, id)]);
  return plan;
}

/** `GET /api/v2/employees/{id}/follow-up-plans`: newest first. */
export async function listFollowUpPlans(ctx: Ctx, employeeId: string, q: ListFollowUpPlansQuery) {
  await visibleEmployee(ctx, employeeId);
  const where = and(visiblePlan(ctx), eq(followUpPlans.employeeId, employeeId));
  const rows = await ctx.db.select().from(followUpPlans).where(where).orderBy(desc(followUpPlans.createdAt), asc(followUpPlans.id)).limit(q.limit).offset(offsetOf(q));
  const [{ total }] = await ctx.db.select({ total: count() }).from(followUpPlans).where(where);
  return page(await plansWithTests(ctx.db, rows), total, q);
}
