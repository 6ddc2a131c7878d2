/**
 * The one home of how the dashboard writes an instant: always in a named IANA zone given by the
 * caller (the signed-in user's, lib/auth/page-context.ts; handed to client components by
 * components/ui/time-zone.tsx), never in the zone of the process that happens to render it, so the
 * server's HTML and the browser's render are the same text. A leaf: pure Intl, no project imports.
 */

/** The zone shown until the user's own is known (no company or location zone applies to the dashboard). */
export const DEFAULT_TIME_ZONE = 'UTC';

/** The ways an instant is written: `Nov 27, 2026, 7:16 AM`, `Nov 27, 2026`, `Fri 7:16 AM` (a deadline's clock). */
export type TimeStyle = 'dateTime' | 'date' | 'clock';

const OPTIONS: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  clock: { weekday: 'short', hour: 'numeric', minute: '2-digit' },
};

/** The Intl options of a style in a zone: what the dashboard shows, and what a test expects. */
export function timeStyleOptions(style: TimeStyle, timeZone: string): Intl.DateTimeFormatOptions {
  return { ...OPTIONS[style], timeZone };
}

/** One formatter per zone and style: building an Intl.DateTimeFormat costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: TimeStyle, timeZone: string): Intl.DateTimeFormat {
  const key = `${style} ${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', timeStyleOptions(style, timeZone));
    if (formatters.size < 1_000) formatters.set(key, format);
  }
  return format;
}

/** An instant (ISO string, Date or epoch milliseconds) written in `timeZone`; `—` for none. */
export function formatInstant(value: string | Date | number | null | undefined, timeZone: string, style: TimeStyle = 'dateTime'): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return formatter(style, timeZone).format(date);
}

/** IANA names only (`America/Chicago`, `UTC`, `Etc/GMT+5`): no offsets such as `+01:00`, which Intl accepts too. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/**
 * The zone's name as Intl spells it (`america/chicago` -> `America/Chicago`), or null when the text
 * is not a time zone the runtime knows.
 */
export function canonicalTimeZone(value: string): string | null {
  if (value.length > 64 || !ZONE_NAME.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const isTimeZone = (value: string) => canonicalTimeZone(value) !== null;

/** A fixed instant of today's rules: at 1970, say, Europe/Berlin had no daylight saving and ICU names its standard time instead. */
const GENERIC_NAME_AT = Date.UTC(2025, 0, 15);

/** `Central Time (America/Chicago)`; `Coordinated Universal Time (UTC)`. How a page names its zone. */
export function timeZoneLabel(timeZone: string): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return `Coordinated Universal Time (${timeZone})`;
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' }).formatToParts(GENERIC_NAME_AT).find((p) => p.type === 'timeZoneName')?.value;
    return name && name !== timeZone ? `${name} (${timeZone})` : timeZone;
  } catch {
    return timeZone;
  }
}

/** The zones a user may choose from, as the runtime knows them (UTC first). */
export function timeZoneChoices(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

/** `6 h 05 min`, `12 min 30 s`: what is left of a duration, to the second under an hour (zone-free). */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  return `${m} min ${String(s).padStart(2, '0')} s`;
}

/** `2026-11-24 07:05`: an instant in `timeZone` as a date and time any spreadsheet reads as one (the CSV export). */
export function formatSpreadsheetTime(value: string | Date | number, timeZone: string): string {
  const w = wallClock(new Date(value).getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(ms: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(ms);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** `YYYY-MM-DDTHH:mm`: an instant as a datetime-local input's value in `timeZone`. */
export function toZonedInputValue(ms: number, timeZone: string): string {
  const w = wallClock(ms, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/**
 * The instant a datetime-local value (`YYYY-MM-DDTHH:mm`) means in `timeZone`, or NaN. A wall time
 * that happens twice (the hour repeated when daylight saving ends) is the earlier; one skipped
 * (the hour lost when it starts) moves forward by the gap.
 */
export function fromZonedInputValue(local: string, timeZone: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return NaN;
  const asUtc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0));
  const offsetAt = (ms: number) => {
    const w = wallClock(ms, timeZone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
  };
  // The instants whose wall clock could read `local`: one side of an offset change each.
  const candidates = [...new Set([asUtc - offsetAt(asUtc - 86_400_000), asUtc - offsetAt(asUtc + 86_400_000), asUtc - offsetAt(asUtc)])];
  const exact = candidates.filter((t) => t + offsetAt(t) === asUtc);
  return exact.length ? Math.min(...exact) : Math.max(...candidates);
}
