/**
 * Reading pools, draws and selections, always within the principal's tenant and companies (in SQL):
 * a pool is visible to a principal linked to every one of its companies (a consortium pool names
 * several employers' people), and its draws and selections with it.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { agencies, companies, employees, jobCategories, locations, orders, packages, randomDraws, randomPools, randomSelections } from '@/lib/db/schema';
import { rowsOf, type Db } from '@/lib/db/client';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { offsetOf, page } from '@/lib/domain/pagination';
import { tenantNow } from '@/lib/domain/clock';
import { dayOf } from './periods';
import type { ListDrawsQuery, ListRandomPoolsQuery, ListSelectionsQuery } from './schemas';
import { serializeDraw, serializePool, serializeSelection, type PoolRow, type SelectionRow } from './serialize';

/** A text[] literal of values, for `<@` and `= any(...)`. */
export const textArray = (ids: readonly string[]): SQL =>
  ids.length ? sql`ARRAY[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::text[]` : sql`ARRAY[]::text[]`;

export const visiblePool = (ctx: Ctx): SQL => and(eq(randomPools.tenantId, ctx.tenantId), sql`${randomPools.companyIds} <@ ${textArray(ctx.companyIds)}`)!;

/**
 * The members of a pool, computed (DESIGN.md 7.2): the active employees of its companies covered by
 * one of its agencies (dot) or without DOT coverage (nonDot). `e` is the employees table.
 */
export const memberOf = (pool: { tenantId: string; companyIds: string[]; agencyIds: string[]; kind: string }): SQL =>
  and(
    eq(employees.tenantId, pool.tenantId),
    sql`${employees.companyId} = any(${textArray(pool.companyIds)})`,
    eq(employees.status, 'active'),
    pool.kind === 'dot' ? sql`${employees.agencyId} = any(${textArray(pool.agencyIds)})` : sql`${employees.agencyId} is null`,
  )!;

/** The same condition against the pools table in one statement (a count per pool in a list). */
const memberCountSql = sql<number>`(select count(*)::int from ${employees} where ${employees.tenantId} = ${randomPools.tenantId}
  and ${employees.companyId} = any(${randomPools.companyIds}) and ${employees.status} = 'active'
  and (case when ${randomPools.kind} = 'dot' then ${employees.agencyId} = any(${randomPools.agencyIds}) else ${employees.agencyId} is null end))`;

/** The names the pool representation shows: its agencies, companies and packages. */
async function poolNames(db: Db, pools: Array<typeof randomPools.$inferSelect>) {
  const agencyIds = [...new Set(pools.flatMap((p) => p.agencyIds))];
  const companyIds = [...new Set(pools.flatMap((p) => p.companyIds))];
  const packageIds = [...new Set(pools.flatMap((p) => [p.drugPackageId, p.alcoholPackageId]).filter((id): id is string => !!id))];
  // One after the other: inside a transaction the three share one connection.
  const a = agencyIds.length ? await db.select({ id: agencies.id, code: agencies.code }).from(agencies).where(inArray(agencies.id, agencyIds)) : [];
  const c = companyIds.length ? await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, companyIds)) : [];
  const p = packageIds.length ? await db.select({ id: packages.id, name: packages.name }).from(packages).where(inArray(packages.id, packageIds)) : [];
  return { agencies: new Map(a.map((x) => [x.id, x])), companies: new Map(c.map((x) => [x.id, x])), packages: new Map(p.map((x) => [x.id, x])) };
}

export async function serializePools(db: Db, rows: Array<{ pool: typeof randomPools.$inferSelect; memberCount: number }>) {
  const names = await poolNames(db, rows.map((r) => r.pool));
  return rows.map((r) => serializePool({ ...r, names } satisfies PoolRow));
}

export async function listRandomPools(ctx: Ctx, q: ListRandomPoolsQuery) {
  const where = visiblePool(ctx);
  const rows = await ctx.db
    .select({ pool: randomPools, memberCount: memberCountSql })
    .from(randomPools)
    .where(where)
    .orderBy(asc(randomPools.name), asc(randomPools.id))
    .limit(q.limit)
    .offset(offsetOf(q));
  const [{ total }] = await ctx.db.select({ total: count() }).from(randomPools).where(where);
  return page(await serializePools(ctx.db, rows), total, q);
}

