/** Reads of orders, always within the principal's tenant and linked companies. */
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  agencies, clinics, companies, jobCategories, locations, orderCounters, orderPackages, orders, orderServices,
  orderServiceScreenHistory, orderServiceStatusHistory, packages, participantIdentifiers, vendors,
} from '@/lib/db/schema';
import type { Db } from '@/lib/db/client';
import type { Ctx, Principal } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { likePattern, page } from '@/lib/domain/pagination';
import { openIdentifierValue } from './identifiers';
import type { ListOrdersQuery } from './schemas';
import { serializeOrder, type OrderBundle } from './serialize';

/**
 * Orders of companies linked to the principal. `companyIds` is resolved at authentication to
 * non-deleted companies only, so a deleted company's orders are gone from view.
 */
export function visibleOrder(p: Principal): SQL {
  return and(eq(orders.tenantId, p.tenantId), inArray(orders.companyId, p.companyIds.length ? p.companyIds : ['']))!;
}

type JsonRow = Record<string, unknown>;
const date = (value: unknown) => new Date(value as string);

/** The orders with their references, packages and (optionally) identifiers; `where` is added by the caller. */
function selectOrders(db: Db, withIdentifiers: boolean) {
  return db
    .select({
      order: orders,
      company: { id: companies.id, name: companies.name },
      location: { id: locations.id, name: locations.name },
      agency: { id: agencies.id, code: agencies.code },
      jobCategory: { id: jobCategories.id, name: jobCategories.name, agencyId: jobCategories.agencyId },
      clinic: clinics,
      packages: sql<Array<{ id: string; name: string }>>`(
        select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name) order by op.position), '[]'::json)
        from ${orderPackages} op join ${packages} p on p.id = op.package_id where op.order_id = ${orders.id})`,
      identifiers: withIdentifiers
        ? sql<JsonRow[]>`(
            select coalesce(json_agg(json_build_object('type', i.type, 'value', i.value, 'issuingCountry', i.issuing_country, 'issuingState', i.issuing_state) order by i.position), '[]'::json)
            from ${participantIdentifiers} i where i.order_id = ${orders.id})`
        : sql<null>`null`,
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(locations, eq(locations.id, orders.locationId))
    .leftJoin(agencies, eq(agencies.id, orders.agencyId))
    .leftJoin(jobCategories, eq(jobCategories.id, orders.jobCategoryId))
    .leftJoin(clinics, eq(clinics.id, orders.clinicId));
}

/** Services of orders with their lab and both histories, aggregated as JSON in the database. */
function selectServices(db: Db) {
  return db
    .select({
      service: orderServices,
      lab: vendors,
      statusHistory: sql<JsonRow[]>`(
        select coalesce(json_agg(json_build_object('status', h.status, 'groupType', h.group_type, 'occurredAt', h.occurred_at) order by h.occurred_at, h.id), '[]'::json)
        from ${orderServiceStatusHistory} h where h.order_service_id = ${orderServices.id})`,
      screenHistory: sql<JsonRow[]>`(
        select coalesce(json_agg(json_build_object('type', h.type, 'occurredAt', h.occurred_at) order by h.occurred_at, h.id), '[]'::json)
        from ${orderServiceScreenHistory} h where h.order_service_id = ${orderServices.id})`,
    })
    .from(orderServices)
    .leftJoin(vendors, eq(vendors.id, orderServices.labId));
}

type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];
type ServiceRow = Awaited<ReturnType<typeof selectServices>>[number];

function assemble(ids: string[], rows: OrderRow[], services: ServiceRow[]): OrderBundle[] {
  const byId = new Map(rows.map((r) => [r.order.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [{
      order: r.order,
      company: r.company,
      location: r.location,
      agency: r.agency?.id ? r.agency : null,
      jobCategory: r.jobCategory?.id ? r.jobCategory : null,
      clinic: r.clinic?.id ? r.clinic : null,
      packages: r.packages,
      services: services
        .filter((s) => s.service.orderId === id)
        .map((s) => ({
          service: s.service,
          lab: s.lab?.id ? s.lab : null,
          statusHistory: s.statusHistory.map((h) => ({ status: h.status as string, groupType: h.groupType as string, occurredAt: date(h.occurredAt) })),
          screenHistory: s.screenHistory.map((h) => ({ type: h.type as string, occurredAt: date(h.occurredAt) })),
        })),
      identifiers: r.identifiers
        ? r.identifiers.map((i) => ({
            type: i.type as string,
            value: openIdentifierValue(i.value as string),
            issuingCountry: (i.issuingCountry as string | null) ?? null,
            issuingState: (i.issuingState as string | null) ?? null,
          }))
        : null,
    }];
  });
}

/**
 * Loads whole orders (every part of the representation) for the given ids, in the given order:
 * two prepared statements whatever the page size (the ids travel as one array parameter). Callers
 * pass ids they are allowed to read.
 */
export async function loadOrderBundles(db: Db, ids: string[], withIdentifiers: boolean): Promise<OrderBundle[]> {
  if (ids.length === 0) return [];
  const statements = preparedFor(db);
  const rows = (await (withIdentifiers ? statements.manyWithIdentifiers : statements.many).execute({ ids })) as OrderRow[];
  if (rows.length === 0) return [];
  const services = (await statements.servicesOfMany.execute({ ids: rows.map((r) => r.order.id) })) as ServiceRow[];
  return assemble(ids, rows, services);
}

/**
 * Get-order is the hottest read: its two statements are prepared once per database handle, so a
 * request builds no SQL (NOTES.md: prepared statements cost half of the query builder's time).
 */
const prepared = new WeakMap<Db, ReturnType<typeof prepareStatements>>();

function prepareStatements(db: Db) {
  const access = and(
    eq(orders.id, sql.placeholder('id')),
    eq(orders.tenantId, sql.placeholder('tenantId')),
    sql`${orders.companyId} = any(${sql.placeholder('companyIds')}::text[])`,
  );
  const anyId = sql`${orders.id} = any(${sql.placeholder('ids')}::text[])`;
  return {
    withIdentifiers: selectOrders(db, true).where(access).prepare('get_order_with_identifiers'),
    withoutIdentifiers: selectOrders(db, false).where(access).prepare('get_order'),
    services: selectServices(db).where(eq(orderServices.orderId, sql.placeholder('id'))).orderBy(asc(orderServices.position)).prepare('get_order_services'),
    many: selectOrders(db, false).where(anyId).prepare('load_orders'),
    manyWithIdentifiers: selectOrders(db, true).where(anyId).prepare('load_orders_with_identifiers'),
    servicesOfMany: selectServices(db)
      .where(sql`${orderServices.orderId} = any(${sql.placeholder('ids')}::text[])`)
      .orderBy(asc(orderServices.orderId), asc(orderServices.position))
      .prepare('load_order_services'),
  };
}

function preparedFor(db: Db) {
  let statements = prepared.get(db);
  if (!statements) prepared.set(db, (statements = prepareStatements(db)));
  return statements;
}

/** The Order as the principal may see it; 404 for an order outside its access. */
export async function getOrder(ctx: Ctx, id: string, options: { identifiers?: boolean } = {}) {
  const withIdentifiers = options.identifiers ?? ctx.scopes.has('order.participant.read');
  const statements = preparedFor(ctx.db);
  const rows = await (withIdentifiers ? statements.withIdentifiers : statements.withoutIdentifiers).execute({
    id,
    tenantId: ctx.tenantId,
    companyIds: ctx.companyIds,
  });
  if (rows.length === 0) throw notFound('Order');
  const services = await statements.services.execute({ id });
  return serializeOrder(assemble([id], rows as OrderRow[], services as ServiceRow[])[0], { identifiers: withIdentifiers });
}

function listConditions(ctx: Ctx, q: ListOrdersQuery): SQL {
  const search = q.search ? likePattern(q.search) : undefined;
  return and(
    visibleOrder(ctx),
    q.status ? inArray(orders.status, q.status) : undefined,
    q.companyId ? eq(orders.companyId, q.companyId) : undefined,
    q.locationId ? eq(orders.locationId, q.locationId) : undefined,
    q.code ? eq(orders.code, q.code.toUpperCase()) : undefined,
    search
      ? or(
          ilike(orders.code, search),
          ilike(orders.email, search),
          ilike(sql`${orders.firstName} || ' ' || ${orders.lastName}`, search),
        )
      : undefined,
    q.createdAfter ? gte(orders.createdAt, new Date(q.createdAfter)) : undefined,
    q.createdBefore ? lt(orders.createdAt, new Date(q.createdBefore)) : undefined,
    q.updatedAfter ? gt(orders.updatedAt, new Date(q.updatedAfter)) : undefined,
    q.isFinal !== undefined ? eq(orders.isFinal, q.isFinal) : undefined,
  )!;
}

/**
 * Exact `total` without counting every order on every request: lists filtered only by company
 * and status (the dashboard's default views) sum the counters kept in the same transactions as
 * the order changes; other filters are selective and are counted.
 */
async function totalOf(ctx: Ctx, q: ListOrdersQuery): Promise<number> {
  const onlyCounterFilters =
    !q.locationId && !q.code && !q.search && !q.createdAfter && !q.createdBefore && !q.updatedAfter && q.isFinal === undefined;
  if (onlyCounterFilters) {
    const companyIds = q.companyId ? ctx.companyIds.filter((c) => c === q.companyId) : ctx.companyIds;
    if (companyIds.length === 0) return 0;
    const [row] = await ctx.db
      .select({ total: sql<number>`coalesce(sum(${orderCounters.count}), 0)::int` })
      .from(orderCounters)
      .where(
        and(
          eq(orderCounters.tenantId, ctx.tenantId),
          inArray(orderCounters.companyId, companyIds),
          q.status ? inArray(orderCounters.status, q.status) : undefined,
        ),
      );
    return Number(row.total);
  }
  const [row] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(orders).where(listConditions(ctx, q));
  return Number(row.total);
}

/** Newest first; page envelope with an exact total. */
export async function listOrders(ctx: Ctx, q: ListOrdersQuery) {
  const withIdentifiers = ctx.scopes.has('order.participant.read');
  const ids = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(listConditions(ctx, q))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const bundles = await loadOrderBundles(ctx.db, ids.map((r) => r.id), withIdentifiers);
  const total = await totalOf(ctx, q);
  return page(bundles.map((b) => serializeOrder(b, { identifiers: withIdentifiers })), total, q);
}

