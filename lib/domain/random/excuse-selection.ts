/**
 * `POST /api/v2/random-selections/{id}/excuse` (DESIGN.md 7.2, PROGRAM-FACTS "Alternates"): only for
 * a person unavailable the whole period (long-term absence, layoff, medical leave, termination; not
 * on duty before the period ends, for alcohol), never for operational reasons. The next alternate in
 * the draw's rank order (of the same company in a consortium pool) becomes a selection that
 * `replaces` it, in the same transaction.
 */
import { and, eq } from 'drizzle-orm';
import { employees, randomDraws, randomPools, randomSelections } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import { tenantNow } from '@/lib/domain/clock';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { randomDay } from './create-draw';
import { emitSelectionUpdated } from './events';
import { dayOf } from './periods';
import { selectionRow, visiblePool } from './queries';
import { EXCUSE_REASONS, type ExcuseReason, type ExcuseSelectionBody } from './schemas';
import { serializeSelection, type RandomSelection } from './serialize';

export function assertExcuseReason(reason: string, kind: 'drug' | 'alcohol'): asserts reason is ExcuseReason {
  if (!(EXCUSE_REASONS as readonly string[]).includes(reason))
    throw new DomainError(
      'invalidValue',
      `DOT does not allow excusing a selection for "${reason}": only a person unavailable for the whole period may be replaced (${EXCUSE_REASONS.join(', ')}). Test the selected person during the period.`,
      { pointer: '/reason', meta: { allowed: EXCUSE_REASONS } },
    );
  if (reason === 'notOnDutyForAlcohol' && kind !== 'alcohol')
    throw new DomainError('invalidValue', 'notOnDutyForAlcohol excuses an alcohol selection only: DOT does not allow excusing a drug selection for it.', { pointer: '/reason' });
}

export async function excuseSelection({ ctx, id, input }: { ctx: Ctx; id: string; input: ExcuseSelectionBody }): Promise<RandomSelection> {
  return withTransaction(ctx, async (tx) => {
    const [locked] = await tx.db
      .select({ selection: randomSelections, draw: randomDraws, pool: randomPools })
      .from(randomSelections)
      .innerJoin(randomDraws, eq(randomDraws.id, randomSelections.drawId))
      .innerJoin(randomPools, eq(randomPools.id, randomDraws.poolId))
      .where(and(visiblePool(tx), eq(randomSelections.id, id)))
      .for('update', { of: randomSelections });
    if (!locked) throw notFound('Random selection');
    const { selection, draw, pool } = locked;
    const kind = selection.kind === 'alcohol' ? 'alcohol' : 'drug';
    assertExcuseReason(input.reason, kind);
    const now = await tenantNow(tx);
    const today = dayOf(now);
    const current = await selectionRow(tx, id, today);
    if (current.status !== 'selected')
      throw new DomainError(
        'invalidState',
        current.status === 'ordered'
          ? 'The selection has an open order: cancel the order first, then excuse it.'
          : `A selection that is ${current.status} cannot be excused.`,
        { meta: { status: current.status } },
      );
    await tx.db.update(randomSelections).set({ status: 'excused', excuseReason: input.reason, excuseNote: input.note ?? null, updatedAt: new Date() }).where(eq(randomSelections.id, id));
    await auditChange(tx, { action: 'randomSelection.excused', subject: { type: 'randomSelection', id }, data: { reason: input.reason, drawId: draw.id, kind } });

    // The next alternate: the first of the kind's ranking not yet a selection of this draw, of the
    // same company in a consortium pool, and still an active employee today.
    const used = new Set(
      (await tx.db.select({ employeeId: randomSelections.employeeId }).from(randomSelections).where(and(eq(randomSelections.drawId, draw.id), eq(randomSelections.kind, kind)))).map(
        (r) => r.employeeId,
      ),
    );
    const companyOf = new Map(draw.snapshot.map((m) => [String(m.id), String((m.company as { id: string }).id)]));
    const consortium = pool.companyIds.length > 1;
    let replacement: string | null = null;
    for (const [index, employeeId] of draw.ranking[kind].entries()) {
      if (used.has(employeeId) || (consortium && companyOf.get(employeeId) !== selection.companyId)) continue;
      const [active] = await tx.db.select({ id: employees.id }).from(employees).where(and(eq(employees.id, employeeId), eq(employees.status, 'active')));
      if (!active) continue;
      replacement = newId();
      await tx.db.insert(randomSelections).values({
        id: replacement,
        tenantId: ctx.tenantId,
        drawId: draw.id,
        employeeId,
        companyId: companyOf.get(employeeId)!,
        kind,
        rank: index + 1,
        status: 'selected',
        notifyOn: randomDay(today, draw.periodEnd),
        replacesId: id,
      });
      await auditChange(tx, { action: 'randomSelection.created', subject: { type: 'randomSelection', id: replacement }, data: { drawId: draw.id, kind, rank: index + 1, replaces: id } });
      break;
    }
    const excused = serializeSelection(await selectionRow(tx, id, today));
    await emitSelectionUpdated(tx, excused, now);
    if (replacement) await emitSelectionUpdated(tx, serializeSelection(await selectionRow(tx, replacement, today)), now);
    return excused;
  });
}
