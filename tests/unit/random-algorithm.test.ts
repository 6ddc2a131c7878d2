/**
 * Random testing's pure rules (DESIGN.md 7.2): the ranking against the published test vector
 * (docs/random-draws.md), the verification of a draw from its answer alone, periods, how many a
 * period selects (the worked example and a shortfall carried), the excuse rules, and the uniformity
 * of the selection over 10,000 draws.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commitmentOf, poolHashOf, rankMembers, scoreOf, verifyDraw } from '@/lib/domain/random/algorithm';
import { assertExcuseReason } from '@/lib/domain/random/excuse-selection';
import { howMany, meanOf, requiredCount } from '@/lib/domain/random/how-many';
import { addDays, daysBetweenInclusive, parsePeriod, periodOfDay, periodsOfYear } from '@/lib/domain/random/periods';
import { DomainError } from '@/lib/domain/errors';

// The test vector of docs/random-draws.md.
const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const DRAW = '00000000-0000-4000-8000-00000000d001';
const ID = (n: number) => `00000000-0000-4000-8000-0000000000e${n}`;
const IDS = [1, 2, 3, 4, 5].map(ID);

describe('sha256-rank-v1: the published test vector', () => {
  it('commitment, pool hash, the drug score of e4 and both rankings', () => {
    expect(commitmentOf(SEED)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
    expect(poolHashOf([...IDS].reverse())).toBe('94866c673bf7a83dbbe07153110f7cd11eee1d8feebc11c18c677a3295daa420');
    expect(scoreOf(SEED, DRAW, 'drug', ID(4))).toBe('04ca0373a2f060e87d2db281952faf24229a8fd61a2e0b821e1456b21258af13');
    expect(rankMembers(SEED, DRAW, 'drug', IDS)).toEqual([ID(4), ID(3), ID(1), ID(5), ID(2)]);
    expect(rankMembers(SEED, DRAW, 'alcohol', IDS)).toEqual([ID(3), ID(4), ID(5), ID(1), ID(2)]);
  });

  it('the ranking does not depend on the order the ids are given in', () => {
    expect(rankMembers(SEED, DRAW, 'drug', [ID(2), ID(5), ID(1), ID(3), ID(4)])).toEqual(rankMembers(SEED, DRAW, 'drug', IDS));
  });
});

describe('verifyDraw: recomputing a draw from its verification answer', () => {
  const answer = {
    algorithm: 'sha256-rank-v1', drawId: DRAW, seed: SEED, commitment: commitmentOf(SEED), poolHash: poolHashOf(IDS), snapshotIds: IDS,
    eligible: { drug: IDS, alcohol: IDS.slice(0, 4) }, selected: { drug: [ID(4), ID(3)], alcohol: [ID(3)] },
  };

  it('accepts the true draw', () => {
    const result = verifyDraw(answer);
    expect(result.checks.filter((c) => !c.ok)).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('rejects a changed selection, a changed seed, a changed snapshot and an unrevealed seed', () => {
    expect(verifyDraw({ ...answer, selected: { ...answer.selected, drug: [ID(3), ID(4)] } }).checks.find((c) => c.name === 'drugSelection')?.ok).toBe(false);
    expect(verifyDraw({ ...answer, seed: SEED.replace(/^00/, '01') }).checks.find((c) => c.name === 'commitment')?.ok).toBe(false);
    expect(verifyDraw({ ...answer, snapshotIds: IDS.slice(1) }).checks.find((c) => c.name === 'poolHash')?.ok).toBe(false);
    expect(verifyDraw({ ...answer, seed: null }).ok).toBe(false);
  });
});

describe('periods', () => {
  it('quarters and months of a year, leap day included', () => {
    expect(periodsOfYear(2026, 'quarterly').map((p) => [p.key, p.start, p.end])).toEqual([
      ['2026-Q1', '2026-01-01', '2026-03-31'], ['2026-Q2', '2026-04-01', '2026-06-30'], ['2026-Q3', '2026-07-01', '2026-09-30'], ['2026-Q4', '2026-10-01', '2026-12-31'],
    ]);
    expect(periodsOfYear(2028, 'monthly')[1]).toMatchObject({ key: '2028-02', start: '2028-02-01', end: '2028-02-29' });
    expect(periodOfDay('2026-08-15', 'quarterly').key).toBe('2026-Q3');
    expect(periodOfDay('2026-08-15', 'monthly').key).toBe('2026-08');
  });

  it('a period key must fit the pool\'s frequency', () => {
    expect(parsePeriod('2026-Q3', 'quarterly')?.index).toBe(2);
    expect(parsePeriod('2026-07', 'quarterly')).toBeNull();
    expect(parsePeriod('2026-Q3', 'monthly')).toBeNull();
    expect(parsePeriod('2026-13', 'monthly')).toBeNull();
  });

  it('day arithmetic for notifyOn', () => {
    expect(daysBetweenInclusive('2026-09-29', '2026-09-30')).toBe(2);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('how many (49 CFR 382.305(b): the mean pool size)', () => {
  it('the worked example: quarterly 40, 44, 38, 46 at 50% / 10% need 21 drug and 5 alcohol tests, and the periods select exactly that', () => {
    expect(requiredCount(0.5, meanOf([40, 44, 38, 46]))).toBe(21);
    expect(requiredCount(0.1, meanOf([40, 44, 38, 46]))).toBe(5);
    const sizes = [40, 44, 38, 46];
    let drug = 0;
    let alcohol = 0;
    const drugCounts: number[] = [];
    for (let q = 0; q < 4; q++) {
      const d = howMany(0.5, sizes.slice(0, q + 1), drug, 4 - q);
      const a = howMany(0.1, sizes.slice(0, q + 1), alcohol, 4 - q);
      drugCounts.push(d.select);
      drug += d.select; // every selection completed
      alcohol += a.select;
    }
    expect(drugCounts).toEqual([5, 6, 5, 5]);
    expect(drug).toBe(21);
    expect(alcohol).toBe(5);
  });

  it('a shortfall raises the next period: Q1 selects 5 and completes 1 (4 lost), so Q2 selects 7 instead of 6', () => {
    expect(howMany(0.5, [40], 0, 4)).toEqual({ required: 20, select: 5 });
    expect(howMany(0.5, [40, 44], 1, 3)).toEqual({ required: 21, select: 7 });
    expect(howMany(0.5, [40, 44], 5, 3)).toEqual({ required: 21, select: 6 });
  });

  it('never negative, and no binary rounding up (10% of 30 is 3)', () => {
    expect(howMany(0.5, [10], 50, 2).select).toBe(0);
    expect(requiredCount(0.1, 30)).toBe(3);
  });
});

describe('excuses (PROGRAM-FACTS "Alternates")', () => {
  it('the reasons DOT allows pass; operational reasons are 400 invalidValue at /reason saying DOT does not allow them', () => {
    for (const reason of ['longTermAbsence', 'layoff', 'medicalLeave', 'terminated']) expect(() => assertExcuseReason(reason, 'drug')).not.toThrow();
    expect(() => assertExcuseReason('notOnDutyForAlcohol', 'alcohol')).not.toThrow();
    for (const [reason, kind] of [['operational', 'drug'], ['busy', 'alcohol'], ['notOnDutyForAlcohol', 'drug']] as const) {
      try {
        assertExcuseReason(reason, kind);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).entries[0]).toMatchObject({ code: 'invalidValue', pointer: '/reason' });
        expect((error as DomainError).entries[0].detail).toMatch(/DOT does not allow/);
      }
    }
  });
});

describe('uniformity: 10,000 draws of 50 from 200', () => {
  it('the chi-square of the selection counts (199 degrees of freedom) stays under 266.4 (p = 0.001)', () => {
    const ids = Array.from({ length: 200 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const index = new Map(ids.map((id, i) => [id, i]));
    const counts = new Array<number>(200).fill(0);
    for (let draw = 0; draw < 10_000; draw++) {
      // A fixed sequence of seeds, so that the run is the same every time.
      const seed = createHash('sha256').update(`uniformity ${draw}`).digest('hex');
      for (const id of rankMembers(seed, `draw-${draw}`, 'drug', ids).slice(0, 50)) counts[index.get(id)!]++;
    }
    const expected = (10_000 * 50) / 200;
    const chiSquare = counts.reduce((s, n) => s + (n - expected) ** 2 / expected, 0);
    expect(counts.reduce((s, n) => s + n, 0)).toBe(500_000);
    expect(chiSquare).toBeLessThan(266.4);
  });
});
