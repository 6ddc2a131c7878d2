/**
 * An action's countdown in words (DESIGN.md 7.4): "due in 3 h", "overdue by 2 d". The largest unit
 * that fits, rounded down; pure (the server and the browser write the same words).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function span(ms: number): string {
  if (ms >= 2 * DAY) return `${Math.floor(ms / DAY)} d`;
  if (ms >= HOUR) return `${Math.floor(ms / HOUR)} h`;
  return `${Math.max(1, Math.floor(ms / MINUTE))} min`;
}

/** The countdown from `now` to `dueAt` (ms): `due in …`, or `overdue by …` at and after it. */
export function countdown(dueAtMs: number, nowMs: number): string {
  const left = dueAtMs - nowMs;
  return left > 0 ? `due in ${span(left)}` : `overdue by ${span(-left)}`;
}
