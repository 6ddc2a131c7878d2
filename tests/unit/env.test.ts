/** lib/config/env.ts: the one schema every process checks its environment against at start-up. */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkEnvironment, ConfigError, readConfig, VARIABLES, type ProcessKind } from '@/lib/config/env';
import { DEFAULT_STEP_SECONDS } from '@/lib/sandbox/simulator';
import { DEFAULT_POLL_MS } from '@/lib/worker/delivery-loop';
import { DEFAULT_TIMEOUT_MS } from '@/lib/worker/send';
import vitestConfig from '@/vitest.config';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SECRET = 's'.repeat(32);
const HEX_KEY = 'ab'.repeat(32);
const PRODUCTION = { APP_ENV: 'production', NEXTAUTH_SECRET: SECRET, ENCRYPTION_KEY: HEX_KEY, METRICS_TOKEN: 'm'.repeat(32) };

/** The ConfigError message for `env`, or undefined when it is valid. */
function problem(env: Record<string, string>, kind: ProcessKind = 'server'): string | undefined {
  try {
    readConfig(env, kind);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).not.toContain('\n');
    return message;
  }
}

describe('defaults', () => {
  it('an empty environment is a valid staging configuration, with the defaults the code uses', () => {
    expect(readConfig({})).toEqual({
      APP_ENV: 'staging',
      DATA_DIR: './.data',
      PORT: 3000,
      TRUST_PROXY: 0,
      RATE_LIMIT_PER_MINUTE: 1200,
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: 120,
      LOG_LEVEL: 'info',
      SANDBOX: true,
      SANDBOX_STEP_SECONDS: 30,
      WEBHOOK_WORKER: true,
      WEBHOOK_POLL_MS: 500,
      VACUUM_INTERVAL_MS: 600_000,
      WEBHOOK_TIMEOUT_MS: 10_000,
      ALLOW_PRIVATE_CALLBACKS: false,
      CLI_LOCK_WAIT_MS: 15_000,
      BENCH_PAGES: false,
      NEXT_DIST_DIR: '.next',
    });
  });

  it('match the constants of the modules that read the variables', () => {
    const config = readConfig({});
    expect(config.WEBHOOK_POLL_MS).toBe(DEFAULT_POLL_MS);
    expect(config.WEBHOOK_TIMEOUT_MS).toBe(DEFAULT_TIMEOUT_MS);
    expect(config.SANDBOX_STEP_SECONDS).toBe(DEFAULT_STEP_SECONDS);
  });

  it('accepts the environments the test projects and launchers set', () => {
    const api = vitestConfig.test!.projects!.map((p) => (p as { test: { name: string; env?: Record<string, string> } }).test).find((t) => t.name === 'api');
    expect(api?.env).toBeDefined();
    expect(problem(api!.env!)).toBeUndefined();
    // scripts/e2e-server.ts and tests/server/crash-safety.test.ts
    expect(problem({ PORT: '3100', DATA_DIR: '/tmp/x', APP_ENV: 'staging', SANDBOX: 'off', ALLOW_PRIVATE_CALLBACKS: 'true', NODE_ENV: 'production' })).toBeUndefined();
    expect(problem({ WEBHOOK_RETRY_SCHEDULE: '1,1,1', WEBHOOK_POLL_MS: '200', RATE_LIMIT_PER_MINUTE: '100000', DATABASE_URL: '' })).toBeUndefined();
  });
});

