/**
 * `GET /api/v2/random-draws/{id}/verification` (DESIGN.md 7.2): everything needed to recompute the
 * draw and nothing else (no names): `npm run --silent cli -- random verify --file f.json` or ten lines
 * of any language (docs/random-draws.md).
 */
import type { Ctx } from '@/lib/domain/context';
import type { RandomDrawVerification } from '@/lib/domain/contract/random';
import { ALGORITHM } from './algorithm';
import { drawRow } from './queries';

export const VERIFICATION_DESCRIPTION =
  'sha256-rank-v1: commitment = sha256(the 32 seed bytes); poolHash = sha256(snapshotIds sorted and joined by "\\n"); ' +
  'for each kind, every eligible id scores sha256("<seed>|<drawId>|<kind>|<id>") as lower-case hex; ranked ascending (ties by id), ' +
  'the first N are `selected[kind]`. The seed is null until the draw is revealed.';

export async function getDrawVerification(ctx: Ctx, id: string): Promise<RandomDrawVerification> {
  const { draw } = await drawRow(ctx, id);
  const snapshotIds = draw.snapshot.map((m) => String(m.id));
  const drug = new Set(draw.ranking.drug);
  const alcohol = new Set(draw.ranking.alcohol);
  return {
    object: 'randomDrawVerification',
    drawId: draw.id,
    algorithm: ALGORITHM,
    description: VERIFICATION_DESCRIPTION,
    seed: draw.seedRevealedAt ? draw.seedHex : null,
    commitment: draw.commitment,
    poolHash: draw.poolHash,
    snapshotIds,
    // The eligible ids per kind, in the snapshot's order (the ranking itself is what is being checked).
    eligible: { drug: snapshotIds.filter((x) => drug.has(x)), alcohol: snapshotIds.filter((x) => alcohol.has(x)) },
    selected: { drug: draw.ranking.drug.slice(0, draw.selectedCounts.drug), alcohol: draw.ranking.alcohol.slice(0, draw.selectedCounts.alcohol) },
  };
}
