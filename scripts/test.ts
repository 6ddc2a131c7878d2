/**
 * `npm test`: every test, in order of speed — lint, type check, unit tests, API tests on PGlite,
 * API tests on PostgreSQL (when DATABASE_URL is set), then browser tests against a production build.
 * Ends with one line `tests: N passed, N failed`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findChromium } from './lib/chromium';

const root = path.resolve(import.meta.dirname, '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'dto-test-'));
let passed = 0;
let failed = 0;
const failures: string[] = [];

function run(title: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(`--- ${title}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) failures.push(title);
  return ok;
}

function countVitest(file: string) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}

function vitest(title: string, project: string, env: Record<string, string> = {}) {
  const out = path.join(reports, `${project}-${env.DATABASE_URL ? 'postgres' : 'pglite'}.json`);
  run(title, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile=${out}`], env);
  countVitest(out);
}

const only = process.argv[2];
const databaseUrl = process.env.DATABASE_URL;
// The PGlite runs must not inherit DATABASE_URL.
const pgliteEnv = { DATABASE_URL: '' };

if (!only || only === 'static') {
  run('lint (eslint)', 'npx', ['eslint', '.']);
  run('type check (tsc)', 'npx', ['tsc', '--noEmit']);
}
if (!only || only === 'unit') vitest('unit tests', 'unit', pgliteEnv);
if (!only || only === 'api') {
  vitest('API tests on PGlite', 'api', pgliteEnv);
  if (databaseUrl) vitest('API tests on PostgreSQL', 'api', { DATABASE_URL: databaseUrl });
  else console.log('\n(DATABASE_URL is not set: the API tests ran on PGlite only. Set it to run them on PostgreSQL too.)');
}
if (only === 'fuzz') {
  // A longer fuzz run than the bounded one inside `npm test`.
  const out = path.join(reports, 'fuzz.json');
  run('fuzz (FUZZ_RUNS=500)', 'npx', ['vitest', 'run', '--project', 'api', 'tests/api/fuzz.test.ts', '--reporter=default', '--reporter=json', `--outputFile=${out}`], {
    ...pgliteEnv,
    FUZZ_RUNS: process.env.FUZZ_RUNS ?? '500',
    FUZZ_RANDOM: '1',
  });
  countVitest(out);
}
if ((!only || only === 'e2e') && fs.existsSync(path.join(root, 'tests/e2e'))) {
  const chromium = findChromium();
  if (chromium.problem) {
    const message = `${chromium.problem} The browser tests need one.`;
    if (process.env.CI) {
      console.error(message);
      failures.push('browser tests (no Chromium)');
      failed++;
    } else console.log(`\n${message} Browser tests skipped.`);
  } else {
    const out = path.join(reports, 'e2e.json');
    // The app under test runs on PGlite; the crash-safety spec also runs on PostgreSQL when given one.
    run('browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test'], { ...pgliteEnv, CRASH_DATABASE_URL: databaseUrl ?? '', PLAYWRIGHT_JSON_OUTPUT_NAME: out });
    if (fs.existsSync(out)) {
      const stats = (JSON.parse(fs.readFileSync(out, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } }).stats;
      passed += stats.expected + stats.flaky;
      failed += stats.unexpected;
    }
  }
}

// After the browser tests, which leave a fresh production build for its servers.
if ((!only || only === 'scale') && databaseUrl) vitest('scale-out (two instances, one worker, PostgreSQL)', 'scale', { DATABASE_URL: databaseUrl });

// After the browser tests, which leave a fresh production build for its server.
// The probes' own servers choose their engines (tests/server/production.test.ts needs DATABASE_URL).
if (!only || only === 'server') vitest('server probes (real HTTP against scripts/server.mjs)', 'server', databaseUrl ? { DATABASE_URL: databaseUrl } : pgliteEnv);

// After the browser tests, so that the CLI's test against a running `next start` finds the build.
if (!only || only === 'cli') vitest('CLI tests (operator commands, admin channel)', 'cli', pgliteEnv);

console.log(failures.length ? `\nFailed steps: ${failures.join(', ')}` : '\nAll steps passed.');
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