describe('DATABASE_URL', () => {
  it.each(['postgres://postgres@127.0.0.1:5432/test', 'postgresql://user:pw@db.internal/orders?sslmode=require', 'postgres:///orders?host=/var/run/postgresql'])(
    'accepts %s',
    (url) => {
      expect(readConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    },
  );

  it.each(['not-a-url', 'mysql://root:hunter2@db/orders', 'http://db:5432/orders', 'postgres'])('refuses %s, without repeating the value', (url) => {
    const message = problem({ DATABASE_URL: url });
    expect(message).toBe('DATABASE_URL must be a postgres:// or postgresql:// URL, e.g. postgres://user:password@host:5432/database');
    expect(message).not.toContain('hunter2');
  });
});

describe('APP_ENV', () => {
  it('is staging or production', () => {
    expect(readConfig({ APP_ENV: 'staging' }).APP_ENV).toBe('staging');
    expect(readConfig(PRODUCTION).APP_ENV).toBe('production');
    expect(problem({ APP_ENV: 'prod' })).toBe('APP_ENV must be staging or production (not "prod")');
    expect(problem({ APP_ENV: 'Production' })).toBe('APP_ENV must be staging or production (not "Production")');
  });
});

describe('production secrets', () => {
  it('the server needs NEXTAUTH_SECRET and ENCRYPTION_KEY', () => {
    expect(problem({ APP_ENV: 'production' })).toBe(
      'NEXTAUTH_SECRET must be set when APP_ENV=production; ENCRYPTION_KEY must be set when APP_ENV=production; METRICS_TOKEN must be set when APP_ENV=production (or HOSTNAME a loopback address such as 127.0.0.1)',
    );
    expect(problem({ ...PRODUCTION, NEXTAUTH_SECRET: '' })).toBe('NEXTAUTH_SECRET must be set when APP_ENV=production');
    expect(problem({ ...PRODUCTION, ENCRYPTION_KEY: '' })).toBe('ENCRYPTION_KEY must be set when APP_ENV=production');
  });

  it('the server needs METRICS_TOKEN unless it listens on a loopback address only (issue 26, finding 13)', () => {
    expect(problem({ ...PRODUCTION, METRICS_TOKEN: '' })).toBe('METRICS_TOKEN must be set when APP_ENV=production (or HOSTNAME a loopback address such as 127.0.0.1)');
    expect(problem({ ...PRODUCTION, METRICS_TOKEN: '', HOSTNAME: '0.0.0.0' })).toBe('METRICS_TOKEN must be set when APP_ENV=production (or HOSTNAME a loopback address such as 127.0.0.1)');
    for (const HOSTNAME of ['127.0.0.1', 'localhost', '::1']) expect(problem({ ...PRODUCTION, METRICS_TOKEN: '', HOSTNAME })).toBeUndefined();
    expect(problem({ METRICS_TOKEN: '' })).toBeUndefined(); // staging: open, as before
  });

  it('the worker and the CLI use neither', () => {
    expect(problem({ APP_ENV: 'production' }, 'worker')).toBeUndefined();
    expect(problem({ APP_ENV: 'production' }, 'cli')).toBeUndefined();
  });

  it('NEXTAUTH_SECRET has at least 32 characters, in any environment', () => {
    expect(problem({ ...PRODUCTION, NEXTAUTH_SECRET: 'changeme' })).toBe('NEXTAUTH_SECRET must be at least 32 characters (e.g. openssl rand -hex 32)');
    expect(problem({ NEXTAUTH_SECRET: 'changeme' })).toMatch(/^NEXTAUTH_SECRET must be at least 32 characters/);
  });

  it('ENCRYPTION_KEY is 32 bytes, as 64 hex characters or base64', () => {
    expect(problem({ ...PRODUCTION, ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') })).toBeUndefined();
    for (const key of ['ab'.repeat(31), 'not-a-key', Buffer.alloc(16).toString('base64')]) {
      const message = problem({ ...PRODUCTION, ENCRYPTION_KEY: key });
      expect(message).toBe('ENCRYPTION_KEY must be 32 bytes: 64 hex characters or base64 (e.g. openssl rand -hex 32)');
    }
  });
});

describe('numbers are integers in range', () => {
  it.each([
    ['PORT', '8080', 8080],
    ['TRUST_PROXY', '0', 0],
    ['TRUST_PROXY', '2', 2],
    ['RATE_LIMIT_PER_MINUTE', '3', 3],
    ['WEBHOOK_POLL_MS', '10', 10],
    ['CLI_LOCK_WAIT_MS', '0', 0],
  ] as const)('%s=%s', (name, value, parsed) => {
    expect(readConfig({ [name]: value })[name]).toBe(parsed);
  });

  it.each([
    ['PORT', 'abc', 'must be an integer from 1 to 65535'],
    ['PORT', '0', 'must be an integer from 1 to 65535'],
    ['PORT', '70000', 'must be an integer from 1 to 65535'],
    ['PORT', ' 3000', 'must be an integer from 1 to 65535'],
    ['TRUST_PROXY', '-1', 'must be an integer >= 0'],
    ['TRUST_PROXY', 'yes', 'must be an integer >= 0'],
    ['RATE_LIMIT_PER_MINUTE', '0', 'must be an integer >= 1'],
    ['RATE_LIMIT_ANONYMOUS_PER_MINUTE', '1.5', 'must be an integer >= 1'],
    ['SANDBOX_STEP_SECONDS', 'fast', 'must be an integer >= 1'],
    ['WEBHOOK_POLL_MS', '5', 'must be an integer >= 10'],
    ['WEBHOOK_TIMEOUT_MS', '1e4', 'must be an integer >= 1'],
  ])('refuses %s=%j', (name, value, expected) => {
    expect(problem({ [name]: value })).toBe(`${name} ${expected} (not ${JSON.stringify(value)})`);
  });
});

describe('switches', () => {
  it('ALLOW_PRIVATE_CALLBACKS is true or false', () => {
    expect(readConfig({ ALLOW_PRIVATE_CALLBACKS: 'true' }).ALLOW_PRIVATE_CALLBACKS).toBe(true);
    expect(readConfig({ ALLOW_PRIVATE_CALLBACKS: 'false' }).ALLOW_PRIVATE_CALLBACKS).toBe(false);
    // lib/domain/outbox/callback-url.ts allows only the exact text `true`: `1` would silently mean false.
    expect(problem({ ALLOW_PRIVATE_CALLBACKS: '1' })).toBe('ALLOW_PRIVATE_CALLBACKS must be true or false (not "1")');
  });

  it('SANDBOX and WEBHOOK_WORKER keep their documented off values (off, false, 0)', () => {
    for (const off of ['off', 'false', '0', 'OFF']) expect(readConfig({ SANDBOX: off, WEBHOOK_WORKER: off })).toMatchObject({ SANDBOX: false, WEBHOOK_WORKER: false });
    for (const on of ['on', 'true', '1']) expect(readConfig({ SANDBOX: on, WEBHOOK_WORKER: on })).toMatchObject({ SANDBOX: true, WEBHOOK_WORKER: true });
    expect(problem({ SANDBOX: 'maybe' })).toBe('SANDBOX must be on or off (or true/false, 1/0) (not "maybe")');
  });

  it('LOG_LEVEL is debug, info, warn or error', () => {
    expect(readConfig({ LOG_LEVEL: 'warn' }).LOG_LEVEL).toBe('warn');
    expect(problem({ LOG_LEVEL: 'verbose' })).toBe('LOG_LEVEL must be debug, info, warn or error (not "verbose")');
  });
});

describe('other URLs and lists', () => {
  it('REDIS_URL is redis:// or rediss://', () => {
    expect(problem({ REDIS_URL: 'redis://cache:6379' })).toBeUndefined();
    expect(problem({ REDIS_URL: 'rediss://:pw@cache:6380/0' })).toBeUndefined();
    expect(problem({ REDIS_URL: 'http://cache:6379' })).toBe('REDIS_URL must be a redis:// or rediss:// URL, e.g. redis://host:6379');
  });

  it('NEXTAUTH_URL and the tile template are http(s) URLs', () => {
    expect(problem({ NEXTAUTH_URL: 'https://orders.example.com', NEXT_PUBLIC_TILE_URL: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png' })).toBeUndefined();
    expect(problem({ NEXTAUTH_URL: 'orders.example.com' })).toMatch(/^NEXTAUTH_URL must be a http:\/\/ or https:\/\/ URL/);
    expect(problem({ NEXT_PUBLIC_TILE_URL: 'tiles/{z}/{x}/{y}.png' })).toMatch(/^NEXT_PUBLIC_TILE_URL must be a http:\/\/ or https:\/\/ URL/);
  });

  it('WEBHOOK_RETRY_SCHEDULE is comma-separated seconds; empty means no retries', () => {
    expect(readConfig({ WEBHOOK_RETRY_SCHEDULE: '0.1,5,300' }).WEBHOOK_RETRY_SCHEDULE).toBe('0.1,5,300');
    expect(readConfig({ WEBHOOK_RETRY_SCHEDULE: '' }).WEBHOOK_RETRY_SCHEDULE).toBe('');
    expect(problem({ WEBHOOK_RETRY_SCHEDULE: '5,soon' })).toBe('WEBHOOK_RETRY_SCHEDULE must be comma-separated non-negative seconds, e.g. 5,300,1800 (not "5,soon")');
  });
});

describe('documents in an object store (issue 34)', () => {
  it('DOCUMENT_STORE_URL is s3://bucket or s3://bucket/prefix', () => {
    expect(problem({ DOCUMENT_STORE_URL: 's3://acme-documents' })).toBeUndefined();
    expect(problem({ DOCUMENT_STORE_URL: 's3://acme-documents/orders/2026' })).toBeUndefined();
    for (const bad of ['https://acme-documents', 's3://', 's3://Acme_Documents/x', 's3://ab'])
      expect(problem({ DOCUMENT_STORE_URL: bad })).toBe(`DOCUMENT_STORE_URL must be s3://bucket or s3://bucket/prefix, e.g. s3://acme-documents/orders (not "${bad}")`);
  });

  it('DOCUMENT_STORE_ENDPOINT is an http(s) URL, and only with DOCUMENT_STORE_URL', () => {
    expect(problem({ DOCUMENT_STORE_URL: 's3://docs', DOCUMENT_STORE_ENDPOINT: 'http://127.0.0.1:9000' })).toBeUndefined();
    expect(problem({ DOCUMENT_STORE_URL: 's3://docs', DOCUMENT_STORE_ENDPOINT: 'minio:9000' })).toMatch(/^DOCUMENT_STORE_ENDPOINT must be a http:\/\/ or https:\/\/ URL/);
    expect(problem({ DOCUMENT_STORE_ENDPOINT: 'http://127.0.0.1:9000' })).toBe('DOCUMENT_STORE_ENDPOINT is set but DOCUMENT_STORE_URL is not (documents stay in PostgreSQL)');
  });

  it('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together; AWS_REGION is a region name', () => {
    expect(problem({ AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret-key' })).toBeUndefined();
    expect(problem({ AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toBe('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together');
    expect(problem({ AWS_SECRET_ACCESS_KEY: 'secret-key' })).toBe('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together');
    expect(problem({ AWS_REGION: 'EU Central', AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret-key' })).toBe(
      'AWS_REGION must be a region name, e.g. us-east-1 (not "EU Central")',
    );
  });
});

describe('empty, unknown and several', () => {
  it('an empty value is unset', () => {
    const empty = Object.fromEntries(VARIABLES.filter((name) => name !== 'WEBHOOK_RETRY_SCHEDULE').map((name) => [name, '']));
    const { WEBHOOK_RETRY_SCHEDULE, ...defaults } = readConfig({});
    expect(WEBHOOK_RETRY_SCHEDULE).toBeUndefined();
    expect(readConfig(empty)).toEqual(defaults);
  });

  it('variables it does not know are ignored', () => {
    expect(problem({ PATH: '/usr/bin', NODE_ENV: 'whatever', SOMETHING_ELSE: '?' })).toBeUndefined();
  });

  it('several bad variables: one line naming each', () => {
    const message = problem({ APP_ENV: 'production', PORT: 'x', DATABASE_URL: 'mysql://db/x', ENCRYPTION_KEY: HEX_KEY });
    expect(message).toBe(
      'DATABASE_URL must be a postgres:// or postgresql:// URL, e.g. postgres://user:password@host:5432/database; PORT must be an integer from 1 to 65535 (not "x"); NEXTAUTH_SECRET must be set when APP_ENV=production; METRICS_TOKEN must be set when APP_ENV=production (or HOSTNAME a loopback address such as 127.0.0.1)',
    );
    const error = (() => {
      try {
        return readConfig({ PORT: 'x', LOG_LEVEL: 'loud' });
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variables).toEqual(['PORT', 'LOG_LEVEL']);
  });
});

describe('checkEnvironment', () => {
  const saved = { DATA_DIR: process.env.DATA_DIR, WEBHOOK_RETRY_SCHEDULE: process.env.WEBHOOK_RETRY_SCHEDULE, LOG_LEVEL: process.env.LOG_LEVEL };
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('removes empty values of known variables from process.env, so that the code reads them as unset', () => {
    process.env.DATA_DIR = '';
    process.env.WEBHOOK_RETRY_SCHEDULE = '';
    expect(checkEnvironment('cli').DATA_DIR).toBe('./.data');
    expect('DATA_DIR' in process.env).toBe(false);
    expect(process.env.WEBHOOK_RETRY_SCHEDULE).toBe('');
  });

  it('throws the ConfigError of process.env', () => {
    process.env.LOG_LEVEL = 'loud';
    expect(() => checkEnvironment('cli')).toThrow(new ConfigError(['LOG_LEVEL'], ['LOG_LEVEL must be debug, info, warn or error (not "loud")']));
  });
});

describe('README.md', () => {
  it('has a row for every variable in its table, and none for a variable the schema does not know', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1]);
    expect([...rows].sort()).toEqual([...VARIABLES].sort());
  });
});
