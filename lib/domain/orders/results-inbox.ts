/**
 * The results inbox (DESIGN.md 6.2, `/results`): final results nobody has acknowledged, the ones
 * that need action first — non-negative (verified positive), refusal, adulterated, substituted,
 * failed — then the rest, newest first within each group. Reads go over the partial index
 * `orders_unacknowledged_idx` (final and unacknowledged), which stays small however many orders
 * there are.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { orders, orderServices } from '@/lib/db/schema';
import { visibleOrder } from '@/lib/domain/access';
import type { Ctx } from '@/lib/domain/context';
import { likePattern, offsetOf, page, PageQuery, TextFilter } from '@/lib/domain/pagination';
import type { Order } from '@/lib/domain/contract/representation';
import { completeDocuments, type StoredOrderDocument } from '@/lib/domain/order-model/documents';
import { REFUSAL_SERVICE_STATUSES } from '@/lib/domain/orders/retention';
import { serializeOrder } from '@/lib/domain/order-model/serialize';
import { SEARCH_TEXT, searchWords } from './queries';

/** The inbox's page, narrowed to one company and/or by words of the code, names or e-mail (as the orders list's `search`). */
export const ResultsInboxQuery = PageQuery.extend({
  companyId: z.string().min(1).max(255).optional(),
  search: TextFilter.optional(),
});
export type ResultsInboxQuery = z.output<typeof ResultsInboxQuery>;

function filters(q: ResultsInboxQuery): SQL | undefined {
  const words = q.search ? searchWords(q.search) : [];
  return and(q.companyId ? eq(orders.companyId, q.companyId) : undefined, ...words.map((w) => sql`${SEARCH_TEXT} like ${likePattern(w)}`));
}

const unacknowledged = (ctx: Ctx): SQL => and(visibleOrder(ctx), sql`${orders.isFinal} = true and ${orders.acknowledgedAt} is null`)!;

const isRefusal = sql`exists (select 1 from ${orderServices} where ${orderServices.orderId} = ${orders.id}
  and ${orderServices.status} in (${sql.join(REFUSAL_SERVICE_STATUSES.map((s) => sql`${s}`), sql`, `)}))`;

const inList = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/**
 * The inbox's order: verified positives (non-negative) first, then refusals, adulterated or
 * substituted specimens, failed tests, and then every other result.
 */
const rank = sql<number>`case
  when ${orders.status} in (${inList(['nonNegative', 'positive'])}) then 0
  when ${isRefusal} then 1
  when ${orders.status} in (${inList(['adulterated', 'substituted'])}) then 2
  when ${orders.status} = 'fail' then 3
  else 4 end`;
const OTHER_RESULTS = 4;

export interface InboxEntry {
  order: Order;
  /** A non-negative, refusal, adulterated, substituted or failed result. */
  needsAttention: boolean;
  refusal: boolean;
}

/** How many final results the principal has not acknowledged (the navigation badge). */
export async function countUnacknowledged(ctx: Ctx): Promise<number> {
  const [{ total }] = await ctx.db.select({ total: count() }).from(orders).where(unacknowledged(ctx));
  return Number(total);
}

/** One page of the inbox; `total` counts what the filters let through. */
export async function listResultsInbox(ctx: Ctx, q: ResultsInboxQuery) {
  const narrowed = filters(q);
  const where = and(unacknowledged(ctx), narrowed)!;
  const rows = await ctx.db
    .select({ id: orders.id, document: sql<StoredOrderDocument | null>`${orders.document}`, rank, refusal: sql<boolean>`${isRefusal}` })
    .from(orders)
    .where(where)
    .orderBy(rank, desc(orders.statusUpdatedAt), desc(orders.id))
    .limit(q.limit)
    .offset(offsetOf(q));
  const total = narrowed ? Number((await ctx.db.select({ total: count() }).from(orders).where(where))[0].total) : await countUnacknowledged(ctx);
  const documents = await completeDocuments(ctx.db, rows.map((r) => ({ id: r.id, document: r.document, identifiers: null })));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const entries: InboxEntry[] = documents.map((d) => ({
    order: serializeOrder(d, { identifiers: false }),
    needsAttention: Number(byId.get(d.id)!.rank) < OTHER_RESULTS,
    refusal: Boolean(byId.get(d.id)!.refusal),
  }));
  return page(entries, total, q);
}
