/**
 * Structured JSON logs, one line per event, with the request id. Request bodies are never logged
 * (they can hold participant identifiers). LOG_LEVEL: debug | info (default) | warn | error.
 */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof LEVELS;

function enabled(level: Level): boolean {
  const configured = (process.env.LOG_LEVEL as Level | undefined) ?? 'info';
  return LEVELS[level] >= (LEVELS[configured] ?? LEVELS.info);
}

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (!enabled(level)) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}
