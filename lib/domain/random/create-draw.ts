/**
 * `POST /api/v2/random-pools/{id}/draws` (DESIGN.md 7.2), in one transaction: the seed (32 CSPRNG
 * bytes) and its commitment, the eligible members' snapshot and its hash, the ranking per kind
 * (algorithm.ts), the selections with their `notifyOn` days, the audit entry. One draw per pool
 * and period, and only while the period lasts on the tenant's clock.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { randomDraws, randomSelections } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import { tenantNow } from '@/lib/domain/clock';
import type { Actor, Ctx } from '@/lib/domain/context';
import { DomainError } from '@/lib/domain/errors';
import { agencyMinimums } from '@/lib/domain/rates';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { ALGORITHM, commitmentOf, poolHashOf, rankMembers, type DrawKind } from './algorithm';
import { emitDrawCreated } from './events';
import { howMany, meanOf } from './how-many';
import { addDays, dayOf, daysBetweenInclusive, parsePeriod, periodOfDay, periodsPerYear, type Frequency } from './periods';
import { poolMembers, poolRow, selectionCounts } from './queries';
import type { CreateDrawBody } from './schemas';
import { serializeDraw, type RandomDraw } from './serialize';

const actorName = (a: Actor) => (a.type === 'user' ? (a.name ?? a.email) : a.name);

/** A day drawn uniformly (CSPRNG) from `from` to `to`, both included: notifications follow no pattern. */
export function randomDay(from: string, to: string): string {
  return addDays(from, randomInt(Math.max(1, daysBetweenInclusive(from, to))));
}

