/**
 * A pool's periods (DESIGN.md 7.2): its year split by frequency, `2026-Q3` or `2026-07`. Pure; dates
 * are `YYYY-MM-DD` days of the tenant's clock (UTC: lib/domain/clock.ts), first and last day included.
 */
export const FREQUENCIES = ['monthly', 'quarterly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export interface Period {
  key: string;
  year: number;
  /** 0-based index in the year. */
  index: number;
  start: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export function periodsPerYear(frequency: Frequency): number {
  return frequency === 'monthly' ? 12 : 4;
}

export function periodAt(year: number, index: number, frequency: Frequency): Period {
  const months = frequency === 'monthly' ? 1 : 3;
  const first = index * months + 1;
  const last = first + months - 1;
  return {
    key: frequency === 'monthly' ? `${year}-${pad(first)}` : `${year}-Q${index + 1}`,
    year,
    index,
    start: `${year}-${pad(first)}-01`,
    end: `${year}-${pad(last)}-${pad(lastDay(year, last))}`,
  };
}

export function periodsOfYear(year: number, frequency: Frequency): Period[] {
  return Array.from({ length: periodsPerYear(frequency) }, (_, i) => periodAt(year, i, frequency));
}

/** The period a day falls in. */
export function periodOfDay(day: string, frequency: Frequency): Period {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return periodAt(year, frequency === 'monthly' ? month - 1 : Math.floor((month - 1) / 3), frequency);
}

/** `2026-Q3` for a quarterly pool, `2026-07` for a monthly one; null when the key does not fit the frequency. */
export function parsePeriod(key: string, frequency: Frequency): Period | null {
  const m = frequency === 'monthly' ? /^(\d{4})-(0[1-9]|1[0-2])$/.exec(key) : /^(\d{4})-Q([1-4])$/.exec(key);
  if (!m) return null;
  const year = Number(m[1]);
  if (year < 2000 || year > 2100) return null;
  return periodAt(year, Number(m[2]) - 1, frequency);
}

/** The day `n` days after `day`. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysBetweenInclusive(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1);
}

/** The tenant's day of an instant of its clock. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);
