/**
 * `GET /api/v2/random-pools/{id}/progress?year=` (DESIGN.md 7.2): per period the pool size, the
 * draw and what it selected, completed, excused and lost; for the year the mean pool size, the
 * required count per kind, what is completed, and whether the pool keeps pace.
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { randomDraws } from '@/lib/db/schema';
import { tenantNow } from '@/lib/domain/clock';
import type { Ctx } from '@/lib/domain/context';
import type { RandomPoolProgress } from '@/lib/domain/contract/random';
import { randomDrawUrl } from '@/lib/domain/contract/random';
import { requiredCount, meanOf } from './how-many';
import { dayOf, periodsOfYear, type Frequency } from './periods';
import { poolRow, selectionCounts } from './queries';
import type { PoolProgressQuery } from './schemas';
import { poolRef } from './serialize';

const zero = () => ({ drug: 0, alcohol: 0 });

export async function getPoolProgress(ctx: Ctx, id: string, q: PoolProgressQuery): Promise<RandomPoolProgress> {
  const pool = await poolRow(ctx, id);
  const today = dayOf(await tenantNow(ctx));
  const year = q.year ?? Number(today.slice(0, 4));
  const frequency: Frequency = pool.frequency === 'monthly' ? 'monthly' : 'quarterly';
  const draws = await ctx.db
    .select()
    .from(randomDraws)
    .where(and(eq(randomDraws.poolId, pool.id), gte(randomDraws.periodStart, `${year}-01-01`), lte(randomDraws.periodStart, `${year}-12-31`)))
    .orderBy(asc(randomDraws.periodStart));
  const counts = await selectionCounts(ctx.db, pool.id, year, today);
  const periods = periodsOfYear(year, frequency).map((p) => {
    const draw = draws.find((d) => d.period === p.key) ?? null;
    const tally = { selected: zero(), completed: zero(), excused: zero(), lost: zero() };
    for (const c of counts.filter((x) => draw && x.drawId === draw.id)) {
      // `selected` counts every selection of the draw, whatever became of it (replacements included).
      tally.selected[c.kind] += c.n;
      if (c.status === 'completed' || c.status === 'excused' || c.status === 'lost') tally[c.status][c.kind] += c.n;
    }
    return { period: p.key, start: p.start, end: p.end, poolSize: draw?.poolSize ?? null, draw: draw ? { id: draw.id, object: 'randomDraw' as const, url: randomDrawUrl(draw.id) } : null, ...tally };
  });
  const completed = { drug: periods.reduce((s, p) => s + p.completed.drug, 0), alcohol: periods.reduce((s, p) => s + p.completed.alcohol, 0) };
  const meanPoolSize = meanOf(draws.map((d) => d.poolSize));
  const required = {
    drug: requiredCount(pool.drugRate, meanPoolSize),
    alcohol: pool.alcoholRate === null ? null : requiredCount(pool.alcoholRate, meanOf(draws.map((d) => d.ranking.alcohol.length))),
  };
  // On track: completed at least the required count's share of the periods already over.
  const over = periods.filter((p) => p.end < today).length;
  const share = over / periods.length;
  const onTrack = completed.drug >= Math.floor(required.drug * share) && (required.alcohol === null || completed.alcohol >= Math.floor(required.alcohol * share));
  return { object: 'randomPoolProgress', pool: poolRef(pool.id, pool.name), year, periods, meanPoolSize, required, completed, onTrack };
}
