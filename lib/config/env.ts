/**
 * Every environment variable of the service, validated by one zod schema when a process starts
 * (the server in instrumentation.ts, `npm start`, `npm run worker`, the CLI), so that a bad value
 * stops the process at once with one line naming the variable, instead of a 500 or a driver's stack
 * trace at the first request. The code reads its settings through `env` below, never process.env
 * (lib/config is the only reader). README.md "Operating it" has the same list for people.
 *
 * An empty value counts as unset (except WEBHOOK_RETRY_SCHEDULE, where empty means "no retries").
 * Variables not listed here are ignored. Messages never repeat the value of a secret.
 */
import { z } from 'zod';
import { parseRetrySchedule } from './retry-schedule';

/** Which process starts: the server needs the production secrets, the worker and the CLI do not. */
export type ProcessKind = 'server' | 'worker' | 'cli';

/** Values never echoed in a message: they may hold passwords or keys. */
const SECRET_VARIABLES = new Set([
  'DATABASE_URL', 'REDIS_URL', 'NEXTAUTH_SECRET', 'ENCRYPTION_KEY', 'METRICS_TOKEN', 'SMTP_URL', 'TWILIO_AUTH_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN',
]);

// The schema's building blocks below are exported for the tooling's schema (tooling.ts).
export const emptyIsUnset = (value: unknown) => (value === '' ? undefined : value);

export function integer(min: number, max = Number.MAX_SAFE_INTEGER) {
  const expected = max === Number.MAX_SAFE_INTEGER ? `an integer >= ${min}` : `an integer from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+$/, { error: `must be ${expected}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `must be ${expected}` });
}

export function urlWithScheme(schemes: readonly string[], example: string, prepare: (text: string) => string = (text) => text) {
  const expected = `must be a ${schemes.map((s) => `${s}//`).join(' or ')} URL, e.g. ${example}`;
  return z.string().refine(
    (text) => {
      try {
        return schemes.includes(new URL(prepare(text)).protocol);
      } catch {
        return false;
      }
    },
    { error: expected },
  );
}

/** `on`/`off` switches that the code has always read leniently (off, false, 0 switch them off). */
const onOff = z
  .string()
  .transform((text) => text.toLowerCase())
  .pipe(z.enum(['on', 'off', 'true', 'false', '1', '0'], { error: 'must be on or off (or true/false, 1/0)' }))
  .transform((text) => !['off', 'false', '0'].includes(text));

const trueFalse = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((text) => text === 'true');

/** 64 hex characters or base64 of 32 bytes, as lib/domain/order-model/identifiers.ts reads it. */
function isEncryptionKey(text: string): boolean {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  return key.length === 32;
}

/**
 * `s3://bucket` or `s3://bucket/prefix`: a bucket name as S3 allows it (3-63 lowercase letters,
 * digits, dots and hyphens, starting and ending with a letter or digit) and an optional key prefix.
 */
export function parseDocumentStoreUrl(text: string): { bucket: string; prefix: string } | null {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(text.trim());
  if (!match) return null;
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (/[\u0000-\u001f\u007f]/.test(prefix)) return null;
  return { bucket: match[1], prefix };
}

function retrySchedule(text: string): boolean {
  try {
    parseRetrySchedule(text);
    return true;
  } catch {
    return false;
  }
}

export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyIsUnset, schema.optional());
export const withDefault = <T extends z.ZodType>(schema: T, fallback: z.output<T>) => z.preprocess(emptyIsUnset, schema.optional()).transform((v) => v ?? fallback);

