/**
 * The settings of the plain JavaScript that Node.js runs as it is, before any TypeScript: the
 * production server (scripts/server.mjs, scripts/lib/request-origin.mjs) and next.config.mjs. They
 * cannot import env.ts (TypeScript importing by `@/` and by names without an extension, which
 * Node.js's type stripping does not resolve), so they read their few variables here, in lib/config,
 * with env.ts's defaults and an empty value as unset. env.ts's schema still validates them: in the
 * server's process when Next.js starts (instrumentation.ts, during `app.prepare()`), before the
 * server listens; a bad value stops it there with one line naming the variable.
 *
 * Also here, for the TypeScript tools too (tooling.ts re-exports them): the two ways a process sets
 * a variable for itself and for the children it starts.
 */

/** The variable's text, or undefined when unset or empty. */
const read = (name) => {
  const text = process.env[name];
  return text === '' ? undefined : text;
};

/** What scripts/server.mjs listens on and how it answers: PORT (3000), HOSTNAME (every interface), APP_ENV (staging). */
export function serverSettings() {
  return {
    port: Number(read('PORT') ?? 3000),
    hostname: read('HOSTNAME'),
    appEnv: read('APP_ENV') ?? 'staging',
  };
}

/** TRUST_PROXY: how many reverse proxies stand in front of the server (0, also for a value that is no number). */
export function trustedProxyHops() {
  return Math.max(0, Number.parseInt(read('TRUST_PROXY') ?? '0', 10) || 0);
}

/** NEXT_DIST_DIR: the folder of the build (`.next`), for next.config.mjs. */
export function nextDistDir() {
  return read('NEXT_DIST_DIR') ?? '.next';
}

/** Sets (or, with undefined, removes) a variable of this process; the children it starts inherit it. */
export function setProcessEnv(name, value) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/** Sets a variable of this process unless it is already set (an empty value counts as set). */
export function setProcessEnvDefault(name, value) {
  process.env[name] ??= value;
}
