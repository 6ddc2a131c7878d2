/**
 * The windows of a follow-up plan (DESIGN.md 7.3): pure date arithmetic on `YYYY-MM-DD` days (UTC
 * calendar days, no time of day), so the schemas, the browser and the unit tests share it.
 *
 * Definition (the one place it is stated):
 * - Phase k runs over calendar months: it starts `startsOn + (months of the phases before it)`
 *   and ends the day before `startsOn + (months of the phases up to and including it)`. Months are
 *   added to `startsOn` itself, never chained, with the day clamped to the month's last day
 *   (31 January + 1 month = 28 or 29 February), so phases never drift.
 * - A phase of D days and n tests splits into n windows of equal length by days: window i
 *   (0-based) runs from day `floor(i·D/n)` to day `floor((i+1)·D/n) − 1` of the phase, both
 *   inclusive. Lengths differ by at most one day; windows never overlap and leave no gap.
 * - A phase needs at least one day per test (else a window would be empty).
 */

export interface Phase {
  months: number;
  tests: number;
}

export interface TestWindow {
  /** 1-based position in the plan. */
  number: number;
  /** First and last day of the window, both inclusive. */
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;

const parse = (day: string): number => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const format = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** `day` plus `n` days (n may be negative). */
export function addDays(day: string, n: number): string {
  return format(parse(day) + n * DAY_MS);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((parse(to) - parse(from)) / DAY_MS);
}

/** `day` plus `n` calendar months, the day of month clamped to the target month's last day. */
export function addMonths(day: string, n: number): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 + n;
  const d = Number(day.slice(8, 10));
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return format(Date.UTC(y, m, Math.min(d, last)));
}

/** The UTC calendar day of an instant (the tenant's now: lib/domain/clock.ts). */
export const dayOf = (instant: Date): string => instant.toISOString().slice(0, 10);

/** First day and day after the last of each phase. */
export function phaseBounds(startsOn: string, phases: readonly Phase[]): Array<{ start: string; endExclusive: string; days: number }> {
  let months = 0;
  return phases.map((p) => {
    const start = addMonths(startsOn, months);
    months += p.months;
    const endExclusive = addMonths(startsOn, months);
    return { start, endExclusive, days: daysBetween(start, endExclusive) };
  });
}

/** Every test's window, numbered 1.. across the phases in order. */
export function planWindows(startsOn: string, phases: readonly Phase[]): TestWindow[] {
  const windows: TestWindow[] = [];
  phaseBounds(startsOn, phases).forEach((bounds, k) => {
    const n = phases[k].tests;
    for (let i = 0; i < n; i++) {
      const from = Math.floor((i * bounds.days) / n);
      const to = Math.floor(((i + 1) * bounds.days) / n) - 1;
      windows.push({ number: windows.length + 1, start: addDays(bounds.start, from), end: addDays(bounds.start, to) });
    }
  });
  return windows;
}

/** 49 CFR 40.307(d): at least 6 tests in the first 12 months. */
export const FIRST_YEAR_MIN_TESTS = 6;
/** 49 CFR 40.307(d)(2): follow-up testing may last up to 60 months. */
export const MAX_PLAN_MONTHS = 60;

/** Tests whose whole window lies within the first 12 months (so their due day surely does). */
export function testsInFirstYear(startsOn: string, phases: readonly Phase[]): number {
  const yearEnd = addMonths(startsOn, 12);
  return planWindows(startsOn, phases).filter((w) => w.end < yearEnd).length;
}
