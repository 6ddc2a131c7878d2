/**
 * Whether an error means "the database cannot be reached now" rather than "this query is wrong":
 * the server answers the first with 503 `serviceUnavailable` and Retry-After (the client should
 * try again), the second with the logged 500 (issue 26, finding 11). drizzle wraps the driver's
 * error in `cause`; the whole chain is looked at.
 */

/** Socket errors of the driver's connection (node:net), and the pool's own time-out. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);

/**
 * PostgreSQL's SQLSTATEs of a server that is there but will not serve: class 08 (connection
 * exception), 57P01-57P03 (shutting down, crash recovery, cannot connect now), 53300 (too many
 * connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** node-postgres and PGlite say these in words, without a code. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed|PGlite is closed|database system is (starting up|shutting down)/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; current = (current as { cause?: unknown }).cause, depth++) {
    if (!(current instanceof Error)) return false;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    if (UNAVAILABLE_MESSAGE.test(current.message)) return true;
  }
  return false;
}

/** Seconds a client waits before trying again after a 503 (a restart or fail-over takes a few). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
