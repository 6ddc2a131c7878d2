/**
 * The draw's algorithm, `sha256-rank-v1` (DESIGN.md 7.2, docs/random-draws.md): pure, so that the
 * draw, its verification answer, the CLI's `random verify` and the unit tests share one text of it.
 *
 * - seed: 32 bytes from the CSPRNG, written as 64 lower-case hex characters (`seedHex`);
 * - commitment: SHA-256 (hex) of the 32 seed bytes, published at the draw, before the seed;
 * - poolHash: SHA-256 (hex) of the UTF-8 text of the eligible ids, sorted and joined by `\n`;
 * - score of a member for a kind: SHA-256 (hex) of the UTF-8 text `seedHex|drawId|kind|employeeId`;
 *   members ranked by score ascending (ties by id); the first N are selected, the rest alternates.
 *
 * Every member gets a score from the same function of the same inputs, so each has the same chance
 * at every draw (382.305(i)); there is deliberately no weight or exclusion parameter.
 */
import { createHash } from 'node:crypto';

export const ALGORITHM = 'sha256-rank-v1';
export const DRAW_KINDS = ['drug', 'alcohol'] as const;
export type DrawKind = (typeof DRAW_KINDS)[number];

const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Ids compare by code unit (ids are ASCII, so this is byte order too): the same order in any language. */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function isSeedHex(seedHex: string): boolean {
  return /^[0-9a-f]{64}$/.test(seedHex);
}

/** SHA-256 (hex) of the 32 seed bytes. */
export function commitmentOf(seedHex: string): string {
  if (!isSeedHex(seedHex)) throw new Error('seedHex must be 64 lower-case hex characters');
  return sha256Hex(Buffer.from(seedHex, 'hex'));
}

/** SHA-256 (hex) of the eligible ids, sorted and joined by `\n` (UTF-8). */
export function poolHashOf(ids: readonly string[]): string {
  return sha256Hex([...ids].sort(byCodeUnit).join('\n'));
}

/** A member's score for a kind in a draw: SHA-256 (hex) of `seedHex|drawId|kind|employeeId`. */
export function scoreOf(seedHex: string, drawId: string, kind: DrawKind, employeeId: string): string {
  return sha256Hex(`${seedHex}|${drawId}|${kind}|${employeeId}`);
}

/** Every id in rank order: score ascending, ties (never seen in practice) by id. */
export function rankMembers(seedHex: string, drawId: string, kind: DrawKind, ids: readonly string[]): string[] {
  return ids
    .map((id) => ({ id, score: scoreOf(seedHex, drawId, kind, id) }))
    .sort((a, b) => byCodeUnit(a.score, b.score) || byCodeUnit(a.id, b.id))
    .map((m) => m.id);
}

/** What a verification file holds (GET /api/v2/random-draws/{id}/verification), as far as recomputing needs. */
export interface VerificationInput {
  algorithm: string;
  drawId: string;
  seed: string | null;
  commitment: string;
  poolHash: string;
  /** Every eligible member's id, in the snapshot's order. */
  snapshotIds: string[];
  /** Per kind: the ids eligible for that kind (alcohol leaves out agencies without random alcohol testing). */
  eligible: Record<DrawKind, string[]>;
  /** Per kind: the ids the draw selected, in rank order. */
  selected: Record<DrawKind, string[]>;
}

export interface VerificationCheck {
  name: string;
  ok: boolean;
  detail: string;
}

/**
 * Recomputes a draw from its verification answer alone: the commitment from the seed, the pool
 * hash from the snapshot, and per kind the ranking whose first N must be the selected ids.
 */
export function verifyDraw(v: VerificationInput): { ok: boolean; checks: VerificationCheck[] } {
  const checks: VerificationCheck[] = [];
  checks.push({ name: 'algorithm', ok: v.algorithm === ALGORITHM, detail: `algorithm ${v.algorithm} (this check knows ${ALGORITHM})` });
  if (v.seed === null || !isSeedHex(v.seed)) {
    checks.push({ name: 'seed', ok: false, detail: 'the seed is not revealed yet (POST /api/v2/random-draws/{id}/reveal), or is not 64 lower-case hex characters' });
    return { ok: false, checks };
  }
  const commitment = commitmentOf(v.seed);
  checks.push({ name: 'commitment', ok: commitment === v.commitment, detail: `sha256(seed bytes) = ${commitment}` });
  const poolHash = poolHashOf(v.snapshotIds);
  checks.push({ name: 'poolHash', ok: poolHash === v.poolHash, detail: `sha256(sorted ids joined by \\n) = ${poolHash} over ${v.snapshotIds.length} members` });
  const members = new Set(v.snapshotIds);
  for (const kind of DRAW_KINDS) {
    const eligible = v.eligible[kind] ?? [];
    const outside = eligible.filter((id) => !members.has(id));
    const ranked = rankMembers(v.seed, v.drawId, kind, eligible);
    const selected = v.selected[kind] ?? [];
    const expected = ranked.slice(0, selected.length);
    const same = outside.length === 0 && expected.length === selected.length && expected.every((id, i) => id === selected[i]);
    checks.push({
      name: `${kind}Selection`,
      ok: same,
      detail: same
        ? `the first ${selected.length} of ${eligible.length} ranked ${kind} ids are the selected ones`
        : outside.length
          ? `${outside.length} ${kind} ids are not in the snapshot`
          : `recomputed first ${selected.length}: ${expected.join(', ')}`,
    });
  }
  return { ok: checks.every((c) => c.ok), checks };
}
