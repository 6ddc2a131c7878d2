/**
 * Follow-up plan windows and due days (DESIGN.md 7.3): equal windows by days over each phase's
 * calendar months, one due day inside each, make-ups within 14 days, the pause shift, and the SAP's
 * plan rules (6 tests in the first 12 months, at most 60 months).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CreateFollowUpPlanBody } from '@/lib/domain/follow-up/schemas';
import { drawDay, makeUpWindow, pausedDays, schedulePlan, shiftTest } from '@/lib/domain/follow-up/schedule';
import { addDays, addMonths, daysBetween, phaseBounds, planWindows, testsInFirstYear } from '@/lib/domain/follow-up/windows';

describe('calendar months', () => {
  it('adds months to the start day, clamping to the month\'s last day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-01-05', 12)).toBe('2027-01-05');
  });

  it('phases follow each other with no drift: months are added to startsOn, never chained', () => {
    expect(phaseBounds('2026-01-31', [{ months: 1, tests: 1 }, { months: 1, tests: 1 }])).toEqual([
      { start: '2026-01-31', endExclusive: '2026-02-28', days: 28 },
      { start: '2026-02-28', endExclusive: '2026-03-31', days: 31 },
    ]);
  });
});

describe('windows', () => {
  it('12 months and 6 tests from 2026-01-05: six windows of 60 or 61 days, back to back, the last ending the day before 2027-01-05', () => {
    const w = planWindows('2026-01-05', [{ months: 12, tests: 6 }]);
    expect(w).toEqual([
      { number: 1, start: '2026-01-05', end: '2026-03-05' },
      { number: 2, start: '2026-03-06', end: '2026-05-05' },
      { number: 3, start: '2026-05-06', end: '2026-07-05' },
      { number: 4, start: '2026-07-06', end: '2026-09-04' },
      { number: 5, start: '2026-09-05', end: '2026-11-04' },
      { number: 6, start: '2026-11-05', end: '2027-01-04' },
    ]);
  });

  it('any plan: windows are numbered 1.., contiguous, cover each phase exactly, and differ in length by at most a day within a phase', () => {
    const phase = fc.record({ months: fc.integer({ min: 1, max: 24 }), tests: fc.integer({ min: 1, max: 30 }) });
    const start = fc.date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(start, fc.array(phase, { minLength: 1, maxLength: 4 }), (startsOn, phases) => {
        const w = planWindows(startsOn, phases);
        expect(w.map((x) => x.number)).toEqual(w.map((_, i) => i + 1));
        const bounds = phaseBounds(startsOn, phases);
        let i = 0;
        bounds.forEach((b, k) => {
          const mine = w.slice(i, i + phases[k].tests);
          i += phases[k].tests;
          expect(mine[0].start).toBe(b.start);
          expect(addDays(mine.at(-1)!.end, 1)).toBe(b.endExclusive);
          for (let j = 1; j < mine.length; j++) expect(mine[j].start).toBe(addDays(mine[j - 1].end, 1));
          const lengths = mine.map((x) => daysBetween(x.start, x.end) + 1);
          expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(1);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('due days', () => {
  it('1,000 generated plans: every due day lies in its window', () => {
    const phase = fc.record({ months: fc.integer({ min: 1, max: 12 }), tests: fc.integer({ min: 1, max: 12 }) });
    const start = fc.date({ min: new Date('2024-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(start, fc.array(phase, { minLength: 1, maxLength: 5 }), (startsOn, phases) => {
        for (const t of schedulePlan(startsOn, phases)) {
          expect(t.dueOn >= t.start).toBe(true);
          expect(t.dueOn <= t.end).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('uniform over the window: the random source chooses the offset, from the first day to the last', () => {
    expect(drawDay('2026-03-01', '2026-03-31', () => 0)).toBe('2026-03-01');
    expect(drawDay('2026-03-01', '2026-03-31', (n) => n - 1)).toBe('2026-03-31');
    const seen: number[] = [];
    drawDay('2026-03-01', '2026-03-31', (n) => (seen.push(n), 0));
    expect(seen).toEqual([31]);
  });

  it('not predictable from the previous: the offset of a day in its window does not follow the one before', () => {
    // Over many 6-test plans, the offset of test 2 in its window is spread over the window whatever test 1's was.
    const same = Array.from({ length: 400 }, () => schedulePlan('2026-01-05', [{ months: 12, tests: 6 }])).filter(
      (plan) => daysBetween(plan[0].start, plan[0].dueOn) === daysBetween(plan[1].start, plan[1].dueOn),
    ).length;
    // 60-day windows: equal offsets about 1 time in 60 (400/60 ≈ 7), never most of the time.
    expect(same).toBeLessThan(60);
  });
});

/**
 * Pearson's chi-square statistic of independence of an r×c contingency table: the sum over cells of
 * (observed − expected)² / expected, the expected count being row total × column total / N.
 */
function chiSquare(table: number[][]): number {
  const n = table.flat().reduce((a, b) => a + b, 0);
  const rows = table.map((r) => r.reduce((a, b) => a + b, 0));
  const cols = table[0].map((_, j) => table.reduce((a, r) => a + r[j], 0));
  let x2 = 0;
  table.forEach((r, i) =>
    r.forEach((o, j) => {
      const e = (rows[i] * cols[j]) / n;
      if (e > 0) x2 += (o - e) ** 2 / e;
    }),
  );
  return x2;
}

