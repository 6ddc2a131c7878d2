/** Reads of orders, always within the principal's tenant and linked companies. */
import { and, desc, eq, fillPlaceholders, inArray, sql, type SQL } from 'drizzle-orm';
import { orderCounters, orders } from '@/lib/db/schema';
import { genericPlanDb, type Db } from '@/lib/db/client';
import { executeNamed, pgliteClientOf } from '@/lib/db/pglite-statements';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { inCompanies } from '@/lib/domain/access';
import { likePattern, offsetOf, page } from '@/lib/domain/pagination';
import type { ListOrdersQuery } from './schemas';
import { completeDocuments, documentColumns } from '@/lib/domain/order-model/documents';
import { serializeOrder, type OrderDocument } from '@/lib/domain/order-model/serialize';
import { AWAITING_COLLECTION_STATUSES } from './incident';

const placeholder = sql.placeholder;

/** The statements every request would otherwise rebuild, prepared once per database handle. */
const prepared = new WeakMap<Db, ReturnType<typeof prepareStatements>>();

function prepareStatements(db: Db) {
  return {
    /** One order, within the principal's access. */
    get: db
      .select(documentColumns)
      .from(orders)
      .where(
        and(
          eq(orders.id, placeholder('id')),
          eq(orders.tenantId, placeholder('tenantId')),
          inCompanies(orders.companyId, placeholder('companyIds')),
        ),
      )
      .prepare('get_order_document'),
    /** Orders by id, for callers that already hold ids they may read. */
    many: db
      .select(documentColumns)
      .from(orders)
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

type DocumentRow = { id: string; document: Parameters<typeof completeDocuments>[1][number]['document']; identifiers: OrderDocument['identifiers'] };
type Statement<T> = { execute(values: Record<string, unknown>): Promise<T[]>; getQuery(): { sql: string; params: unknown[] } };

/**
 * Runs one of these prepared statements: through drizzle, or on an embedded database's root handle
 * as a named PGlite statement (parsed once, planned generically when `generic`: see
 * lib/db/pglite-statements.ts), its array rows named by `columns` (the select's keys, in order).
 */
async function run<T>(db: Db, statement: Statement<T>, name: string, columns: readonly string[], values: Record<string, unknown>, generic: boolean): Promise<T[]> {
  const pglite = pgliteClientOf(db);
  if (!pglite) return statement.execute(values);
  const query = statement.getQuery();
  const rows = await executeNamed(pglite, name, query.sql, fillPlaceholders(query.params, values), { generic });
  return rows.map((row) => Object.fromEntries(columns.map((column, i) => [column, row[i]])) as T);
}

const DOCUMENT_COLUMNS = Object.keys(documentColumns);
const PAGE_COLUMNS = [...DOCUMENT_COLUMNS, 'total'];

/**
 * Loads whole orders for the given ids, in the given order: one statement over their stored
 * documents whatever their number (and one more only if some have none). Callers pass ids they
 * are allowed to read.
 */
export async function loadOrderDocuments(db: Db, ids: string[], withIdentifiers: boolean): Promise<OrderDocument[]> {
  if (ids.length === 0) return [];
  const rows = await preparedFor(db).many.execute({ ids, withIdentifiers });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return completeDocuments(db, ids.flatMap((id) => byId.get(id) ?? []));
}

/** The Order as the principal may see it; 404 for an order outside its access. */
export async function getOrder(ctx: Ctx, id: string, options: { identifiers?: boolean } = {}) {
  const withIdentifiers = options.identifiers ?? ctx.scopes.has('order.participant.read');
  const values = { id, tenantId: ctx.tenantId, companyIds: ctx.companyIds, withIdentifiers };
  // A primary-key lookup: PostgreSQL's own choice settles on the generic plan after five executions.
  const [row] = await run<DocumentRow>(ctx.db, preparedFor(ctx.db).get, 'get_order_document', DOCUMENT_COLUMNS, values, false);
  if (!row) throw notFound('Order');
  const [document] = await completeDocuments(ctx.db, [row]);
  return serializeOrder(document, { identifiers: withIdentifiers });
}

/** Which filters a list request uses (and how many statuses): the key of its prepared statements. */
interface ListShape {
  statuses: number;
  companyId: boolean;
  locationId: boolean;
  /** DESIGN.md 7.1: an employee's orders (orders_employee_created_idx). */
  employeeId: boolean;
  code: boolean;
  /** How many words `search` has (see `searchWords`), 0 without a search. */
  search: number;
  createdAfter: boolean;
  createdBefore: boolean;
  updatedAfter: boolean;
  isFinal: boolean;
  /** Open DOT windows closing before an instant (DESIGN.md 6.3). */
  deadlineBefore: boolean;
  /** `acknowledged=true`: results someone acknowledged. */
  acknowledged: boolean;
  /** `acknowledged=false`: final results nobody acknowledged (the results inbox; its partial index). */
  unacknowledged: boolean;
}

function listShape(q: ListOrdersQuery): ListShape {
  return {
    statuses: q.status?.length ?? 0,
    companyId: q.companyId !== undefined,
    locationId: q.locationId !== undefined,
    employeeId: q.employeeId !== undefined,
    code: q.code !== undefined,
    search: q.search === undefined ? 0 : searchWords(q.search).length,
    createdAfter: q.createdAfter !== undefined,
    createdBefore: q.createdBefore !== undefined,
    updatedAfter: q.updatedAfter !== undefined,
    isFinal: q.isFinal !== undefined,
    deadlineBefore: q.deadlineBefore !== undefined,
    acknowledged: q.acknowledged === true,
    unacknowledged: q.acknowledged === false,
  };
}

/** A short key, safe in a statement name (PostgreSQL cuts names at 63 characters). */
const FILTER_LETTERS: Record<Exclude<keyof ListShape, 'statuses'>, string> = {
  deadlineBefore: 'd',
  companyId: 'c', locationId: 'l', employeeId: 'e', code: 'k', search: 'q', createdAfter: 'a', createdBefore: 'b', updatedAfter: 'u', isFinal: 'f', acknowledged: 'y', unacknowledged: 'n',
};
const shapeKey = (shape: ListShape) =>
  `s${shape.statuses}${Object.entries(FILTER_LETTERS)
    .filter(([name]) => shape[name as keyof typeof FILTER_LETTERS])
    .map(([name, letter]) => (name === 'search' ? `${letter}${shape.search}` : letter))
    .join('')}`;

/** The values of a list statement's placeholders. */
function listParams(ctx: Ctx, q: ListOrdersQuery, withIdentifiers: boolean) {
  return {
    tenantId: ctx.tenantId,
    companyIds: ctx.companyIds,
    ...Object.fromEntries((q.status ?? []).map((status, i) => [`status${i}`, status])),
    companyId: q.companyId,
    locationId: q.locationId,
    employeeId: q.employeeId,
    code: q.code?.toUpperCase(),
    ...Object.fromEntries((q.search ? searchWords(q.search) : []).map((word, i) => [`search${i}`, likePattern(word)])),
    createdAfter: q.createdAfter,
    createdBefore: q.createdBefore,
    updatedAfter: q.updatedAfter,
    isFinal: q.isFinal,
    deadlineBefore: q.deadlineBefore,
    limit: q.limit,
    offset: offsetOf(q),
    withIdentifiers,
  };
}

/** Words beyond this many are not matched (the statement has one condition per word). */
export const SEARCH_MAX_WORDS = 8;

/**
 * The words of a `search`: split at spaces and commas ("Nelson, Pamela"), lower-case, without
 * dashes (a code typed without its dash), at most SEARCH_MAX_WORDS. Each must occur in
 * SEARCH_TEXT, in any order.
 */
export function searchWords(search: string): string[] {
  return search
    .toLowerCase()
    .replace(/-/g, '')
    .split(/[\s,;]+/)
    .filter(Boolean)
    .slice(0, SEARCH_MAX_WORDS);
}

/**
 * What `search` looks in: code, first, middle and last name and e-mail, lower-case, without
 * dashes. Exactly the expression of the trigram index `orders_search_text_idx` (migration 0011),
 * so that PostgreSQL uses it; change both together.
 */
export const SEARCH_TEXT = sql`lower(replace(coalesce(${orders.code}, '') || ' ' || coalesce(${orders.firstName}, '') || ' ' || coalesce(${orders.middleName}, '') || ' ' || coalesce(${orders.lastName}, '') || ' ' || coalesce(${orders.email}, ''), '-', ''))`;

/** The orders a list shows: the principal's (see `visibleOrder`) that pass the filters. */
function listConditions(shape: ListShape): SQL {
  return and(
    eq(orders.tenantId, placeholder('tenantId')),
    inCompanies(orders.companyId, placeholder('companyIds')),
    // One placeholder per status: `status in (...)` with one value is an equality, which the
    // (tenant, status, created) index serves in order; `= any(array)` would not be.
    shape.statuses ? inArray(orders.status, Array.from({ length: shape.statuses }, (_, i) => placeholder(`status${i}`))) : undefined,
    shape.companyId ? eq(orders.companyId, placeholder('companyId')) : undefined,
    shape.locationId ? eq(orders.locationId, placeholder('locationId')) : undefined,
    shape.employeeId ? eq(orders.employeeId, placeholder('employeeId')) : undefined,
    shape.code ? eq(orders.code, placeholder('code')) : undefined,
    // Every word somewhere in the code, names or e-mail (each its own placeholder: the trigram
    // index serves `like` with a pattern, not `like all(array)`).
    ...Array.from({ length: shape.search }, (_, i) => sql`${SEARCH_TEXT} like ${placeholder(`search${i}`)}`),
    shape.createdAfter ? sql`${orders.createdAt} >= ${placeholder('createdAfter')}::timestamptz` : undefined,
    shape.createdBefore ? sql`${orders.createdAt} < ${placeholder('createdBefore')}::timestamptz` : undefined,
    shape.updatedAfter ? sql`${orders.updatedAt} > ${placeholder('updatedAfter')}::timestamptz` : undefined,
    shape.isFinal ? eq(orders.isFinal, placeholder('isFinal')) : undefined,
    // A DOT window still open (not yet closed, the service not yet collected) that closes before
    // the instant: the few services with a deadline, over their partial index.
    shape.deadlineBefore
      ? sql`${orders.id} in (select os.order_id from order_services os where os.deadline_closes_at is not null
          and os.deadline_closes_at > now() and os.deadline_closes_at < ${placeholder('deadlineBefore')}::timestamptz
          and os.status in (${sql.raw(AWAITING_COLLECTION_STATUSES.map((s) => `'${s}'`).join(', '))}))`
      : undefined,
    shape.acknowledged ? sql`${orders.acknowledgedAt} is not null` : undefined,
    // The predicate of `orders_unacknowledged_idx`, written the same way so that the index serves it.
    shape.unacknowledged ? sql`${orders.isFinal} = true and ${orders.acknowledgedAt} is null` : undefined,
  )!;
}

/**
 * Exact `total` without counting every order on every request: lists filtered only by company
 * and status (the dashboard's default views) sum the counters kept in the same transactions as
 * the order changes; other filters are selective and are counted over their indexes.
 */
function listTotal(shape: ListShape): SQL<number> {
  const onlyCounterFilters =
    !shape.locationId && !shape.employeeId && !shape.code && !shape.search && !shape.createdAfter && !shape.createdBefore && !shape.updatedAfter && !shape.isFinal && !shape.acknowledged && !shape.unacknowledged;
  if (!onlyCounterFilters || shape.deadlineBefore) return sql<number>`(select count(*)::int from ${orders} where ${listConditions(shape)})`;
  const where = and(
    eq(orderCounters.tenantId, placeholder('tenantId')),
    inCompanies(orderCounters.companyId, placeholder('companyIds')),
    shape.companyId ? eq(orderCounters.companyId, placeholder('companyId')) : undefined,
    shape.statuses ? inArray(orderCounters.status, Array.from({ length: shape.statuses }, (_, i) => placeholder(`status${i}`))) : undefined,
  );
  return sql<number>`(select coalesce(sum(${orderCounters.count}), 0)::int from ${orderCounters} where ${where})`;
}

/**
 * A list page is one statement: the stored documents of the page's orders (their ids newest first
 * over the listing indexes), with the exact total beside them. Building the documents in this
 * statement instead cost ~4 ms of planning per page, because the LIMIT/OFFSET parameters make
 * PostgreSQL plan it per execution (see `planIsValueIndependent` for the shapes that avoid even
 * that). A page past the end has no row to carry the total, so that rare case asks for it alone.
 */
function buildListStatement(db: Db, shape: ListShape) {
  const key = shapeKey(shape);
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(listConditions(shape))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(placeholder('limit'))
    .offset(placeholder('offset'));
  return {
    page: db
      .select({ ...documentColumns, total: listTotal(shape).mapWith(Number) })
      .from(orders)
      // The page's ids as one array (an init plan): the outer lookup by primary key stays the same
      // plan whatever PostgreSQL estimates for the page, which keeps a generic plan sound.
      .where(sql`${orders.id} = any(array(${pageIds}))`)
      .orderBy(desc(orders.createdAt), desc(orders.id))
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

/**
 * Filter shapes whose generic plan is the per-execution one (checked with EXPLAIN on 1,000,000
 * orders): equality filters, each served in order by its own listing index. Several statuses,
 * a text search or a time range need the values to choose their plan.
 */
const planIsValueIndependent = (shape: ListShape) =>
  shape.statuses <= 1 && !shape.search && !shape.createdAfter && !shape.createdBefore && !shape.updatedAfter;

/** Newest first; page envelope with an exact total. */
export async function listOrders(ctx: Ctx, q: ListOrdersQuery) {
  const withIdentifiers = ctx.scopes.has('order.participant.read');
  const shape = listShape(q);
  const generic = planIsValueIndependent(shape);
  const statement = listStatement(generic ? genericPlanDb(ctx.db) : ctx.db, shape);
  const params = listParams(ctx, q, withIdentifiers);
  const rows = await run<DocumentRow & { total: number }>(ctx.db, statement.page, `list_orders_${shapeKey(shape)}`, PAGE_COLUMNS, params, generic);
  const total = rows.length ? rows[0].total : (await statement.total.execute(params))[0].total;
  const documents = await completeDocuments(ctx.db, rows);
  return page(documents.map((d) => serializeOrder(d, { identifiers: withIdentifiers })), total, q);
}
