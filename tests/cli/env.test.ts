/**
 * Every entry point checks its environment before it does anything (lib/config/env.ts): a bad or
 * missing variable stops it with exit code 1 and one line on stderr naming the variable, before any
 * database is opened, any build starts or any port is served.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '@/scripts/lib/processes';
import { childEnv, ROOT, tempDir, TSX } from './helpers';

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs an entry point with the environment of a staging child plus `changes` (undefined: removed). */
function run(args: string[], dataDir: string, changes: Record<string, string | undefined>): Promise<Exit> {
  const env = childEnv({ DATA_DIR: dataDir });
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(args[0], args.slice(1), { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    // Without the check, a server or `npm start` would go on (build, serve): stop it, the test fails.
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const NO_SECRETS = { APP_ENV: 'production', NEXTAUTH_SECRET: undefined, ENCRYPTION_KEY: undefined, METRICS_TOKEN: undefined };
const METRICS_PROBLEM = 'METRICS_TOKEN must be set when APP_ENV=production \\(or HOSTNAME a loopback address such as 127\\.0\\.0\\.1\\)';

type Case = [string, Record<string, string | undefined>, RegExp];

const DATABASE_URL_PROBLEM = /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL, e\.g\. postgres:\/\/user:password@host:5432\/database$/;

function expectRefusal(exit: Exit, prefix: string, message: RegExp, dataDir: string) {
  expect(exit.code).toBe(1);
  expect(exit.stderr.endsWith('\n')).toBe(true);
  const lines = exit.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0].startsWith(`${prefix}: invalid environment: `)).toBe(true);
  expect(lines[0]).toMatch(message);
  expect(exit.stderr).not.toContain('hunter2');
  expect(fs.existsSync(dataDir)).toBe(false);
}

describe('the CLI (scripts/cli.ts)', () => {
  const cases: Case[] = [
    ['DATABASE_URL=mysql://...', { DATABASE_URL: 'mysql://root:hunter2@db/orders' }, DATABASE_URL_PROBLEM],
    ['DATABASE_URL=not-a-url', { DATABASE_URL: 'not-a-url' }, DATABASE_URL_PROBLEM],
    ['APP_ENV=prod', { APP_ENV: 'prod' }, /: APP_ENV must be staging or production \(not "prod"\)$/],
    ['CLI_LOCK_WAIT_MS=soon', { CLI_LOCK_WAIT_MS: 'soon' }, /: CLI_LOCK_WAIT_MS must be an integer >= 0 \(not "soon"\)$/],
  ];
  it.concurrent.each(cases)('refuses %s', async (_, changes, message) => {
    const dataDir = path.join(tempDir(), 'data');
    const exit = await run([...TSX, 'scripts/cli.ts', 'token', 'list', '--tenant', 'acme'], dataDir, changes);
    expectRefusal(exit, 'error', message, dataDir);
    expect(exit.stdout).toBe('');
  });
  // It needs neither production secret: tests/cli/pglite.test.ts runs it with APP_ENV=production alone.
});

describe('the worker (scripts/worker.ts)', () => {
  const cases: Case[] = [
    ['DATABASE_URL=mysql://...', { DATABASE_URL: 'mysql://root:hunter2@db/orders' }, DATABASE_URL_PROBLEM],
    ['WEBHOOK_POLL_MS=fast', { WEBHOOK_POLL_MS: 'fast' }, /: WEBHOOK_POLL_MS must be an integer >= 10 \(not "fast"\)$/],
    ['REDIS_URL=http://...', { REDIS_URL: 'http://cache:6379' }, /: REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL, e\.g\. redis:\/\/host:6379$/],
  ];
  it.concurrent.each(cases)('refuses %s', async (_, changes, message) => {
    const dataDir = path.join(tempDir(), 'data');
    const exit = await run([...TSX, 'scripts/worker.ts'], dataDir, changes);
    expectRefusal(exit, 'npm run worker', message, dataDir);
    expect(exit.stdout).toBe('');
  });
});

describe('npm start (scripts/start.ts), before it builds', () => {
  const cases: Case[] = [
    ['APP_ENV=production without NEXTAUTH_SECRET', { ...NO_SECRETS, ENCRYPTION_KEY: 'ab'.repeat(32), METRICS_TOKEN: 'm'.repeat(32) }, /: NEXTAUTH_SECRET must be set when APP_ENV=production$/],
    ['APP_ENV=production without METRICS_TOKEN', { ...NO_SECRETS, NEXTAUTH_SECRET: 's'.repeat(32), ENCRYPTION_KEY: 'ab'.repeat(32) }, new RegExp(`: ${METRICS_PROBLEM}$`)],
    ['PORT=abc', { PORT: 'abc' }, /: PORT must be an integer from 1 to 65535 \(not "abc"\)$/],
  ];
  it.concurrent.each(cases)('refuses %s', async (_, changes, message) => {
    const dataDir = path.join(tempDir(), 'data');
    // Were the check missing, the build it would start fails at once instead of replacing .next.
    const exit = await run([...TSX, 'scripts/start.ts'], dataDir, { ...changes, NEXT_DIST_DIR: '/dev/null/never-built' });
    expectRefusal(exit, 'npm start', message, dataDir);
    expect(exit.stdout).toBe('');
  });
});

/** A build of this checkout made after the check was (instrumentation.ts runs it): `npm test` builds first. */
const distDir = path.join(ROOT, process.env.NEXT_DIST_DIR || '.next');
const builtWithTheCheck = (() => {
  try {
    const built = fs.statSync(path.join(distDir, 'BUILD_ID')).mtimeMs;
    return ['instrumentation.ts', 'lib/config/env.ts'].every((file) => fs.statSync(path.join(ROOT, file)).mtimeMs <= built);
  } catch {
    return false;
  }
})();
if (!builtWithTheCheck) throw new Error('tests/cli/env.test.ts: the build is missing or older than lib/config/env.ts: run next build (npm test does) first');

describe('the server (scripts/server.mjs on the build)', () => {
  const cases: Case[] = [
    ['APP_ENV=production without the secrets', NO_SECRETS, new RegExp(`: NEXTAUTH_SECRET must be set when APP_ENV=production; ENCRYPTION_KEY must be set when APP_ENV=production; ${METRICS_PROBLEM}$`)],
    ['DATABASE_URL=not-a-url', { DATABASE_URL: 'not-a-url' }, DATABASE_URL_PROBLEM],
  ];
  it.each(cases)('refuses %s, and never listens', async (_, changes, message) => {
    const dataDir = path.join(tempDir(), 'data');
    const exit = await run([process.execPath, 'scripts/server.mjs'], dataDir, { ...changes, PORT: String(await freePort()), NODE_ENV: 'production' });
    expectRefusal(exit, 'Cannot start', message, dataDir);
    expect(exit.stdout).not.toContain('listening');
  });
});
