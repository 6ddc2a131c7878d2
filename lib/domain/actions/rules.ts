/**
 * The due rules of the action types (types.ts), pure: each takes the facts and the tenant's now and
 * says whether the action is raised and when it is due. Calendar days are UTC days (a date column
 * such as `notifyOn` or `lastLimitedQueryOn` is a day of the calendar, due at its start in UTC).
 */
import { DUE_RULES } from './types';

const DAY = 86_400_000;

/** The start (00:00 UTC) of a `YYYY-MM-DD` day. */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

/** The UTC day of an instant, as `YYYY-MM-DD`. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** A `YYYY-MM-DD` day `n` days later (earlier when negative). */
export const addDays = (day: string, n: number): string => dayOf(new Date(dayStart(day).getTime() + n * DAY));

export interface Period {
  /** `2026-Q3` or `2026-07`. */
  period: string;
  /** First and last day, inclusive. */
  start: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The random-testing period (DESIGN.md 7.2) of a pool's frequency that holds `at` (UTC). */
export function periodOf(at: Date, frequency: 'monthly' | 'quarterly'): Period {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth(); // 0-based
  const first = frequency === 'monthly' ? month : Math.floor(month / 3) * 3;
  const months = frequency === 'monthly' ? 1 : 3;
  const start = `${year}-${pad(first + 1)}-01`;
  const end = dayOf(new Date(Date.UTC(year, first + months, 1) - DAY));
  return { period: frequency === 'monthly' ? `${year}-${pad(month + 1)}` : `${year}-Q${first / 3 + 1}`, start, end };
}

/** 382.305: a draw not made `drawGraceMs` into its period. Raised and due at that instant. */
export function drawDue(period: Period): Date {
  return new Date(dayStart(period.start).getTime() + DUE_RULES.drawGraceMs);
}

/** A period's end: the start of the day after its last day. */
export const periodEndsAt = (lastDay: string): Date => dayStart(addDays(lastDay, 1));

/** A selection untested: raised `untestedWarningMs` before its period ends, due at the end; null once the period is over. */
export function untestedWindow(lastDay: string, now: Date): { raiseAt: Date; dueAt: Date } | null {
  const dueAt = periodEndsAt(lastDay);
  if (now.getTime() >= dueAt.getTime()) return null;
  return { raiseAt: new Date(dueAt.getTime() - DUE_RULES.untestedWarningMs), dueAt };
}

/**
 * 382.701(b): a limited query of every driver at least once every 12 months. Due 12 months after
 * the last one (the same day a year on; 29 February falls on 28 February), or on the day the
 * employee became active when none is recorded; raised `limitedQueryNoticeMs` before.
 */
export function limitedQueryDue(lastLimitedQueryOn: string | null, activeFrom: string): { raiseAt: Date; dueAt: Date } {
  let dueDay = activeFrom;
  if (lastLimitedQueryOn) {
    const [y, m, d] = lastLimitedQueryOn.split('-').map(Number);
    const last = new Date(Date.UTC(y + 1, m, 0)).getUTCDate(); // days in the month a year on
    dueDay = `${y + 1}-${pad(m)}-${pad(Math.min(d, last))}`;
  }
  const dueAt = dayStart(dueDay);
  return { raiseAt: new Date(dueAt.getTime() - DUE_RULES.limitedQueryNoticeMs), dueAt };
}

/**
 * 40.26: the MIS report of a calendar year is due 15 March of the next; the reminder starts on 1
 * February. The report year whose reminder has started at `now`, or null in January.
 */
export function misReportWindow(now: Date): { year: number; remindFrom: Date; dueAt: Date } | null {
  const y = now.getUTCFullYear();
  const remindFrom = new Date(Date.UTC(y, 1, 1));
  if (now.getTime() < remindFrom.getTime()) return null;
  return { year: y - 1, remindFrom, dueAt: new Date(Date.UTC(y, 2, 15)) };
}

/** An instant `ms` after a stamp (the hour rules: result review, MRO contact, lab arrival). */
export const after = (at: Date, ms: number): Date => new Date(at.getTime() + ms);

/** Whether an open action with this due time is overdue at `now`. */
export const isOverdue = (dueAt: Date | null, now: Date): boolean => dueAt !== null && dueAt.getTime() <= now.getTime();
