/**
 * The environment variables of the tools around the app: the test runner (scripts/test.ts), the
 * browser tests (playwright.config.ts, scripts/e2e-server.ts), `npm start` and the benchmarks
 * (scripts/bench-*.ts, scripts/bench/*). None of them is a setting of the service (those are
 * env.ts's, which a tool reads through `env` like the app does). Read through `tooling` below: each
 * variable parsed by its entry of the schema when it is read (so a value set by the tool itself, such
 * as playwright.config.ts's E2E_RUN_ID, is seen); a value the schema refuses throws env.ts's
 * one-line ConfigError naming the variable. An empty value counts as unset.
 *
 * A tool never spreads or writes the environment itself: `childEnv(overrides)` is the environment
 * of a child process, `setProcessEnv` / `setProcessEnvDefault` set a variable of this process.
 */
import { z } from 'zod';
import { ConfigError, integer, optional, urlWithScheme, withDefault, type Variable } from './env';

export { setProcessEnv, setProcessEnvDefault } from './server-process.mjs';

const postgresUrl = urlWithScheme(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/database');
const port = integer(1, 65535);
/** Any non-empty value switches it on (CI=true, PWDEBUG=1). */
const flag = z.preprocess((value) => value ?? '', z.string()).transform(Boolean);

export const toolingSchema = z.object({
  // Benchmarks (docs/benchmarks.md). Each one's defaults are in its header.
  /** bench:api and bench:outbox: their work folder (results, logs, data), by default under the system's temporary folder. */
  BENCH_DIR: optional(z.string()),
  /** bench:api, bench:outbox, bench/create-statements.ts: the PostgreSQL server of their scratch databases (else DATABASE_URL's). */
  BENCH_PG_URL: optional(postgresUrl),
  /** bench:api and bench:outbox: another name for their scratch PostgreSQL database. */
  BENCH_PG_DB: optional(z.string()),
  /** bench:api and bench:clinics: their scratch PGlite data folder. */
  BENCH_DATA_DIR: optional(z.string()),
  /** bench:clinics: its scratch PostgreSQL database. */
  BENCH_DATABASE_URL: withDefault(postgresUrl, 'postgres://postgres@127.0.0.1:5432/benchclinics'),
  // bench/bare-server.ts, the floor of bench:api, is given these by bench-api.ts.
  BARE_DATABASE_URL: optional(postgresUrl),
  BARE_PORT: withDefault(port, 3390),
  BARE_TENANT_ID: withDefault(z.string(), ''),
  /** Comma-separated. */
  BARE_COMPANY_IDS: withDefault(z.string(), '').transform((text) => text.split(',').filter(Boolean)),

  // Tests (tests/README.md).
  /** On a CI machine: `npm test` fails on an undeclared skip, Playwright on test.only and never reuses a running server. */
  CI: flag,
  /** `npm run fuzz`: the runs of the fuzz test. */
  FUZZ_RUNS: withDefault(integer(1), 500),
  /** The port of the browser tests' server (scripts/e2e-server.ts). */
  E2E_PORT: withDefault(port, 3100),
  /** Set by playwright.config.ts for its workers: the folder of this run's failure artifacts. */
  E2E_RUN_ID: withDefault(z.string(), ''),
  /** Set by playwright.config.ts for its workers: `1` when a browser window is wanted. */
  E2E_HEADED: z.string().optional().transform((text) => text === '1'),
  /** Playwright's inspector (`--debug` sets it): a window is wanted. */
  PWDEBUG: flag,
  /** Where Playwright's JSON report goes. */
  PLAYWRIGHT_JSON_OUTPUT_NAME: withDefault(z.string(), 'test-results/e2e.json'),
  /** The Chromium the browser tests drive (scripts/lib/chromium.ts), instead of the one found. */
  CHROMIUM_PATH: optional(z.string()),
});

export type Tooling = z.output<typeof toolingSchema>;
export type ToolingVariable = keyof typeof toolingSchema.shape;

/** The tools' settings, read from the environment at each read. */
export const tooling: Readonly<Tooling> = (() => {
  const view = {};
  for (const name of Object.keys(toolingSchema.shape) as ToolingVariable[]) {
    const get = () => {
      const text = process.env[name];
      const result = toolingSchema.shape[name].safeParse(text);
      if (result.success) return result.data;
      // A URL may hold a password: never repeated.
      const shown = text === undefined || name.endsWith('_URL') ? '' : ` (not ${JSON.stringify(text)})`;
      throw new ConfigError([name], [`${name} ${result.error.issues[0].message}${shown}`]);
    };
    Object.defineProperty(view, name, { get, enumerable: true });
  }
  return Object.freeze(view) as Tooling;
})();

/**
 * Whether one of the service's variables (env.ts) is set to a non-empty value: for a tool whose
 * default differs from the service's (bench:outbox runs its server with LOG_LEVEL=warn unless told).
 */
export function isSet(name: Variable): boolean {
  return Boolean(process.env[name]);
}

/**
 * The environment of a child process: this process's, with `overrides` on top; an override of
 * undefined leaves the variable out. `childEnv()` is a copy of this process's.
 */
export function childEnv(overrides: Readonly<Record<string, string | undefined>> = {}): NodeJS.ProcessEnv {
  const result: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete result[name];
    else result[name] = value;
  }
  return result;
}