/** The pool row within the principal's access (404 otherwise); `forUpdate` locks it in a transaction. */
export async function poolRow(ctx: Ctx, id: string, forUpdate = false) {
  const query = ctx.db.select().from(randomPools).where(and(visiblePool(ctx), eq(randomPools.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Random pool');
  return row;
}

export async function getRandomPool(ctx: Ctx, id: string) {
  const [row] = await ctx.db.select({ pool: randomPools, memberCount: memberCountSql }).from(randomPools).where(and(visiblePool(ctx), eq(randomPools.id, id)));
  if (!row) throw notFound('Random pool');
  return (await serializePools(ctx.db, [row]))[0];
}

/** A member as the draw's snapshot keeps it (DESIGN.md 7.2): id, externalId, name, company, location, agency, job category. */
export interface SnapshotMember {
  id: string;
  externalId: string;
  name: string;
  company: { id: string; name: string };
  location: { id: string; name: string } | null;
  agency: { id: string; code: string } | null;
  jobCategory: { id: string; name: string } | null;
}

/** The pool's members now, sorted by id (the snapshot's order). */
export async function poolMembers(db: Db, pool: typeof randomPools.$inferSelect): Promise<SnapshotMember[]> {
  const rows = await db
    .select({
      id: employees.id,
      externalId: employees.externalId,
      firstName: employees.firstName,
      middleName: employees.middleName,
      lastName: employees.lastName,
      companyId: employees.companyId,
      companyName: companies.name,
      locationId: locations.id,
      locationName: locations.name,
      agencyId: agencies.id,
      agencyCode: agencies.code,
      jobCategoryId: jobCategories.id,
      jobCategoryName: jobCategories.name,
    })
    .from(employees)
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .leftJoin(locations, eq(locations.id, employees.locationId))
    .leftJoin(agencies, eq(agencies.id, employees.agencyId))
    .leftJoin(jobCategories, eq(jobCategories.id, employees.jobCategoryId))
    .where(memberOf(pool))
    .orderBy(asc(employees.id));
  return rows
    .map((r) => ({
      id: r.id,
      externalId: r.externalId,
      name: [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' '),
      company: { id: r.companyId, name: r.companyName },
      location: r.locationId ? { id: r.locationId, name: r.locationName ?? '' } : null,
      agency: r.agencyId ? { id: r.agencyId, code: r.agencyCode ?? '' } : null,
      jobCategory: r.jobCategoryId ? { id: r.jobCategoryId, name: r.jobCategoryName ?? '' } : null,
    }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

// --- draws -----------------------------------------------------------------------------------

const drawSelect = { draw: randomDraws, poolName: randomPools.name };

/** The draw row (with its pool's name) within the principal's access, 404 otherwise. */
export async function drawRow(ctx: Ctx, id: string, forUpdate = false) {
  const query = ctx.db.select(drawSelect).from(randomDraws).innerJoin(randomPools, eq(randomPools.id, randomDraws.poolId)).where(and(visiblePool(ctx), eq(randomDraws.id, id)));
  const [row] = forUpdate ? await query.for('update', { of: randomDraws }) : await query;
  if (!row) throw notFound('Random draw');
  return row;
}

export async function getRandomDraw(ctx: Ctx, id: string) {
  const row = await drawRow(ctx, id);
  return serializeDraw(row.draw, row.poolName);
}

export async function listPoolDraws(ctx: Ctx, poolId: string, q: ListDrawsQuery) {
  const pool = await poolRow(ctx, poolId);
  const where = and(eq(randomDraws.tenantId, ctx.tenantId), eq(randomDraws.poolId, pool.id));
  const rows = await ctx.db.select().from(randomDraws).where(where).orderBy(desc(randomDraws.periodStart), desc(randomDraws.id)).limit(q.limit).offset(offsetOf(q));
  const [{ total }] = await ctx.db.select({ total: count() }).from(randomDraws).where(where);
  return page(rows.map((d) => serializeDraw(d, pool.name)), total, q);
}

// --- selections ------------------------------------------------------------------------------

/**
 * A selection's status, computed on read (DESIGN.md 7.2): `excused` as stored; `completed` when its
 * order is final (`is_final`: cancelled, expired and no-show orders are not); `lost` once its period
 * is over without that; `ordered` while its order is open; else `selected` (again, after a cancelled
 * or expired order, while the period lasts). Computed rather than stored, so that an order reaching
 * its result, and a period ending, need no write of their own to show.
 */
export const selectionStatusSql = (today: string): SQL<string> => sql<string>`case
  when ${randomSelections.status} = 'excused' then 'excused'
  when ${orders.isFinal} then 'completed'
  when ${randomDraws.periodEnd} < ${today}::date then 'lost'
  when ${orders.status} in ('ordered', 'scheduled', 'pending', 'integrationError') then 'ordered'
  else 'selected' end`;

const replacedBy = sql<string | null>`(select r.id from ${randomSelections} r where r.replaces_id = ${randomSelections.id} limit 1)`;

export async function selectionRows(db: Db, where: SQL, today: string, opts: { limit?: number; offset?: number } = {}): Promise<SelectionRow[]> {
  let query = db
    .select({
      selection: randomSelections,
      status: selectionStatusSql(today),
      period: randomDraws.period,
      periodEnd: randomDraws.periodEnd,
      poolId: randomDraws.poolId,
      employee: { id: employees.id, externalId: employees.externalId, firstName: employees.firstName, middleName: employees.middleName, lastName: employees.lastName, locationId: employees.locationId },
      company: { id: companies.id, name: companies.name },
      order: { id: orders.id, status: orders.status },
      replacedBy,
    })
    .from(randomSelections)
    .innerJoin(randomDraws, eq(randomDraws.id, randomSelections.drawId))
    .innerJoin(randomPools, eq(randomPools.id, randomDraws.poolId))
    .innerJoin(employees, eq(employees.id, randomSelections.employeeId))
    .innerJoin(companies, eq(companies.id, randomSelections.companyId))
    .leftJoin(orders, eq(orders.id, randomSelections.orderId))
    .where(where)
    .orderBy(asc(randomSelections.kind), asc(randomSelections.rank))
    .$dynamic();
  if (opts.limit !== undefined) query = query.limit(opts.limit).offset(opts.offset ?? 0);
  const rows = await query;
  return rows.map((r) => ({ ...r, order: r.order?.id ? { id: r.order.id, status: r.order.status } : null }));
}

export const visibleSelection = (ctx: Ctx, id: string) => and(visiblePool(ctx), eq(randomSelections.tenantId, ctx.tenantId), eq(randomSelections.id, id))!;

export async function selectionRow(ctx: Ctx, id: string, today: string): Promise<SelectionRow> {
  const [row] = await selectionRows(ctx.db, visibleSelection(ctx, id), today);
  if (!row) throw notFound('Random selection');
  return row;
}

export async function listDrawSelections(ctx: Ctx, drawId: string, q: ListSelectionsQuery) {
  const { draw } = await drawRow(ctx, drawId);
  const today = dayOf(await tenantNow(ctx));
  const where = and(visiblePool(ctx), eq(randomSelections.drawId, draw.id))!;
  const rows = await selectionRows(ctx.db, where, today, { limit: q.limit, offset: offsetOf(q) });
  const [{ total }] = await ctx.db.select({ total: count() }).from(randomSelections).where(eq(randomSelections.drawId, draw.id));
  return page(rows.map(serializeSelection), total, q);
}

export async function getRandomSelection(ctx: Ctx, id: string) {
  return serializeSelection(await selectionRow(ctx, id, dayOf(await tenantNow(ctx))));
}

/** Per draw of a pool's year, how many selections of each kind are in each status (the progress and the draw's count). */
export async function selectionCounts(db: Db, poolId: string, year: number, today: string) {
  const rows = rowsOf<{ draw_id: string; kind: string; status: string; n: number }>(
    await db.execute(sql`select ${randomSelections.drawId} as draw_id, ${randomSelections.kind} as kind, ${selectionStatusSql(today)} as status, count(*)::int as n
      from ${randomSelections} join ${randomDraws} on ${randomDraws.id} = ${randomSelections.drawId}
      left join ${orders} on ${orders.id} = ${randomSelections.orderId}
      where ${randomDraws.poolId} = ${poolId} and ${randomDraws.periodStart} >= ${`${year}-01-01`}::date and ${randomDraws.periodStart} <= ${`${year}-12-31`}::date
      group by 1, 2, 3`),
  );
  return rows.map((r) => ({ drawId: r.draw_id, kind: r.kind as 'drug' | 'alcohol', status: r.status, n: Number(r.n) }));
}
