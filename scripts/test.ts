/**
 * `npm test`: every test, fastest stages first (tests/README.md says what runs where and why).
 *
 * 1. Lint, type check and `next build`, side by side (each one's output kept apart, printed whole
 *    when it ends). A failed build fails the run: the suites that need it then fail, never skip.
 * 2. Unit tests; API tests (with DATABASE_URL every file on PostgreSQL, then on PGlite the files
 *    named `*.engines.test.ts`, what differs between the engines; without it every file on PGlite).
 * 3. Browser tests against the build (the app on PGlite; the production-setup spec on PostgreSQL
 *    when there is one).
 * 4. Scale-out (PostgreSQL), server probes (crash safety among them) and CLI, side by side:
 *    processes of their own, mostly waiting on the servers they start.
 *
 * Ends with `tests: N passed, M failed, K skipped` and the reason of every skip. A test may skip
 * only for a condition declared in tests/conditions.ts, whose tag its title carries; under
 * CI=true any other skip fails the run.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { env as settings } from '@/lib/config/env';
import { childEnv, tooling } from '@/lib/config/tooling';
import { DECLARED_TAGS } from '../tests/conditions';
import { findChromium } from './lib/chromium';

const root = path.resolve(import.meta.dirname, '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'dto-test-'));
const ci = tooling.CI;
let passed = 0;
let failed = 0;
const skips: Array<{ name: string; reason: string }> = [];
const failures: string[] = [];

const begun = Date.now();
const elapsed = (started: number) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

interface Step {
  title: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Read its report once it has ended. */
  done?: () => void;
}

/** Several commands at once (two cores), each one's output collected and printed when it ends. */
async function runSideBySide(steps: Step[]): Promise<boolean[]> {
  const started = Date.now();
  console.log(`\n=== started: ${steps.map((s) => s.title).join(' | ')} ===`);
  return Promise.all(
    steps.map(
      (step) =>
        new Promise<boolean>((resolve) => {
          const child = spawn(step.command, step.args, { cwd: root, env: childEnv(step.env), stdio: ['ignore', 'pipe', 'pipe'] });
          const output: Buffer[] = [];
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
          child.on('close', (code) => {
            const ok = code === 0;
            console.log(`\n--- ${step.title}: ${ok ? 'ok' : 'FAILED'} (${elapsed(started)}) ---`);
            process.stdout.write(Buffer.concat(output));
            if (!ok) failures.push(step.title);
            step.done?.();
            resolve(ok);
          });
        }),
    ),
  );
}

const SKIPPED = new Set(['skipped', 'pending', 'todo', 'disabled']);

/** How long each test file took, by stage (from the reports), for the slowest-files list at the end. */
const fileTimes = new Map<string, Array<{ file: string; ms: number }>>();
function timeFile(stage: string, file: string, ms: number) {
  const list = fileTimes.get(stage) ?? [];
  const known = list.find((entry) => entry.file === file);
  if (known) known.ms += ms;
  else list.push({ file, ms });
  fileTimes.set(stage, list);
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: Array<{ name: string; startTime?: number; endTime?: number; assertionResults: Array<{ fullName: string; status: string }> }>;
}

function countVitest(file: string, label: string) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as VitestReport;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const suite of report.testResults) {
    if (suite.startTime && suite.endTime) timeFile(label, path.relative(root, suite.name), suite.endTime - suite.startTime);
    for (const test of suite.assertionResults)
      if (SKIPPED.has(test.status)) skips.push({ name: `${label} ${path.relative(root, suite.name)} > ${test.fullName}`, reason: tagOf(test.fullName) });
  }
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: Array<{ title: string; tests: Array<{ status: string; annotations: Array<{ type: string; description?: string }>; results?: Array<{ duration: number }> }> }>;
  suites?: PlaywrightSuite[];
}

function countPlaywright(file: string) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number }; suites: PlaywrightSuite[] };
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
  const walk = (suite: PlaywrightSuite, trail: string) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        if (suite.file) timeFile('[browser]', `tests/e2e/${suite.file}`, (test.results ?? []).reduce((sum, result) => sum + result.duration, 0));
        if (test.status === 'skipped') {
          const reason = test.annotations.find((a) => a.type === 'skip')?.description ?? '';
          skips.push({ name: `[browser] ${trail} > ${spec.title}`, reason: tagOf(reason) || reason });
        }
      }
    for (const child of suite.suites ?? []) walk(child, `${trail} > ${child.title}`);
  };
  for (const suite of report.suites) walk(suite, suite.title);
}

/** The declared condition a skipped test names (tests/conditions.ts), or '' for none. */
function tagOf(text: string): string {
  return DECLARED_TAGS.find((tag) => text.includes(tag)) ?? '';
}

/** Projects whose files share their worker's modules (vitest.config.ts says why). */
const SHARED_MODULES = new Set(['unit', 'api']);

/** A vitest project as a step: its JSON report is counted when it ends. */
function vitestStep(title: string, project: string, env: Record<string, string> = {}, files: string[] = []): Step {
  const out = path.join(reports, `${project}-${env.DATABASE_URL ? 'postgres' : 'pglite'}.json`);
  const isolation = SHARED_MODULES.has(project) ? ['--no-isolate'] : [];
  const args = ['vitest', 'run', '--project', project, ...isolation, ...files, '--reporter=default', '--reporter=json', `--outputFile=${out}`];
  return { title, command: 'npx', args, env, done: () => countVitest(out, `[${project}${env.DATABASE_URL ? ', PostgreSQL' : ''}]`) };
}

const only = process.argv[2];
const databaseUrl = settings.DATABASE_URL;
// Stages whose app runs on PGlite must not inherit DATABASE_URL; their tests that need a
// PostgreSQL of their own (a scratch database) find it here (tests/conditions.ts).
const pgliteEnv = { DATABASE_URL: '', POSTGRES_URL_FOR_TESTS: databaseUrl ?? '' };
const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');

