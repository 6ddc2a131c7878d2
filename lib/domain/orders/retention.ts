/**
 * Record retention (49 CFR 382.401, DESIGN.md 6.2): an order that reaches its end gets the day
 * until which its documents are kept — 5 years for verified positives, refusals, adulterated or
 * substituted specimens and failed (alcohol) tests; 1 year for negatives, other results and
 * cancelled, expired or no-show orders. `retention purge` removes the contents of documents past
 * that day, keeps their metadata and writes an audit entry per order. Bytes in the object store
 * (`documents.storage_key`, lib/domain/document-store.ts) are deleted there, before the
 * order's transaction commits: a store that cannot be reached leaves the order unpurged, to the
 * next run, rather than marked purged with its objects still kept.
 */
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { documentContents, documents, orders, tenants } from '@/lib/db/schema';
import { writeAudit } from '@/lib/domain/audit';
import { storeOf } from '@/lib/domain/document-store';
import { visibleOrder } from '@/lib/domain/access';
import type { Actor, Ctx } from '@/lib/domain/context';
import { withTransaction } from '@/lib/domain/transaction';
import { OPEN_ORDER_STATUSES, type OrderStatus } from '@/lib/domain/order-model/status';

/** Order statuses kept 5 years. */
export const LONG_RETENTION_STATUSES: readonly OrderStatus[] = ['positive', 'nonNegative', 'adulterated', 'substituted', 'fail'];
/** Service statuses that make a refusal to test (kept 5 years whatever the order status says). */
export const REFUSAL_SERVICE_STATUSES: readonly string[] = ['incomplete_refusalToTest'];
export const LONG_RETENTION_YEARS = 5;
export const SHORT_RETENTION_YEARS = 1;

/** Years to keep an order's documents, or null while it is still under way. */
export function retentionYears(status: string, serviceStatuses: readonly string[] = []): number | null {
  if ((OPEN_ORDER_STATUSES as readonly string[]).includes(status)) return null;
  if ((LONG_RETENTION_STATUSES as readonly string[]).includes(status) || serviceStatuses.some((s) => REFUSAL_SERVICE_STATUSES.includes(s)))
    return LONG_RETENTION_YEARS;
  return SHORT_RETENTION_YEARS;
}

/** The retention day (`YYYY-MM-DD`, UTC) of an order that reached `status` at `at`; null while open. */
export function retentionUntil(status: string, at: Date, serviceStatuses: readonly string[] = []): string | null {
  const years = retentionYears(status, serviceStatuses);
  if (years === null) return null;
  const day = new Date(Date.UTC(at.getUTCFullYear() + years, at.getUTCMonth(), at.getUTCDate()));
  // 29 February plus whole years: 28 February (Date.UTC would roll over to 1 March).
  if (day.getUTCMonth() !== at.getUTCMonth()) day.setUTCDate(0);
  return day.toISOString().slice(0, 10);
}

/**
 * The same rule in SQL over `orders` (bulk loads: the seed), from `status_updated_at`; refusals
 * are read from the order's services.
 */
export const retentionUntilSql = sql<string | null>`case
  when ${orders.status} in (${sql.join(OPEN_ORDER_STATUSES.map((s) => sql`${s}`), sql`, `)}) then null
  when ${orders.status} in (${sql.join(LONG_RETENTION_STATUSES.map((s) => sql`${s}`), sql`, `)})
    or exists (select 1 from order_services rs where rs.order_id = ${orders.id} and rs.status in (${sql.join(REFUSAL_SERVICE_STATUSES.map((s) => sql`${s}`), sql`, `)}))
    then ((${orders.statusUpdatedAt} at time zone 'UTC')::date + interval '${sql.raw(String(LONG_RETENTION_YEARS))} years')::date
  else ((${orders.statusUpdatedAt} at time zone 'UTC')::date + interval '${sql.raw(String(SHORT_RETENTION_YEARS))} year')::date
end`;

/** Sets the retention day of ended orders that have none (after a bulk load). Returns how many. */
export async function fillMissingRetention(db: Db): Promise<number> {
  const rows = await db
    .update(orders)
    .set({ retentionUntil: sql`${retentionUntilSql}` })
    .where(and(isNull(orders.retentionUntil), sql`${orders.status} not in (${sql.join(OPEN_ORDER_STATUSES.map((s) => sql`${s}`), sql`, `)})`))
    .returning({ id: orders.id });
  return rows.length;
}

