/**
 * Browser tests: a Chromium already on the machine (CHROMIUM_PATH, Debian's, or Playwright's own:
 * scripts/lib/chromium.ts; never downloaded here) against a production build started by
 * scripts/e2e-server.ts on a fresh temporary database with the demo seed.
 */
import { defineConfig } from '@playwright/test';
import { setProcessEnvDefault, tooling } from './lib/config/tooling';
import { findChromium } from './scripts/lib/chromium';

const PORT = tooling.E2E_PORT;
const BASE_URL = `http://localhost:${PORT}`;
// Specs that change data: these three, and every `*.changes.spec.ts`.
const CHANGES = /((create-order|order-cancel|tokens)|\.changes)\.spec\.ts$/;
// Specs that start a server of their own on a scratch database (tests/e2e/own-server.ts): they
// change nothing the shared server shows, so they need not wait for the read-only specs.
const OWN_SERVER = /(production-setup|invitations-production|password-reset)\.changes\.spec\.ts$/;
// Each run keeps its failure artifacts in its own folder: a run that starts beside another (two
// people on one checkout) clears only its own. Workers inherit the id from the runner's env.
setProcessEnvDefault('E2E_RUN_ID', `${Date.now()}-${process.pid}`);
// A window is wanted: the runner's command line says so; workers (which read this file again with
// another command line) inherit the answer.
setProcessEnvDefault('E2E_HEADED', process.argv.some((a) => ['--headed', '--debug', '--ui'].includes(a)) || tooling.PWDEBUG ? '1' : '');

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/artifacts/${tooling.E2E_RUN_ID}`,
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: tooling.CI,
  reporter: [['list'], ['json', { outputFile: tooling.PLAYWRIGHT_JSON_OUTPUT_NAME }]],
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1440, height: 900 },
    timezoneId: 'UTC',
    locale: 'en-US',
    // A trace records every test (screencast frames, DOM snapshots) and keeps it only on failure:
    // about half of Chromium's CPU and a third of the runner's (measured on 29 specs: Chromium 121 ->
    // 60 CPU-s). Under CI=true nobody can open the trace files, so none are recorded there; the
    // failure's screenshot and error context still are.
    trace: tooling.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Undefined when none is found: Playwright's own error then says how to install its browser.
      executablePath: findChromium(tooling.E2E_HEADED).executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  // Tests that change data (new orders, cancellations, tokens) run after the read-only ones, so
  // that the lists and totals those check do not move under them. The specs with servers of their
  // own run from the start beside the read-only ones (listed first, they are dealt out first: their
  // long serial runs then never make the last worker of a phase wait alone).
  projects: [
    { name: 'own-server', testMatch: OWN_SERVER, use: { browserName: 'chromium' } },
    { name: 'read-only', testIgnore: CHANGES, use: { browserName: 'chromium' } },
    { name: 'changes', testMatch: CHANGES, testIgnore: OWN_SERVER, dependencies: ['read-only'], use: { browserName: 'chromium' } },
  ],
  webServer: {
    command: 'npx tsx scripts/e2e-server.ts',
    url: `${BASE_URL}/login`,
    // The first start may build (1 to 3 minutes on 2 cores) and seeds a fresh database.
    timeout: 300_000,
    reuseExistingServer: !tooling.CI,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT) },
  },
});
