/**
 * Business days for the Clearinghouse's deadline (49 CFR 382.705(b)(3): "by the close of the third
 * business day following the date on which the employer obtained that information"): weekdays that
 * are not US federal holidays. The holidays are data with their source; pure, unit-tested.
 */
import { fromZonedInputValue } from '@/lib/format/time';

type HolidayRule =
  | { name: string; month: number; day: number }
  /** The nth (1-based; -1: last) weekday (0 Sunday ... 6 Saturday) of the month. */
  | { name: string; month: number; weekday: number; nth: number };

/**
 * The legal public holidays of 5 U.S.C. 6103(a) (Juneteenth since 2021, Pub. L. 117-17). A holiday
 * on a Saturday is observed the Friday before, on a Sunday the Monday after (5 U.S.C. 6103(b),
 * Executive Order 11582); OPM publishes the resulting dates each year (opm.gov, "Federal Holidays").
 */
export const FEDERAL_HOLIDAYS: { source: string; rules: readonly HolidayRule[] } = {
  source: '5 U.S.C. 6103(a) and (b); Executive Order 11582; OPM, Federal Holidays',
  rules: [
    { name: "New Year's Day", month: 1, day: 1 },
    { name: 'Birthday of Martin Luther King, Jr.', month: 1, weekday: 1, nth: 3 },
    { name: "Washington's Birthday", month: 2, weekday: 1, nth: 3 },
    { name: 'Memorial Day', month: 5, weekday: 1, nth: -1 },
    { name: 'Juneteenth National Independence Day', month: 6, day: 19 },
    { name: 'Independence Day', month: 7, day: 4 },
    { name: 'Labor Day', month: 9, weekday: 1, nth: 1 },
    { name: 'Columbus Day', month: 10, weekday: 1, nth: 2 },
    { name: 'Veterans Day', month: 11, day: 11 },
    { name: 'Thanksgiving Day', month: 11, weekday: 4, nth: 4 },
    { name: 'Christmas Day', month: 12, day: 25 },
  ],
};

const DAY_MS = 86_400_000;
/** A calendar day as a UTC midnight, so that day arithmetic ignores time zones. */
const utcDay = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function ruleDay(year: number, rule: HolidayRule): number {
  if ('day' in rule) return utcDay(year, rule.month, rule.day);
  if (rule.nth > 0) {
    const first = utcDay(year, rule.month, 1);
    const offset = (rule.weekday - new Date(first).getUTCDay() + 7) % 7;
    return first + (offset + (rule.nth - 1) * 7) * DAY_MS;
  }
  const last = utcDay(year, rule.month + 1, 1) - DAY_MS;
  return last - ((new Date(last).getUTCDay() - rule.weekday + 7) % 7) * DAY_MS;
}

/** The days federal offices close in `year` (observed dates, `YYYY-MM-DD`), with the holiday's name. */
export function federalHolidays(year: number): Map<string, string> {
  const days = new Map<string, string>();
  for (const rule of FEDERAL_HOLIDAYS.rules) {
    let day = ruleDay(year, rule);
    const weekday = new Date(day).getUTCDay();
    if (weekday === 6) day -= DAY_MS;
    if (weekday === 0) day += DAY_MS;
    days.set(isoDay(day), rule.name);
  }
  return days;
}

/** Whether `day` (`YYYY-MM-DD`) is a business day: a weekday, not a federal holiday as observed. */
export function isBusinessDay(day: string): boolean {
  const ms = Date.parse(`${day}T00:00:00Z`);
  const weekday = new Date(ms).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const year = Number(day.slice(0, 4));
  // 1 January on a Saturday is observed on 31 December of the year before.
  return !federalHolidays(year).has(day) && !(day.endsWith('-12-31') && federalHolidays(year + 1).has(day));
}

/** The calendar day of an instant in a time zone (`YYYY-MM-DD`). */
export function dayIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** The `n`th business day after `day` (`YYYY-MM-DD`). */
export function addBusinessDays(day: string, n: number): string {
  let ms = Date.parse(`${day}T00:00:00Z`);
  for (let counted = 0; counted < n; ) {
    ms += DAY_MS;
    if (isBusinessDay(isoDay(ms))) counted++;
  }
  return isoDay(ms);
}

/**
 * The close of the `n`th business day after the day of `learnedAt` in `timeZone`: the last
 * millisecond of that day there (382.705(b)(3) with n = 3).
 */
export function closeOfBusinessDay(learnedAt: Date, n: number, timeZone: string): Date {
  const due = addBusinessDays(dayIn(learnedAt, timeZone), n);
  const next = isoDay(Date.parse(`${due}T00:00:00Z`) + DAY_MS);
  return new Date(fromZonedInputValue(`${next}T00:00`, timeZone) - 1);
}