describe('due days: none predictable from the previous (1,000 generated plans)', () => {
  /** Quantiles of a day's position in its window: the middle of day `offset` of `length` days, in 5 equal parts. */
  const BINS = 5;
  const quantile = (t: { start: string; end: string; dueOn: string }) =>
    Math.floor((BINS * (daysBetween(t.start, t.dueOn) + 0.5)) / (daysBetween(t.start, t.end) + 1));
  /**
   * chi-square with (5 − 1)² = 16 degrees of freedom exceeds 75.65 with probability 1e-9 when the
   * positions are independent (scipy.stats.chi2.isf(1e-9, 16)): a correct schedule never fails it,
   * while a day that follows the one before (the same offset, or the previous plus a constant) puts
   * thousands of pairs on a few cells and scores in the thousands.
   */
  const CRITICAL_1E_9_DF_16 = 75.65;

  // Windows of at least 20 days (at most 1.4 tests a month), so 5 parts of a window are nearly equal
  // and adjacent windows of different lengths cannot make their positions look related.
  const phase = fc.integer({ min: 1, max: 12 }).chain((months) => fc.record({ months: fc.constant(months), tests: fc.integer({ min: 1, max: Math.floor((months * 28) / 20) || 1 }) }));
  const start = fc.date({ min: new Date('2024-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const plans = fc.sample(fc.tuple(start, fc.array(phase, { minLength: 1, maxLength: 3 })), { numRuns: 1000, seed: 32 });

  it("the quantile of a due day in its window is independent of the previous test's (chi-square test of independence)", () => {
    const table = Array.from({ length: BINS }, () => Array<number>(BINS).fill(0));
    let pairs = 0;
    for (const [startsOn, phases] of plans) {
      // The due days the product draws: schedulePlan with its default source, the CSPRNG.
      const tests = schedulePlan(startsOn, phases);
      for (const t of tests) expect(t.dueOn >= t.start && t.dueOn <= t.end).toBe(true);
      for (let i = 1; i < tests.length; i++) {
        table[quantile(tests[i - 1])][quantile(tests[i])] += 1;
        pairs += 1;
      }
    }
    expect(plans).toHaveLength(1000);
    // Enough pairs that every cell expects far more than the 5 the test needs.
    expect(pairs).toBeGreaterThan(BINS * BINS * 100);
    expect(chiSquare(table)).toBeLessThan(CRITICAL_1E_9_DF_16);
  });

  it('the statistic finds a related table: the same quantile twice scores far above the threshold', () => {
    // The measure itself can fail: 1,000 pairs on the diagonal score N·(BINS − 1) = 4,000.
    const diagonal = Array.from({ length: BINS }, (_, i) => Array.from({ length: BINS }, (_, j) => (i === j ? 200 : 0)));
    expect(chiSquare(diagonal)).toBeCloseTo(4000);
    const even = Array.from({ length: BINS }, () => Array<number>(BINS).fill(40));
    expect(chiSquare(even)).toBe(0);
  });
});

describe('make-up tests', () => {
  it('the window is the next 14 days: tomorrow to today + 14', () => {
    expect(makeUpWindow('2026-12-25')).toEqual({ start: '2026-12-26', end: '2027-01-08' });
    for (let i = 0; i < 200; i++) {
      const w = makeUpWindow('2026-06-30');
      const d = drawDay(w.start, w.end);
      expect(d > '2026-06-30' && d <= '2026-07-14').toBe(true);
    }
  });
});

describe('pause', () => {
  it('moves window and due day by the whole days paused', () => {
    expect(pausedDays('2026-03-01', '2026-03-11')).toBe(10);
    expect(pausedDays('2026-03-01', '2026-03-01')).toBe(0);
    expect(shiftTest({ windowStart: '2026-03-06', windowEnd: '2026-05-05', dueOn: '2026-04-30' }, 10)).toEqual({
      windowStart: '2026-03-16',
      windowEnd: '2026-05-15',
      dueOn: '2026-05-10',
    });
  });
});

describe("the SAP's plan (49 CFR 40.307(d))", () => {
  const body = (phases: Array<{ months: number; tests: number }>, startsOn = '2026-01-05') => ({
    sap: { name: 'Dr. Ames' },
    returnToDutyOrder: { id: 'o' },
    startsOn,
    phases,
    substances: ['drug'],
  });
  const issues = (phases: Array<{ months: number; tests: number }>) => {
    const r = CreateFollowUpPlanBody.safeParse(body(phases));
    return r.success ? [] : r.error.issues.map((i) => ({ code: (i as { params?: { code?: string } }).params?.code ?? i.code, path: i.path.join('/') }));
  };

  it('counts the tests whose window ends within the first 12 months', () => {
    expect(testsInFirstYear('2026-01-05', [{ months: 12, tests: 6 }])).toBe(6);
    expect(testsInFirstYear('2026-01-05', [{ months: 18, tests: 9 }])).toBe(6);
    expect(testsInFirstYear('2026-01-05', [{ months: 24, tests: 6 }])).toBe(3);
    expect(testsInFirstYear('2026-01-05', [{ months: 6, tests: 4 }, { months: 6, tests: 2 }, { months: 48, tests: 8 }])).toBe(6);
  });

  it('fewer than 6 in the first year is tooSmall at phases; more than 60 months tooBig at phases; 60 is allowed', () => {
    expect(issues([{ months: 12, tests: 5 }])).toEqual([{ code: 'tooSmall', path: 'phases' }]);
    expect(issues([{ months: 12, tests: 6 }, { months: 49, tests: 4 }])).toEqual([{ code: 'tooBig', path: 'phases' }]);
    expect(issues([{ months: 61, tests: 70 }])).toEqual([{ code: 'tooBig', path: 'phases' }]);
    expect(issues([{ months: 12, tests: 6 }, { months: 48, tests: 4 }])).toEqual([]);
    expect(issues([{ months: 1, tests: 40 }])).toEqual([{ code: 'tooBig', path: 'phases/0/tests' }]);
  });
});