export async function createDraw({ ctx, poolId, input }: { ctx: Ctx; poolId: string; input: CreateDrawBody }): Promise<RandomDraw> {
  if (input.rosterConfirmed !== true)
    throw new DomainError('required', 'rosterConfirmed must be true: confirm that the roster is up to date before the draw, since the pool\'s members are taken from it.', {
      pointer: '/rosterConfirmed',
    });
  return withTransaction(ctx, async (tx) => {
    // The pool row is the lock that keeps two draws of one period apart (the unique index is the last guard).
    const pool = await poolRow(tx, poolId, true);
    const frequency: Frequency = pool.frequency === 'monthly' ? 'monthly' : 'quarterly';
    const now = await tenantNow(tx);
    const today = dayOf(now);
    const period = input.period === undefined ? periodOfDay(today, frequency) : parsePeriod(input.period, frequency);
    if (!period)
      throw new DomainError('invalidValue', `period must be a ${frequency} period of the pool, such as ${periodOfDay(today, frequency).key}.`, { pointer: '/period' });
    if (!pool.isActive) throw new DomainError('invalidState', 'The pool is inactive: reactivate it to draw.');
    if (today < period.start || today > period.end)
      throw new DomainError('invalidState', `Period ${period.key} (${period.start} to ${period.end}) has ${today < period.start ? 'not yet begun' : 'already ended'} on the tenant's clock (today ${today}): a draw is made during its period.`, {
        pointer: '/period',
        meta: { today, periodStart: period.start, periodEnd: period.end },
      });
    const [existing] = await tx.db.select({ id: randomDraws.id }).from(randomDraws).where(and(eq(randomDraws.poolId, pool.id), eq(randomDraws.period, period.key)));
    if (existing)
      throw new DomainError('conflict', `Period ${period.key} of this pool was drawn already: one draw per pool and period.`, { meta: { drawId: existing.id } });

    const members = await poolMembers(tx.db, pool);
    const ids = members.map((m) => m.id);
    // PHMSA and USCG have no random alcohol testing: their people are not in the alcohol ranking.
    const minimums = await agencyMinimums(tx.db, pool.agencyIds, period.year);
    const noAlcohol = new Set(minimums.filter((m) => m.alcohol === null).map((m) => m.agencyId));
    const alcoholIds = pool.alcoholRate === null ? [] : members.filter((m) => !m.agency || !noAlcohol.has(m.agency.id)).map((m) => m.id);

    // The year's earlier draws: their sizes and what they completed (DESIGN.md 7.2 "How many"); of a
    // ranking only its length (a whole one is as long as the pool).
    const earlier = await tx.db
      .select({ id: randomDraws.id, poolSize: randomDraws.poolSize, alcoholEligible: sql<number>`jsonb_array_length(${randomDraws.ranking}->'alcohol')`.mapWith(Number) })
      .from(randomDraws)
      .where(and(eq(randomDraws.poolId, pool.id), gte(randomDraws.periodStart, `${period.year}-01-01`), lte(randomDraws.periodStart, `${period.year}-12-31`)))
      .orderBy(asc(randomDraws.periodStart));
    const counts = await selectionCounts(tx.db, pool.id, period.year, today);
    const completed = (kind: DrawKind) => counts.filter((c) => c.kind === kind && c.status === 'completed').reduce((s, c) => s + c.n, 0);
    const periodsLeft = periodsPerYear(frequency) - period.index;
    const drug = howMany(pool.drugRate, [...earlier.map((d) => d.poolSize), ids.length], completed('drug'), periodsLeft);
    const alcohol = pool.alcoholRate === null ? null : howMany(pool.alcoholRate, [...earlier.map((d) => d.alcoholEligible), alcoholIds.length], completed('alcohol'), periodsLeft);

    const drawId = newId();
    const seedHex = randomBytes(32).toString('hex');
    const ranking = { drug: rankMembers(seedHex, drawId, 'drug', ids), alcohol: rankMembers(seedHex, drawId, 'alcohol', alcoholIds) };
    const selectedCounts = { drug: Math.min(drug.select, ranking.drug.length), alcohol: Math.min(alcohol?.select ?? 0, ranking.alcohol.length) };
    const values = {
      id: drawId,
      tenantId: ctx.tenantId,
      poolId: pool.id,
      period: period.key,
      periodStart: period.start,
      periodEnd: period.end,
      drawnAt: new Date(),
      drawnBy: { type: ctx.actor.type, id: ctx.actor.type === 'system' ? null : ctx.actor.id, name: actorName(ctx.actor) },
      poolSize: ids.length,
      meanPoolSize: meanOf([...earlier.map((d) => d.poolSize), ids.length]),
      required: { drug: drug.required, alcohol: alcohol?.required ?? null },
      selectedCounts,
      drugRate: pool.drugRate,
      alcoholRate: pool.alcoholRate,
      seedHex,
      seedRevealedAt: null,
      commitment: commitmentOf(seedHex),
      poolHash: poolHashOf(ids),
      algorithm: ALGORITHM,
      snapshot: members as unknown as Record<string, unknown>[],
      ranking,
    };
    // Only what the database adds comes back: the snapshot and ranking (megabytes over a large pool) stay here.
    const [added] = await tx.db.insert(randomDraws).values(values).returning({ createdAt: randomDraws.createdAt });
    const row = { ...values, ...added };
    // The selections in one statement over one JSON parameter: thousands of rows (a pool of 10,000 at a
    // 50% rate selects 5,000 at once) as bound values cost more to build and bind than to insert.
    const byId = new Map(members.map((m) => [m.id, m]));
    const selections = (['drug', 'alcohol'] as const).flatMap((kind) =>
      ranking[kind].slice(0, selectedCounts[kind]).map((employeeId, i) => ({
        id: newId(),
        employee_id: employeeId,
        company_id: byId.get(employeeId)!.company.id,
        kind,
        rank: i + 1,
        notify_on: randomDay(today, period.end),
      })),
    );
    if (selections.length)
      await tx.db.execute(sql`insert into ${randomSelections} (id, tenant_id, draw_id, employee_id, company_id, kind, rank, status, notify_on)
        select s.id, ${ctx.tenantId}, ${drawId}, s.employee_id, s.company_id, s.kind, s.rank, 'selected', s.notify_on
        from json_to_recordset(${JSON.stringify(selections)}::json) as s(id text, employee_id text, company_id text, kind text, rank int, notify_on date)`);
    await auditChange(tx, {
      action: 'randomDraw.created',
      subject: { type: 'randomDraw', id: drawId },
      data: { poolId: pool.id, period: period.key, poolSize: ids.length, selected: selectedCounts, commitment: row.commitment, poolHash: row.poolHash },
    });
    const draw = serializeDraw(row, pool.name);
    await emitDrawCreated(tx, draw, pool.companyIds, now);
    return draw;
  });
}
