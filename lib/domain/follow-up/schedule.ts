/**
 * Due days no one can predict (DESIGN.md 7.3, PROGRAM-FACTS "Follow-up and return-to-duty": the
 * employer sets the dates "with no discernible pattern"): one day drawn uniformly with the CSPRNG
 * (crypto.randomInt) in each window; a make-up day within the next 14 days; a pause moves the open
 * days by the paused time. The windows themselves are windows.ts.
 */
import { randomInt } from 'node:crypto';
import { addDays, daysBetween, planWindows, type Phase, type TestWindow } from './windows';

/** A test that does not count is made up within the next 14 days (DESIGN.md 7.3). */
export const MAKE_UP_DAYS = 14;

/** A day drawn uniformly in [start, end], both inclusive. */
export function drawDay(start: string, end: string, random: (maxExclusive: number) => number = randomInt): string {
  return addDays(start, random(daysBetween(start, end) + 1));
}

export interface ScheduledTest extends TestWindow {
  dueOn: string;
}

/** Every test of a new plan: its window and a due day drawn in it. */
export function schedulePlan(startsOn: string, phases: readonly Phase[], random?: (maxExclusive: number) => number): ScheduledTest[] {
  return planWindows(startsOn, phases).map((w) => ({ ...w, dueOn: drawDay(w.start, w.end, random) }));
}

/** The window of a make-up test drawn on `today`: the next 14 days, tomorrow to today + 14. */
export function makeUpWindow(today: string): { start: string; end: string } {
  return { start: addDays(today, 1), end: addDays(today, MAKE_UP_DAYS) };
}

/** Whole days a plan was paused: from the day it was paused to the day it resumes. */
export function pausedDays(pausedOn: string, resumedOn: string): number {
  return Math.max(0, daysBetween(pausedOn, resumedOn));
}

/** An open test moved by the paused time: window and due day alike. */
export function shiftTest<T extends { windowStart: string; windowEnd: string; dueOn: string }>(test: T, days: number): Pick<T, 'windowStart' | 'windowEnd' | 'dueOn'> {
  return { windowStart: addDays(test.windowStart, days), windowEnd: addDays(test.windowEnd, days), dueOn: addDays(test.dueOn, days) };
}