export interface PurgeOptions {
  /**
   * The day the purge runs as: contents of orders whose retention day is before it go. Default: each
   * tenant's today (UTC) on its own clock (real time plus its sandbox offset); the report says the real today.
   */
  asOf?: string;
  dryRun?: boolean;
  /** Only this tenant. */
  tenantId?: string;
  actor?: Actor;
  /** At most this many orders per run (default 1000); run again for the rest. */
  limit?: number;
}

export interface PurgeReport {
  dryRun: boolean;
  asOf: string;
  orders: Array<{ orderId: string; tenantId: string; code: string; retentionUntil: string; documents: number; bytes: number }>;
  documents: number;
  bytes: number;
  /** More orders are due than `limit`: run again. */
  more: boolean;
}

/**
 * Removes the contents of documents of orders whose retention day has passed (strictly before
 * `asOf`): each order in its own transaction, with an audit entry `documents.purged` listing the
 * documents; their metadata stays, with `purgedAt`. A dry run reports the same and writes nothing.
 */
export async function purgeExpiredDocuments(db: Db, options: PurgeOptions = {}): Promise<PurgeReport> {
  const asOf = options.asOf ?? new Date().toISOString().slice(0, 10);
  // Without a given day, each tenant purges as of its own clock's day (lib/domain/clock.ts): a
  // sandbox tenant whose clock was moved a year on sees its one-year papers go, like in production
  // a year later.
  const pastRetention = options.asOf
    ? lt(orders.retentionUntil, asOf)
    : sql`${orders.retentionUntil} < (select ((now() + t.clock_offset_ms * interval '1 millisecond') at time zone 'UTC')::date from ${tenants} t where t.id = ${orders.tenantId})`;
  const limit = options.limit ?? 1000;
  const actor: Actor = options.actor ?? { type: 'system', name: 'cli' };
  const due = await db
    .select({
      orderId: orders.id,
      tenantId: orders.tenantId,
      code: orders.code,
      retentionUntil: orders.retentionUntil,
      documents: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${documents.size}), 0)::bigint`,
    })
    .from(documents)
    .innerJoin(orders, eq(orders.id, documents.orderId))
    .where(
      and(
        isNull(documents.purgedAt),
        pastRetention,
        options.tenantId ? eq(orders.tenantId, options.tenantId) : undefined,
      ),
    )
    .groupBy(orders.id, orders.tenantId, orders.code, orders.retentionUntil)
    .orderBy(orders.retentionUntil, orders.id)
    .limit(limit + 1);
  const batch = due.slice(0, limit).map((r) => ({ ...r, retentionUntil: r.retentionUntil!, documents: Number(r.documents), bytes: Number(r.bytes) }));
  if (!options.dryRun) {
    for (const order of batch) {
      await withTransaction({ db }, async ({ db: tx }) => {
        const purged = await tx
          .update(documents)
          .set({ purgedAt: new Date() })
          .where(and(eq(documents.orderId, order.orderId), isNull(documents.purgedAt)))
          .returning({ id: documents.id, type: documents.type, sha256: documents.sha256, storageKey: documents.storageKey });
        if (purged.length) await tx.delete(documentContents).where(inArray(documentContents.documentId, purged.map((d) => d.id)));
        // An object already gone (a purge that did not commit) is fine: deleting is idempotent.
        for (const { storageKey } of purged) if (storageKey) await storeOf(storageKey).delete(storageKey);
        await writeAudit(tx, {
          tenantId: order.tenantId,
          orderId: order.orderId,
          action: 'documents.purged',
          actor,
          data: { retentionUntil: order.retentionUntil, asOf, documents: purged.map(({ id, type, sha256 }) => ({ id, type, sha256 })) },
        });
      });
    }
  }
  return {
    dryRun: options.dryRun ?? false,
    asOf,
    orders: batch,
    documents: batch.reduce((n, o) => n + o.documents, 0),
    bytes: batch.reduce((n, o) => n + o.bytes, 0),
    more: due.length > limit,
  };
}

/** The retention day of an order the principal can see (null while it is under way). */
export async function getRetentionDay(ctx: Ctx, orderId: string): Promise<string | null> {
  const [row] = await ctx.db.select({ day: orders.retentionUntil }).from(orders).where(and(visibleOrder(ctx), eq(orders.id, orderId)));
  return row?.day ?? null;
}