/** The schema: one entry per variable, with the default the code uses when it is unset. */
export const environmentSchema = z.object({
  APP_ENV: withDefault(z.enum(['staging', 'production'], { error: 'must be staging or production' }), 'staging'),
  DATABASE_URL: optional(urlWithScheme(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/database')),
  DATA_DIR: withDefault(z.string(), './.data'),
  PORT: withDefault(integer(1, 65535), 3000),
  HOSTNAME: optional(z.string()),
  TRUST_PROXY: withDefault(integer(0), 0),
  NEXTAUTH_SECRET: optional(z.string().min(32, { error: 'must be at least 32 characters (e.g. openssl rand -hex 32)' })),
  NEXTAUTH_URL: optional(urlWithScheme(['http:', 'https:'], 'https://orders.example.com')),
  ENCRYPTION_KEY: optional(z.string().refine(isEncryptionKey, { error: 'must be 32 bytes: 64 hex characters or base64 (e.g. openssl rand -hex 32)' })),
  REDIS_URL: optional(urlWithScheme(['redis:', 'rediss:'], 'redis://host:6379')),
  RATE_LIMIT_PER_MINUTE: withDefault(integer(1), 1200),
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: withDefault(integer(1), 120),
  METRICS_TOKEN: optional(z.string()),
  LOG_LEVEL: withDefault(z.enum(['debug', 'info', 'warn', 'error'], { error: 'must be debug, info, warn or error' }), 'info'),
  DEBUG: optional(z.string()),
  SANDBOX: withDefault(onOff, true),
  SANDBOX_STEP_SECONDS: withDefault(integer(1), 30),
  WEBHOOK_WORKER: withDefault(onOff, true),
  WEBHOOK_POLL_MS: withDefault(integer(10), 500),
  WEBHOOK_TIMEOUT_MS: withDefault(integer(1), 10_000),
  // Not through emptyIsUnset: an empty schedule means no retries.
  VACUUM_INTERVAL_MS: withDefault(integer(1000), 600_000),
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .refine(retrySchedule, { error: 'must be comma-separated non-negative seconds, e.g. 5,300,1800' })
    .optional(),
  ALLOW_PRIVATE_CALLBACKS: withDefault(trueFalse, false),
  CLI_LOCK_WAIT_MS: withDefault(integer(0), 15_000),
  // npm run bench:api only: serves the benchmark's constant page (/bench/constant-page); 404 otherwise.
  BENCH_PAGES: withDefault(onOff, false),
  // A tile template: {s}, {z}, {x}, {y} stand for letters and numbers, as next.config.mjs reads it.
  NEXT_PUBLIC_TILE_URL: optional(urlWithScheme(['http:', 'https:'], 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', (text) => text.replace(/\{[a-z]\}/g, 'a'))),
  NEXT_PUBLIC_TILE_ATTRIBUTION: optional(z.string()),
  NEXT_DIST_DIR: withDefault(z.string(), '.next'),
  // DESIGN.md 6.1: the base of every link sent to people (passes, invitations).
  PUBLIC_URL: optional(urlWithScheme(['http:', 'https:'], 'https://orders.example.com')),
  SMTP_URL: optional(urlWithScheme(['smtp:', 'smtps:'], 'smtp://user:password@smtp.example.com:587')),
  MAIL_FROM: optional(z.string().min(3)),
  TWILIO_ACCOUNT_SID: optional(z.string()),
  TWILIO_AUTH_TOKEN: optional(z.string()),
  TWILIO_FROM: optional(z.string()),
  TWILIO_API_BASE: optional(urlWithScheme(['http:', 'https:'], 'https://api.twilio.com')),
  REMINDER_HOURS: optional(z.string().regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, { error: 'must be comma-separated hours, e.g. 48,24' })),
  // Issue 34: document bytes in an S3-compatible object store instead of PostgreSQL (docs/operations.md).
  DOCUMENT_STORE_URL: optional(z.string().refine((text) => parseDocumentStoreUrl(text) !== null, { error: 'must be s3://bucket or s3://bucket/prefix, e.g. s3://acme-documents/orders' })),
  DOCUMENT_STORE_ENDPOINT: optional(urlWithScheme(['http:', 'https:'], 'https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000')),
  AWS_REGION: optional(z.string().regex(/^[a-z0-9-]+$/, { error: 'must be a region name, e.g. us-east-1' })),
  AWS_ACCESS_KEY_ID: optional(z.string()),
  AWS_SECRET_ACCESS_KEY: optional(z.string()),
  AWS_SESSION_TOKEN: optional(z.string()),
});

export type Config = z.output<typeof environmentSchema>;
export type Variable = keyof typeof environmentSchema.shape;
export const VARIABLES = Object.keys(environmentSchema.shape) as Variable[];

/** Required in production by each kind of process. */
const PRODUCTION_SECRETS: Record<ProcessKind, Variable[]> = {
  // Sign-in sessions are signed with NEXTAUTH_SECRET; participant identifiers are sealed with ENCRYPTION_KEY.
  server: ['NEXTAUTH_SECRET', 'ENCRYPTION_KEY'],
  // Webhook delivery and the CLI's commands use neither (the sandbox never runs in production).
  worker: [],
  cli: [],
};

export class ConfigError extends Error {
  constructor(readonly variables: string[], problems: string[]) {
    super(problems.join('; '));
    this.name = 'ConfigError';
  }
}

/** A listening address only this machine reaches. */
export function isLoopbackHost(hostname: string | undefined): boolean {
  return hostname === 'localhost' || hostname === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname ?? '');
}

function shown(name: string, value: unknown): string {
  if (typeof value !== 'string' || SECRET_VARIABLES.has(name)) return '';
  return ` (not ${JSON.stringify(value)})`;
}

/** The typed configuration of `env`; throws a ConfigError whose message is one line naming each bad variable. */
export function readConfig(env: Readonly<Record<string, string | undefined>> = process.env, kind: ProcessKind = 'server'): Config {
  const result = environmentSchema.safeParse(env);
  const problems: Array<[string, string]> = [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = String(issue.path[0]);
      if (!problems.some(([seen]) => seen === name)) problems.push([name, `${name} ${issue.message}${shown(name, env[name])}`]);
    }
  }
  if (env.APP_ENV === 'production') {
    for (const name of PRODUCTION_SECRETS[kind]) {
      if (!env[name]) problems.push([name, `${name} must be set when APP_ENV=production`]);
    }
    // /api/metrics tells anyone who reaches it the traffic and the queues: in production, a token,
    // or a server that only this machine reaches (issue 26, finding 13).
    if (kind === 'server' && !env.METRICS_TOKEN && !isLoopbackHost(env.HOSTNAME))
      problems.push(['METRICS_TOKEN', 'METRICS_TOKEN must be set when APP_ENV=production (or HOSTNAME a loopback address such as 127.0.0.1)']);
  }
  // A key id without its secret (or the reverse) would fall back to other credentials unnoticed.
  if (!env.AWS_ACCESS_KEY_ID !== !env.AWS_SECRET_ACCESS_KEY)
    problems.push([env.AWS_ACCESS_KEY_ID ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID', 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together']);
  if (env.DOCUMENT_STORE_ENDPOINT && !env.DOCUMENT_STORE_URL)
    problems.push(['DOCUMENT_STORE_ENDPOINT', 'DOCUMENT_STORE_ENDPOINT is set but DOCUMENT_STORE_URL is not (documents stay in PostgreSQL)']);
  if (problems.length) throw new ConfigError(problems.map(([name]) => name), problems.map(([, problem]) => problem));
  return result.data!;
}

/**
 * The settings of this process, as the schema reads them: `env.PORT` is a number, `env.SANDBOX` a
 * boolean, an unset variable its default.
 *
 * How it caches: each variable is parsed by its own entry of the schema when it is read, and the
 * result is kept with the text it was parsed from; a later read compares that text with process.env
 * (one lookup) and parses again only when it changed. So a test that sets a variable between two
 * reads sees the new value, and nothing else pays for a parse twice. A value the schema refuses
 * throws the ConfigError (one line naming the variable) that the start-up check would have thrown:
 * a process checked at start-up (checkEnvironment) never meets one.
 */
export const env: Readonly<Config> = (() => {
  const parsed = new Map<Variable, { text: string | undefined; value: unknown }>();
  const read = (name: Variable): unknown => {
    const text = process.env[name];
    const kept = parsed.get(name);
    if (kept && kept.text === text) return kept.value;
    const result = environmentSchema.shape[name].safeParse(text);
    if (!result.success) throw new ConfigError([name], [`${name} ${result.error.issues[0].message}${shown(name, text)}`]);
    parsed.set(name, { text, value: result.data });
    return result.data;
  };
  const view = {};
  for (const name of VARIABLES) Object.defineProperty(view, name, { get: () => read(name), enumerable: true });
  return Object.freeze(view) as Config;
})();

/**
 * Validates process.env for a starting process and drops its empty values of known variables (an
 * empty value is unset for `env` too; the child processes a launcher starts inherit the cleaned
 * environment). Throws ConfigError.
 */
export function checkEnvironment(kind: ProcessKind): Config {
  const config = readConfig(process.env, kind);
  for (const name of VARIABLES) {
    if (name !== 'WEBHOOK_RETRY_SCHEDULE' && process.env[name] === '') delete process.env[name];
  }
  return config;
}

/** For entry points: the check, or one line on stderr (`<label>: invalid environment: ...`) and exit code 1. */
export function checkEnvironmentOrExit(kind: ProcessKind, label: string): Config {
  try {
    return checkEnvironment(kind);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${label}: invalid environment: ${error.message}\n`);
    process.exit(1);
  }
}
