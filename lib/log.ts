/**
 * Structured JSON logs, one line per event, with the request id. Request bodies are never logged
 * (they can hold participant identifiers). LOG_LEVEL: debug | info (default) | warn | error.
 * Lines are buffered and written once per event-loop turn: a synchronous write per request cost
 * ~12% of the server's CPU under load (docs/benchmarks.md).
 */
import { env } from '@/lib/config/env';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof LEVELS;

/** LOG_LEVEL; `info` when its value is not one (a log line must never throw, whatever set it). */
function configuredLevel(): Level {
  try {
    return env.LOG_LEVEL;
  } catch {
    return 'info';
  }
}

function enabled(level: Level): boolean {
  return LEVELS[level] >= LEVELS[configuredLevel()];
}

let buffered: string[] = [];
let scheduled = false;

function flush(): void {
  scheduled = false;
  if (buffered.length === 0) return;
  const text = buffered.join('\n') + '\n';
  buffered = [];
  process.stdout.write(text);
}

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (!enabled(level)) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === 'error' || level === 'warn') {
    console.error(line); // errors are written at once, in case the process is about to die
    return;
  }
  buffered.push(line);
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
}

process.once('exit', flush);

/**
 * An error for a log line, without what a query carried: drizzle's "Failed query" message and
 * stack hold the SQL parameters (tenant and company ids, participant data), and a driver's reason
 * can quote one ("invalid input syntax for type integer: ..."). The line keeps the query text, the
 * driver's reason with every parameter value replaced by its placeholder, and the stack frames.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const frames = (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at ')).join('\n');
  const { query, params } = error as Error & { query?: unknown; params?: unknown };
  let text: string;
  if (typeof query === 'string' && Array.isArray(params)) {
    const reason = redact(driverReason(error), params);
    text = `${error.name}: failed query (parameters withheld): ${query}${reason ? ` — ${reason}` : ''}`;
  } else text = `${error.name}: ${error.message}${codeOf(error)}`;
  return frames ? `${text}\n${frames}` : text;
}

const codeOf = (error: Error) => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? ` [${code}]` : '';
};

/** The innermost cause's message: drizzle wraps the driver's error, PGlite's carries the query too. */
function driverReason(error: Error): string {
  let inner: unknown = error;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  return inner instanceof Error && inner !== error ? `${inner.message}${codeOf(inner)}` : '';
}

function redact(text: string, params: unknown[]): string {
  return params.reduce<string>((out, value, i) => {
    const shown = value instanceof Date ? value.toISOString() : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
    return shown.length >= 3 ? out.split(shown).join(`$${i + 1}`) : out;
  }, text);
}

/** The first line of describeError: for a stored error text (a message's lastError), no stack. */
export function describeErrorBriefly(error: unknown): string {
  return describeError(error).split('\n', 1)[0];
}

/** One-time links carry their credential in the path: `/pass/<token>`, `/invite/<token>`, `/unlock/<token>`. */
const CREDENTIAL_PATH = /\/(pass|invite|unlock)\/[A-Za-z0-9_-]{8,}/g;

/** A text with the credential of every one-time link in it replaced by "…". */
export const redactCredentialPaths = (text: string) => text.replace(CREDENTIAL_PATH, '/$1/…');

/**
 * What other code logs (Next.js's own "unhandled error" and "body exceeded" lines, next-auth's,
 * a library's) passes through the same describer as ours: a query error loses its parameters, a
 * one-time link its token (issue 26, finding 10). Once per process: installConsoleRedaction in
 * lib/runtime.ts, which the entry points call.
 */
export function redactConsole(): void {
  const clean = (arg: unknown) => {
    if (arg instanceof Error) {
      const { query, params } = arg as Error & { query?: unknown; params?: unknown };
      return typeof query === 'string' && Array.isArray(params) ? describeError(arg) : arg;
    }
    return typeof arg === 'string' ? redactCredentialPaths(arg) : arg;
  };
  for (const method of ['error', 'warn', 'log', 'info'] as const) {
    const original = console[method].bind(console);
    console[method] = (...args: unknown[]) => original(...args.map(clean));
  }
}
