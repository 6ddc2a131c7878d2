/**
 * Order documents: each order's representation data as one JSON value, built in SQL and stored in
 * `orders.document` by every change (in its transaction), so that a read of a page of orders is
 * one statement over stored values instead of ~10 joins and subqueries per order. Migration 0004's
 * triggers forget a document when its order changes without storing it again; reads build any
 * missing one. Identifiers are never stored in the document: they are read, sealed, per request.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  agencies, clinics, companies, jobCategories, locations, orderPackages, orders, orderServices,
  orderServiceScreenHistory, orderServiceStatusHistory, packages, participantIdentifiers, vendors,
} from '@/lib/db/schema';
import { rowsOf, type Db } from '@/lib/db/client';
import type { OrderDocument } from '@/lib/domain/order-model/serialize';

export type StoredOrderDocument = Omit<OrderDocument, 'identifiers'>;

/** A timestamp as `Date.toISOString()` writes it (columns keep milliseconds), so no Date is made per value. */
const isoText = (column: SQL | AnyPgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The whole order as one JSON document (`OrderDocument` in serialize.ts, without identifiers),
 * built by the database over `orders` joined as in `selectBuiltDocuments`: references, packages,
 * and the services with their lab and both histories.
 */
const orderDocument = sql<StoredOrderDocument>`json_build_object(
  'id', ${orders.id}, 'code', ${orders.code}, 'status', ${orders.status}, 'isFinal', ${orders.isFinal},
  'statusUpdatedAt', ${isoText(orders.statusUpdatedAt)}, 'createdAt', ${isoText(orders.createdAt)},
  'updatedAt', ${isoText(orders.updatedAt)}, 'expiresAt', ${isoText(orders.expiresAt)},
  'testReason', ${orders.testReason}, 'otherTestReason', ${orders.otherTestReason},
  'deliveryMethod', ${orders.deliveryMethod}, 'requester', ${orders.requester}, 'settings', ${orders.settings},
  'incident', ${orders.incident}, 'clearinghouse', ${orders.clearinghouse}, 'employeeId', ${orders.employeeId}, 'acknowledgedAt', ${isoText(orders.acknowledgedAt)}, 'acknowledgedBy', ${orders.acknowledgedBy},
  'participant', json_build_object(
    'firstName', ${orders.firstName}, 'lastName', ${orders.lastName}, 'middleName', ${orders.middleName},
    'birthDate', ${orders.birthDate}, 'email', ${orders.email}, 'phone', ${orders.phone}, 'address', ${orders.participantAddress},
    'language', ${orders.participantLanguage}),
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
  'services', (
    select coalesce(json_agg(json_build_object(
      'id', ${orderServices.id}, 'name', ${orderServices.name}, 'category', ${orderServices.category},
      'specimenType', ${orderServices.specimenType}, 'courierServiceName', ${orderServices.courierServiceName},
      'isDot', ${orderServices.isDot}, 'status', ${orderServices.status}, 'statusUpdatedAt', ${isoText(orderServices.statusUpdatedAt)},
      'specimenId', ${orderServices.specimenId}, 'trackingNumber', ${orderServices.trackingNumber},
      'deadline', case when ${orderServices.deadlineClosesAt} is null then null else json_build_object(
        'closesAt', ${isoText(orderServices.deadlineClosesAt)}, 'reasonRequiredAfter', ${isoText(orderServices.deadlineReasonRequiredAfter)}) end,
      'result', ${orderServices.result},
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

/**
 * The participant's identifiers, sealed, when the `withIdentifiers` parameter is true; else null.
 * Written with explicit names: drizzle leaves columns unqualified in a select without joins, and an
 * unqualified `id` inside this subquery would be the identifier's own.
 */
export const sealedIdentifiers = sql<OrderDocument['identifiers']>`case when ${sql.placeholder('withIdentifiers')}::boolean then (
  select coalesce(json_agg(json_build_object(
    'type', i.type, 'value', i.value, 'issuingCountry', i.issuing_country, 'issuingState', i.issuing_state) order by i.position), '[]'::json)
  from ${participantIdentifiers} i where i.order_id = ${orders}.${sql.identifier('id')}) end`;

/** What a read selects per order: its id, its stored document (or null) and its sealed identifiers. */
export const documentColumns = {
  id: orders.id,
  document: sql<StoredOrderDocument | null>`${orders.document}`,
  identifiers: sealedIdentifiers,
};

/** Documents built now from the order's rows (the joins the document reads). */
function selectBuiltDocuments(db: Db) {
  return db
    .select({ id: orders.id, document: orderDocument.as('document') })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(locations, eq(locations.id, orders.locationId))
    .leftJoin(agencies, eq(agencies.id, orders.agencyId))
    .leftJoin(jobCategories, eq(jobCategories.id, orders.jobCategoryId))
    .leftJoin(clinics, eq(clinics.id, orders.clinicId));
}

const builtStatements = new WeakMap<Db, ReturnType<typeof prepareBuild>>();
const prepareBuild = (db: Db) =>
  selectBuiltDocuments(db).where(sql`${orders.id} = any(${sql.placeholder('ids')}::text[])`).prepare('build_order_documents');

/** Documents built now from the rows, whatever is stored (reads of missing documents; tests). */
export async function buildOrderDocuments(db: Db, ids: string[]): Promise<Map<string, StoredOrderDocument>> {
  let statement = builtStatements.get(db);
  if (!statement) builtStatements.set(db, (statement = prepareBuild(db)));
  return new Map((await statement.execute({ ids })).map((r) => [r.id, r.document]));
}

/**
 * The documents of rows read with `documentColumns`, in the rows' order: stored ones as they are,
 * missing ones built in one statement (orders written before migration 0004, or changed outside the
 * application).
 */
export async function completeDocuments(
  db: Db,
  rows: Array<{ id: string; document: StoredOrderDocument | null; identifiers: OrderDocument['identifiers'] }>,
): Promise<OrderDocument[]> {
  const missing = rows.filter((r) => r.document === null).map((r) => r.id);
  const built = missing.length ? await buildOrderDocuments(db, missing) : new Map<string, StoredOrderDocument>();
  return rows.flatMap((r) => {
    const document = r.document ?? built.get(r.id);
    return document ? [{ ...document, identifiers: r.identifiers }] : [];
  });
}

/** Stores the documents of these orders; called at the end of every change, in its transaction. */
export async function storeOrderDocuments(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await storeOrderDocumentsWhere(db, sql`${orders.id} = any(${sql.param(ids)}::text[])`);
}

/** Stores the documents of the orders matching `where` (a condition on `orders`): how many, and the greatest id. */
export async function storeOrderDocumentsWhere(db: Db, where: SQL): Promise<{ count: number; lastId: string | null }> {
  const built = selectBuiltDocuments(db).where(where);
  const [row] = rowsOf<{ count: number; last_id: string | null }>(
    await db.execute(sql`with stored as (
      update ${orders} set document = built.document from (${built}) as built where ${orders.id} = built.id returning ${orders.id} as id)
      select count(*)::int as count, max(id) as last_id from stored`),
  );
  return { count: Number(row.count), lastId: row.last_id };
}

/**
 * Stores every missing document, `batch` orders per statement in id order (the seed, bulk loads,
 * data written before migration 0004). Returns how many were stored.
 */
export async function storeMissingOrderDocuments(db: Db, batch = 10_000, onBatch?: (stored: number) => void): Promise<number> {
  let stored = 0;
  let after = '';
  for (;;) {
    const { count, lastId } = await storeOrderDocumentsWhere(
      db,
      sql`${orders.id} in (select missing.id from ${orders} as missing
        where missing.document is null and missing.id > ${after} order by missing.id limit ${batch})`,
    );
    stored += count;
    onBatch?.(stored);
    if (count < batch || lastId === null) return stored;
    after = lastId;
  }
}
