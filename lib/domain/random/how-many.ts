/**
 * How many a period selects (DESIGN.md 7.2; 49 CFR 382.305(b): the rate applies to "the average
 * number of driver positions", so the base is the mean pool size over the year's draws so far, this
 * one included). Pure. Only completed tests count: a shortfall (lost, cancelled) raises the next
 * periods' counts.
 */

/** rate × size, rounded up; `toFixed(9)` first so that 0.1 × 30 (3.0000000000000004 in binary) needs 3, not 4. */
export function requiredCount(rate: number, meanPoolSize: number): number {
  return Math.ceil(Number((rate * meanPoolSize).toFixed(9)));
}

export function meanOf(sizes: readonly number[]): number {
  return sizes.length ? sizes.reduce((s, n) => s + n, 0) / sizes.length : 0;
}

export interface HowMany {
  /** The year's required count at this draw: ceil(rate × mean pool size). */
  required: number;
  /** This period's selections: ceil((required − completed this year) ÷ periods left, this one included), at least 0. */
  select: number;
}

/**
 * @param sizes the pool sizes of the year's earlier draws and this one (last)
 * @param completed tests of the year completed so far (orders final)
 * @param periodsLeft periods left in the year, this one included
 */
export function howMany(rate: number, sizes: readonly number[], completed: number, periodsLeft: number): HowMany {
  const required = requiredCount(rate, meanOf(sizes));
  const select = Math.max(0, Math.ceil((required - completed) / Math.max(1, periodsLeft)));
  return { required, select };
}
