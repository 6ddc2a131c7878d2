/** Reads of orders, always within the principal's tenant and linked companies. */
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  agencies, clinics, companies, jobCategories, locations, orderCounters, orderPackages, orders, orderServices,
  orderServiceScreenHistory, orderServiceStatusHistory, packages, participantIdentifiers, vendors,
} from '@/lib/db/schema';
import type { Db } from '@/lib/db/client';
import type { Ctx, Principal } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { likePattern, offsetOf, page } from '@/lib/domain/pagination';
import type { ListOrdersQuery } from './schemas';
import { serializeOrder, type OrderDocument } from './serialize';

/**
 * Orders of companies linked to the principal. `companyIds` is resolved at authentication to
 * non-deleted companies only, so a deleted company's orders are gone from view.
 */
export function visibleOrder(p: Principal): SQL {
  return and(eq(orders.tenantId, p.tenantId), inArray(orders.companyId, p.companyIds.length ? p.companyIds : ['']))!;
}

/** A timestamp as `Date.toISOString()` writes it (columns keep milliseconds), so no Date is made per value. */
const isoText = (column: SQL | AnyPgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The whole order as one JSON document (`OrderDocument` in serialize.ts), built by the database
 * over `orders` joined with `documentJoins`: references, packages, identifiers (sealed; only when
 * the `withIdentifiers` parameter is true), and the services with their lab and both histories.
 * A read is then one statement and one JSON value per order: no per-column row mapping in Node.
 */
const orderDocument = sql<OrderDocument>`json_build_object(
  'id', ${orders.id}, 'code', ${orders.code}, 'status', ${orders.status}, 'isFinal', ${orders.isFinal},
  'statusUpdatedAt', ${isoText(orders.statusUpdatedAt)}, 'createdAt', ${isoText(orders.createdAt)},
  'updatedAt', ${isoText(orders.updatedAt)}, 'expiresAt', ${isoText(orders.expiresAt)},
  'testReason', ${orders.testReason}, 'otherTestReason', ${orders.otherTestReason},
  'participant', json_build_object(
    'firstName', ${orders.firstName}, 'lastName', ${orders.lastName}, 'middleName', ${orders.middleName},
    'birthDate', ${orders.birthDate}, 'email', ${orders.email}, 'phone', ${orders.phone}, 'address', ${orders.participantAddress}),
  'company', json_build_object('id', ${companies.id}, 'name', ${companies.name}),
  'location', json_build_object('id', ${locations.id}, 'name', ${locations.name}),
  'agency', case when ${agencies.id} is null then null else json_build_object('id', ${agencies.id}, 'code', ${agencies.code}) end,
  'jobCategory', case when ${jobCategories.id} is null then null
    else json_build_object('id', ${jobCategories.id}, 'name', ${jobCategories.name}, 'agencyId', ${jobCategories.agencyId}) end,
  'clinic', case when ${clinics.id} is null then null else json_build_object(
    'id', ${clinics.id}, 'name', ${clinics.name}, 'phone', ${clinics.phone}, 'line1', ${clinics.line1}, 'line2', ${clinics.line2},
    'city', ${clinics.city}, 'state', ${clinics.state}, 'postalCode', ${clinics.postalCode}, 'country', ${clinics.country}) end,
  'packages', (
    select coalesce(json_agg(json_build_object('id', ${packages.id}, 'name', ${packages.name}) order by ${orderPackages.position}), '[]'::json)
    from ${orderPackages} join ${packages} on ${packages.id} = ${orderPackages.packageId}
    where ${orderPackages.orderId} = ${orders.id}),
  'identifiers', case when ${sql.placeholder('withIdentifiers')}::boolean then (
    select coalesce(json_agg(json_build_object(
      'type', ${participantIdentifiers.type}, 'value', ${participantIdentifiers.value},
      'issuingCountry', ${participantIdentifiers.issuingCountry}, 'issuingState', ${participantIdentifiers.issuingState})
      order by ${participantIdentifiers.position}), '[]'::json)
    from ${participantIdentifiers} where ${participantIdentifiers.orderId} = ${orders.id}) end,
  'services', (
    select coalesce(json_agg(json_build_object(
      'id', ${orderServices.id}, 'name', ${orderServices.name}, 'category', ${orderServices.category},
      'specimenType', ${orderServices.specimenType}, 'courierServiceName', ${orderServices.courierServiceName},
      'isDot', ${orderServices.isDot}, 'status', ${orderServices.status}, 'statusUpdatedAt', ${isoText(orderServices.statusUpdatedAt)},
      'specimenId', ${orderServices.specimenId}, 'trackingNumber', ${orderServices.trackingNumber},
      'lab', case when ${vendors.id} is null then null else json_build_object('id', ${vendors.id}, 'name', ${vendors.name}, 'type', ${vendors.type}) end,
      'statusHistory', (
        select coalesce(json_agg(json_build_object(
          'status', ${orderServiceStatusHistory.status}, 'groupType', ${orderServiceStatusHistory.groupType},
          'occurredAt', ${isoText(orderServiceStatusHistory.occurredAt)})
          order by ${orderServiceStatusHistory.occurredAt}, ${orderServiceStatusHistory.id}), '[]'::json)
        from ${orderServiceStatusHistory} where ${orderServiceStatusHistory.orderServiceId} = ${orderServices.id}),
      'screenHistory', (
        select coalesce(json_agg(json_build_object(
          'type', ${orderServiceScreenHistory.type}, 'occurredAt', ${isoText(orderServiceScreenHistory.occurredAt)})
          order by ${orderServiceScreenHistory.occurredAt}, ${orderServiceScreenHistory.id}), '[]'::json)
        from ${orderServiceScreenHistory} where ${orderServiceScreenHistory.orderServiceId} = ${orderServices.id}))
      order by ${orderServices.position}), '[]'::json)
    from ${orderServices} left join ${vendors} on ${vendors.id} = ${orderServices.labId}
    where ${orderServices.orderId} = ${orders.id})
)`;

/** Order documents: `orders` joined with the tables the document reads. */
function selectDocuments(db: Db) {
  return db
    .select({ document: orderDocument })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(locations, eq(locations.id, orders.locationId))
    .leftJoin(agencies, eq(agencies.id, orders.agencyId))
    .leftJoin(jobCategories, eq(jobCategories.id, orders.jobCategoryId))
    .leftJoin(clinics, eq(clinics.id, orders.clinicId));
}

const placeholder = sql.placeholder;

/** The statements every request would otherwise rebuild, prepared once per database handle. */
const prepared = new WeakMap<Db, ReturnType<typeof prepareStatements>>();

function prepareStatements(db: Db) {
  return {
    /** One order, within the principal's access. */
    get: selectDocuments(db)
      .where(
        and(
          eq(orders.id, placeholder('id')),
          eq(orders.tenantId, placeholder('tenantId')),
          sql`${orders.companyId} = any(${placeholder('companyIds')}::text[])`,
        ),
      )
      .prepare('get_order_document'),
    /** Orders by id, for callers that already hold ids they may read. */
    many: selectDocuments(db)
      .where(sql`${orders.id} = any(${placeholder('ids')}::text[])`)
      .prepare('load_order_documents'),
    /** List pages, one statement per combination of filters (see `listStatement`). */
    lists: new Map<string, ReturnType<typeof buildListStatement>>(),
  };
}

function preparedFor(db: Db) {
  let statements = prepared.get(db);
  if (!statements) prepared.set(db, (statements = prepareStatements(db)));
  return statements;
}

/**
 * Loads whole orders for the given ids, in the given order, in one statement whatever their
 * number. Callers pass ids they are allowed to read.
 */
export async function loadOrderDocuments(db: Db, ids: string[], withIdentifiers: boolean): Promise<OrderDocument[]> {
  if (ids.length === 0) return [];
  const rows = await preparedFor(db).many.execute({ ids, withIdentifiers });
  const byId = new Map(rows.map((r) => [r.document.id, r.document]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The Order as the principal may see it; 404 for an order outside its access. */
export async function getOrder(ctx: Ctx, id: string, options: { identifiers?: boolean } = {}) {
  const withIdentifiers = options.identifiers ?? ctx.scopes.has('order.participant.read');
  const [row] = await preparedFor(ctx.db).get.execute({ id, tenantId: ctx.tenantId, companyIds: ctx.companyIds, withIdentifiers });
  if (!row) throw notFound('Order');
  return serializeOrder(row.document, { identifiers: withIdentifiers });
}

/** Which filters a list request uses (and how many statuses): the key of its prepared statements. */
interface ListShape {
  statuses: number;
  companyId: boolean;
  locationId: boolean;
  code: boolean;
  search: boolean;
  createdAfter: boolean;
  createdBefore: boolean;
  updatedAfter: boolean;
  isFinal: boolean;
}

function listShape(q: ListOrdersQuery): ListShape {
  return {
    statuses: q.status?.length ?? 0,
    companyId: q.companyId !== undefined,
    locationId: q.locationId !== undefined,
    code: q.code !== undefined,
    search: q.search !== undefined,
    createdAfter: q.createdAfter !== undefined,
    createdBefore: q.createdBefore !== undefined,
    updatedAfter: q.updatedAfter !== undefined,
    isFinal: q.isFinal !== undefined,
  };
}

/** A short key, safe in a statement name (PostgreSQL cuts names at 63 characters). */
const FILTER_LETTERS: Record<Exclude<keyof ListShape, 'statuses'>, string> = {
  companyId: 'c', locationId: 'l', code: 'k', search: 'q', createdAfter: 'a', createdBefore: 'b', updatedAfter: 'u', isFinal: 'f',
};
const shapeKey = (shape: ListShape) =>
  `s${shape.statuses}${Object.entries(FILTER_LETTERS)
    .filter(([name]) => shape[name as keyof typeof FILTER_LETTERS])
    .map(([, letter]) => letter)
    .join('')}`;

/** The values of a list statement's placeholders. */
function listParams(ctx: Ctx, q: ListOrdersQuery, withIdentifiers: boolean) {
  return {
    tenantId: ctx.tenantId,
    companyIds: ctx.companyIds,
    ...Object.fromEntries((q.status ?? []).map((status, i) => [`status${i}`, status])),
    companyId: q.companyId,
    locationId: q.locationId,
    code: q.code?.toUpperCase(),
    search: q.search ? likePattern(q.search) : undefined,
    createdAfter: q.createdAfter,
    createdBefore: q.createdBefore,
    updatedAfter: q.updatedAfter,
    isFinal: q.isFinal,
    limit: q.limit,
    offset: offsetOf(q),
    withIdentifiers,
  };
}

/** The orders a list shows: the principal's (see `visibleOrder`) that pass the filters. */
function listConditions(shape: ListShape): SQL {
  const search = placeholder('search');
  return and(
    eq(orders.tenantId, placeholder('tenantId')),
    sql`${orders.companyId} = any(${placeholder('companyIds')}::text[])`,
    // One placeholder per status: `status in (...)` with one value is an equality, which the
    // (tenant, status, created) index serves in order; `= any(array)` would not be.
    shape.statuses ? inArray(orders.status, Array.from({ length: shape.statuses }, (_, i) => placeholder(`status${i}`))) : undefined,
    shape.companyId ? eq(orders.companyId, placeholder('companyId')) : undefined,
    shape.locationId ? eq(orders.locationId, placeholder('locationId')) : undefined,
    shape.code ? eq(orders.code, placeholder('code')) : undefined,
    shape.search
      ? or(ilike(orders.code, search), ilike(orders.email, search), ilike(sql`${orders.firstName} || ' ' || ${orders.lastName}`, search))
      : undefined,
    shape.createdAfter ? sql`${orders.createdAt} >= ${placeholder('createdAfter')}::timestamptz` : undefined,
    shape.createdBefore ? sql`${orders.createdAt} < ${placeholder('createdBefore')}::timestamptz` : undefined,
    shape.updatedAfter ? sql`${orders.updatedAt} > ${placeholder('updatedAfter')}::timestamptz` : undefined,
    shape.isFinal ? eq(orders.isFinal, placeholder('isFinal')) : undefined,
  )!;
}

/**
 * Exact `total` without counting every order on every request: lists filtered only by company
 * and status (the dashboard's default views) sum the counters kept in the same transactions as
 * the order changes; other filters are selective and are counted over their indexes.
 */
function listTotal(shape: ListShape): SQL<number> {
  const onlyCounterFilters =
    !shape.locationId && !shape.code && !shape.search && !shape.createdAfter && !shape.createdBefore && !shape.updatedAfter && !shape.isFinal;
  if (!onlyCounterFilters) return sql<number>`(select count(*)::int from ${orders} where ${listConditions(shape)})`;
  const where = and(
    eq(orderCounters.tenantId, placeholder('tenantId')),
    sql`${orderCounters.companyId} = any(${placeholder('companyIds')}::text[])`,
    shape.companyId ? eq(orderCounters.companyId, placeholder('companyId')) : undefined,
    shape.statuses ? inArray(orderCounters.status, Array.from({ length: shape.statuses }, (_, i) => placeholder(`status${i}`))) : undefined,
  );
  return sql<number>`(select coalesce(sum(${orderCounters.count}), 0)::int from ${orderCounters} where ${where})`;
}

/**
 * A list page is two statements: the page's ids (newest first, over the listing indexes) with the
 * exact total beside them, then their documents (`many`). They stay apart on purpose: the ids
 * statement has LIMIT/OFFSET parameters, so PostgreSQL plans it per execution, which is cheap for
 * one table; the documents statement gets a cached generic plan. One statement holding both was
 * planned per execution as a whole, ~4 ms of planning for ~1 ms of work. A page past the end has
 * no row to carry the total, so that rare case asks for the total alone.
 */
function buildListStatement(db: Db, shape: ListShape) {
  const key = shapeKey(shape);
  return {
    page: db
      .select({ id: orders.id, total: listTotal(shape).mapWith(Number) })
      .from(orders)
      .where(listConditions(shape))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(placeholder('limit'))
      .offset(placeholder('offset'))
      .prepare(`list_orders_${key}`),
    total: db
      .select({ total: listTotal(shape).mapWith(Number) })
      .from(sql`(values (1)) as one`)
      .prepare(`count_orders_${key}`),
  };
}

function listStatement(db: Db, shape: ListShape) {
  const { lists } = preparedFor(db);
  const key = shapeKey(shape);
  let statement = lists.get(key);
  if (!statement) lists.set(key, (statement = buildListStatement(db, shape)));
  return statement;
}

/** Newest first; page envelope with an exact total. */
export async function listOrders(ctx: Ctx, q: ListOrdersQuery) {
  const withIdentifiers = ctx.scopes.has('order.participant.read');
  const statement = listStatement(ctx.db, listShape(q));
  const params = listParams(ctx, q, withIdentifiers);
  const rows = await statement.page.execute(params);
  const total = rows.length ? rows[0].total : (await statement.total.execute(params))[0].total;
  const documents = await loadOrderDocuments(ctx.db, rows.map((r) => r.id), withIdentifiers);
  return page(documents.map((d) => serializeOrder(d, { identifiers: withIdentifiers })), total, q);
}
