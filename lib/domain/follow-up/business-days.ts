/**
 * Business days for the employer's Clearinghouse report (49 CFR 382.705(b): "by the close of the
 * 3rd business day"): weekdays that are not US federal holidays (5 U.S.C. 6103, with the
 * observed-day rule: a Saturday holiday is observed the Friday before, a Sunday one the Monday after).
 */
import { addDays } from './windows';

const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();

/** The nth (1-based; -1 the last) weekday `wd` (0 Sunday) of a month. */
function nthWeekday(y: number, m: number, wd: number, n: number): string {
  if (n > 0) {
    const first = weekday(day(y, m, 1));
    return day(y, m, 1 + ((wd - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const last = weekday(day(y, m, lastDay));
  return day(y, m, lastDay - ((last - wd + 7) % 7));
}

function observed(d: string): string {
  const wd = weekday(d);
  return wd === 6 ? addDays(d, -1) : wd === 0 ? addDays(d, 1) : d;
}

/** The observed US federal holidays of a year (and New Year's Day of the next, observed on 31 December when a Saturday). */
export function federalHolidays(y: number): Set<string> {
  return new Set([
    observed(day(y, 1, 1)),
    nthWeekday(y, 1, 1, 3), // Martin Luther King Jr. Day
    nthWeekday(y, 2, 1, 3), // Washington's Birthday
    nthWeekday(y, 5, 1, -1), // Memorial Day
    observed(day(y, 6, 19)), // Juneteenth
    observed(day(y, 7, 4)),
    nthWeekday(y, 9, 1, 1), // Labor Day
    nthWeekday(y, 10, 1, 2), // Columbus Day
    observed(day(y, 11, 11)),
    nthWeekday(y, 11, 4, 4), // Thanksgiving
    observed(day(y, 12, 25)),
    observed(day(y + 1, 1, 1)),
  ]);
}

export function isBusinessDay(d: string): boolean {
  const wd = weekday(d);
  return wd !== 0 && wd !== 6 && !federalHolidays(Number(d.slice(0, 4))).has(d);
}

/** The `n`th business day after `d`. */
export function nthBusinessDayAfter(d: string, n: number): string {
  let at = d;
  for (let left = n; left > 0; ) {
    at = addDays(at, 1);
    if (isBusinessDay(at)) left--;
  }
  return at;
}
