/**
 * `GET /api/v2/employees/{id}/random-history` (DESIGN.md 7.2): every draw the employee was eligible
 * for (their id in the draw's snapshot), newest first, with their selections in it. An employee of a
 * company the principal is not linked to is not found; draws of pools the principal cannot see are
 * left out.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { employees, randomDraws, randomPools, randomSelections } from '@/lib/db/schema';
import { inCompanies } from '@/lib/domain/access';
import { tenantNow } from '@/lib/domain/clock';
import type { Ctx } from '@/lib/domain/context';
import { employeeUrl, randomDrawUrl, type RandomHistoryEntry } from '@/lib/domain/contract/random';
import { iso } from '@/lib/domain/contract/representation';
import { notFound } from '@/lib/domain/errors';
import { offsetOf, page } from '@/lib/domain/pagination';
import { dayOf } from './periods';
import { selectionRows, visiblePool } from './queries';
import type { RandomHistoryQuery } from './schemas';
import { employeeName, poolRef, serializeSelection } from './serialize';

export async function getEmployeeRandomHistory(ctx: Ctx, employeeId: string, q: RandomHistoryQuery) {
  const [employee] = await ctx.db
    .select()
    .from(employees)
    .where(and(eq(employees.tenantId, ctx.tenantId), inCompanies(employees.companyId, ctx.companyIds), eq(employees.id, employeeId)));
  if (!employee) throw notFound('Employee');
  const where = and(visiblePool(ctx), eq(randomDraws.tenantId, ctx.tenantId), sql`${randomDraws.snapshot} @> ${JSON.stringify([{ id: employee.id }])}::jsonb`);
  const draws = await ctx.db
    .select({ draw: randomDraws, poolName: randomPools.name })
    .from(randomDraws)
    .innerJoin(randomPools, eq(randomPools.id, randomDraws.poolId))
    .where(where)
    .orderBy(desc(randomDraws.drawnAt), desc(randomDraws.id))
    .limit(q.limit)
    .offset(offsetOf(q));
  const [{ total }] = await ctx.db.select({ total: count() }).from(randomDraws).innerJoin(randomPools, eq(randomPools.id, randomDraws.poolId)).where(where);
  const today = dayOf(await tenantNow(ctx));
  const selections = draws.length
    ? await selectionRows(ctx.db, and(visiblePool(ctx), eq(randomSelections.employeeId, employee.id), inArray(randomSelections.drawId, draws.map((d) => d.draw.id)))!, today)
    : [];
  const who = { id: employee.id, object: 'employee' as const, name: employeeName(employee), externalId: employee.externalId, url: employeeUrl(employee.id) };
  const data: RandomHistoryEntry[] = draws.map(({ draw, poolName }) => ({
    object: 'randomHistoryEntry',
    employee: who,
    draw: { id: draw.id, object: 'randomDraw', period: draw.period, drawnAt: iso(draw.drawnAt), url: randomDrawUrl(draw.id) },
    pool: poolRef(draw.poolId, poolName),
    eligible: { drug: draw.ranking.drug.includes(employee.id), alcohol: draw.ranking.alcohol.includes(employee.id) },
    poolSize: draw.poolSize,
    selections: selections.filter((s) => s.selection.drawId === draw.id).map(serializeSelection),
  }));
  return page(data, total, q);
}