if (!only || only === 'static') {
  const steps = [
    { title: 'lint (eslint)', command: 'npx', args: ['eslint', '.'] },
    { title: 'type check (tsc)', command: 'npx', args: ['tsc', '--noEmit'] },
  ];
  // The build is for the browser, server and CLI stages; `npm test static` (lint and types) skips it.
  const build = { title: 'production build (next build)', command: process.execPath, args: [nextBin, 'build'], env: { DATABASE_URL: '' } };
  await runSideBySide(only ? steps : [build, ...steps]);
}
/** The browser tests as a step (null without Chromium: outside CI that is said and counted as skipped). */
function browserStep(): Step | null {
  if (!fs.existsSync(path.join(root, 'tests/e2e'))) return null;
  const chromium = findChromium();
  if (chromium.problem) {
    const message = `${chromium.problem} The browser tests need one.`;
    if (ci) {
      console.error(message);
      failures.push('browser tests (no Chromium)');
      failed++;
    } else {
      console.log(`\n${message} Browser tests skipped.`);
      skips.push({ name: '[browser] every spec', reason: 'no Chromium on this machine' });
    }
    return null;
  }
  const out = path.join(reports, 'e2e.json');
  // The app under test runs on PGlite (scripts/e2e-server.ts drops DATABASE_URL); the specs that
  // set up PostgreSQL scratch databases of their own get DATABASE_URL.
  return { title: 'browser tests (Playwright, Chromium)', command: 'npx', args: ['playwright', 'test'], env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out }, done: () => countPlaywright(out) };
}

/** Steps one after another, each one's output printed whole when it ends. */
async function runInOrder(steps: Step[]): Promise<void> {
  for (const step of steps) await runSideBySide([step]);
}

const vitestSteps: Step[] = [];
if (!only || only === 'unit') vitestSteps.push(vitestStep('unit tests', 'unit', pgliteEnv));
if (!only || only === 'api') {
  if (databaseUrl) {
    vitestSteps.push(vitestStep('API tests on PostgreSQL (every file)', 'api', { DATABASE_URL: databaseUrl }));
    vitestSteps.push(vitestStep('API tests on PGlite (*.engines.test.ts: what differs between the engines)', 'api', pgliteEnv, ['.engines.test.ts']));
  } else {
    vitestSteps.push(vitestStep('API tests on PGlite (every file)', 'api', pgliteEnv));
    console.log('\n(DATABASE_URL is not set: the API tests run on PGlite only. Set it to run them on PostgreSQL too.)');
  }
}
if (only === 'fuzz') {
  // A longer fuzz run than the bounded one inside `npm test`.
  vitestSteps.push({ ...vitestStep('fuzz (FUZZ_RUNS=500)', 'api', { ...pgliteEnv, FUZZ_RUNS: String(tooling.FUZZ_RUNS), FUZZ_RANDOM: '1' }, ['tests/api/fuzz.engines.test.ts']) });
}
// Processes of their own, each on databases and ports of its own, mostly waiting on servers they
// start: side by side. Each probe starts its own server on the engine it needs.
const processSteps: Step[] = [];
if ((!only || only === 'scale') && databaseUrl) processSteps.push(vitestStep('scale-out (two instances, one worker, PostgreSQL)', 'scale', { DATABASE_URL: databaseUrl }));
if (!only || only === 'server') processSteps.push(vitestStep('server probes (real HTTP against scripts/server.mjs)', 'server', pgliteEnv));
if (!only || only === 'cli') processSteps.push(vitestStep('CLI tests (operator commands, admin channel)', 'cli', pgliteEnv));
const browser = !only || only === 'e2e' ? browserStep() : null;

// In order. Running the browser tests beside the vitest stages saved about a minute of 13 but
// tripled the unit and API stages' times and made timing-sensitive probes fail now and then.
await runInOrder(vitestSteps);
if (browser) await runInOrder([browser]);
if (processSteps.length) await runSideBySide(processSteps);

const undeclared = skips.filter((s) => !s.reason);
if (skips.length) {
  console.log(`\nSkipped (${skips.length}):`);
  const byReason = new Map<string, string[]>();
  for (const skip of skips) byReason.set(skip.reason || 'UNDECLARED (no condition of tests/conditions.ts)', [...(byReason.get(skip.reason || 'UNDECLARED (no condition of tests/conditions.ts)') ?? []), skip.name]);
  for (const [reason, names] of byReason) {
    console.log(`  ${reason}: ${names.length}`);
    for (const name of names) console.log(`    ${name}`);
  }
}
if (ci && undeclared.length) failures.push(`${undeclared.length} skipped test(s) without a declared condition (CI=true)`);

// Where the time went: each stage's slowest files (a browser spec's figure is the sum of its tests'
// durations as Playwright reports them; a vitest file's, its run from start to end).
if (fileTimes.size) {
  console.log('\nSlowest files:');
  for (const [stage, list] of fileTimes) {
    const total = list.reduce((sum, entry) => sum + entry.ms, 0);
    const slowest = [...list].sort((a, b) => b.ms - a.ms).slice(0, 6);
    console.log(`  ${stage} ${list.length} files, ${(total / 1000).toFixed(0)} s in all: ${slowest.map((e) => `${path.basename(e.file)} ${(e.ms / 1000).toFixed(1)} s`).join(', ')}`);
  }
}

console.log(failures.length ? `\nFailed steps: ${failures.join(', ')}` : '\nAll steps passed.');
console.log(`npm test took ${elapsed(begun)}.`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skips.length} skipped`);
process.exit(failures.length ? 1 : 0);
