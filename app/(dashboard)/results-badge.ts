/**
 * The Results badge of the dashboard's navigation (every dashboard page): how many final results
 * the user's companies have not acknowledged.
 *
 * The exact count reads every entry of `orders_unacknowledged_idx` for the tenant, and each of its
 * orders' company: ~0.3 s of PostgreSQL (two parallel workers) at 656,000 unacknowledged results
 * of the 1,000,000 generated orders, on every page of every user (issue 18's dashboard benchmark:
 * under 1 page/s at 10 connections). So:
 * - the first EXACT_UP_TO entries are counted on every page (newest first, as the index is
 *   ordered): below that the badge is the exact count of this instant, as the inbox shows it;
 * - from EXACT_UP_TO on, the exact count is kept per tenant and set of companies (what the count
 *   depends on) and read again in the background once it is LARGE_COUNT_TTL_MS old: a badge in
 *   the thousands may lag that long, and no page waits for the count but the first.
 */
import 'server-only';
import { and, desc, sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/db/client';
import { orders } from '@/lib/db/schema';
import { visibleOrder } from '@/lib/domain/access';
import type { Ctx } from '@/lib/domain/context';
import { runtime } from '@/lib/runtime';
import { countUnacknowledged } from '@/lib/domain/orders/results-inbox';

/** Counts below this are exact on every page. */
export const EXACT_UP_TO = 1_000;
/** How long a large count serves before it is read again (in the background). */
export const LARGE_COUNT_TTL_MS = 30_000;
const MAX_KEYS = 1_000;

interface LargeCount {
  value: number;
  at: number;
  refreshing?: Promise<number>;
}

// In the runtime like lib/db/client's maps: one copy for every bundle of the server.
declare module '@/lib/runtime' {
  interface Runtime {
    /** The Results badge's large counts per tenant and set of companies (app/(dashboard)/results-badge.ts). */
    unacknowledgedBadge?: Map<string, LargeCount>;
  }
}
const counts = (): Map<string, LargeCount> => (runtime().unacknowledgedBadge ??= new Map());

/** Final results nobody acknowledged among the first `limit` of the inbox's index (as `unacknowledged` in lib/domain/orders/acknowledge-inbox.ts). */
async function countUpTo(ctx: Ctx, limit: number): Promise<number> {
  const first = ctx.db
    .select({ one: sql`1` })
    .from(orders)
    .where(and(visibleOrder(ctx), sql`${orders.isFinal} = true and ${orders.acknowledgedAt} is null`))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .as('first');
  const [{ total }] = rowsOf<{ total: number }>(await ctx.db.execute(sql`select count(*)::int as total from ${first}`));
  return Number(total);
}

function refresh(ctx: Ctx, key: string, entry?: LargeCount): Promise<number> {
  const largeCounts = counts();
  if (entry?.refreshing) return entry.refreshing;
  const refreshing = countUnacknowledged(ctx).then(
    (value) => {
      largeCounts.delete(key);
      largeCounts.set(key, { value, at: Date.now() });
      if (largeCounts.size > MAX_KEYS) largeCounts.delete(largeCounts.keys().next().value!);
      return value;
    },
    (error: unknown) => {
      if (largeCounts.get(key)?.refreshing === refreshing) largeCounts.delete(key);
      throw error;
    },
  );
  largeCounts.set(key, { value: entry?.value ?? 0, at: entry?.at ?? 0, refreshing });
  return refreshing;
}

/** The badge's number for the Ctx's principal (see the file's header); `exactUpTo` for tests. */
export async function unacknowledgedBadge(ctx: Ctx, exactUpTo = EXACT_UP_TO): Promise<number> {
  const largeCounts = counts();
  const few = await countUpTo(ctx, exactUpTo);
  const key = `${ctx.tenantId}|${[...ctx.companyIds].sort().join(',')}`;
  if (few < exactUpTo) {
    largeCounts.delete(key);
    return few;
  }
  const entry = largeCounts.get(key);
  if (!entry || (entry.refreshing && !entry.at)) return refresh(ctx, key, entry);
  if (Date.now() - entry.at >= LARGE_COUNT_TTL_MS) refresh(ctx, key, entry).catch(() => undefined);
  return entry.value;
}

/** Forgets every kept count (tests). */
export function forgetLargeCounts(): void {
  counts().clear();
}
