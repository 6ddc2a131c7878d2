/**
 * `POST /api/v2/random-draws/{id}/reveal` (DESIGN.md 7.2): publishes the seed, so that anyone can
 * check it against the commitment published at the draw and recompute the ranking. Revealing twice
 * answers the draw as it is.
 */
import { eq } from 'drizzle-orm';
import { randomDraws } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import { withTransaction } from '@/lib/domain/transaction';
import { drawRow } from './queries';
import { serializeDraw, type RandomDraw } from './serialize';

export async function revealDraw({ ctx, id }: { ctx: Ctx; id: string }): Promise<RandomDraw> {
  return withTransaction(ctx, async (tx) => {
    const { draw, poolName } = await drawRow(tx, id, true);
    if (draw.seedRevealedAt) return serializeDraw(draw, poolName);
    const [row] = await tx.db.update(randomDraws).set({ seedRevealedAt: new Date() }).where(eq(randomDraws.id, draw.id)).returning();
    await auditChange(tx, { action: 'randomDraw.revealed', subject: { type: 'randomDraw', id: draw.id }, data: { commitment: draw.commitment } });
    return serializeDraw(row, poolName);
  });
}
