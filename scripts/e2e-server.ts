/**
 * The server of the browser tests (playwright.config.ts `webServer`): builds once when the build is
 * missing or older than the sources, then runs `next start` on E2E_PORT (default 3100) with a fresh
 * temporary data directory (PGlite; DATABASE_URL unset), APP_ENV=staging, the sandbox simulator off
 * (order statuses stay as the tests leave them) and private callback URLs allowed. The server
 * migrates and seeds the demo data at start (instrumentation.ts). The directory is removed on exit.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { childEnv, tooling } from '@/lib/config/tooling';
import { buildIsStale, serverArgs } from './lib/processes';

const root = path.resolve(import.meta.dirname, '..');
const port = String(tooling.E2E_PORT);
const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');


// Another `next build` of this checkout (Next.js holds .next/lock) makes ours stop at once: wait for
// it, then build only if the sources are still newer than its result.
for (let attempt = 1; buildIsStale(root); attempt++) {
  console.log('[e2e-server] next build (the build is missing or older than the sources)');
  const started = Date.now();
  const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, stdio: 'inherit', env: childEnv({ DATABASE_URL: '' }) });
  if (build.status === 0) break;
  const quickFailure = Date.now() - started < 20_000 && fs.existsSync(path.join(root, '.next/lock'));
  if (!quickFailure || attempt >= 12) process.exit(build.status ?? 1);
  console.log('[e2e-server] another build of this checkout is running; trying again in 15 s');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 15_000);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dto-e2e-'));
const env = childEnv({
  PORT: port,
  DATA_DIR: dataDir,
  APP_ENV: 'staging',
  SANDBOX: 'off',
  ALLOW_PRIVATE_CALLBACKS: 'true',
  NODE_ENV: 'production',
  DATABASE_URL: undefined,
  NEXTAUTH_URL: undefined, // the sign-in must work on any localhost port without it
  // The server's own zone is UTC whatever the machine's: the browser tests run their browsers in
  // other zones (timezoneId), and the pages must show the user's zone, never the server's.
  TZ: 'UTC',
});

console.log(`[e2e-server] scripts/server.mjs on port ${port} (DATA_DIR=${dataDir})`);
const child = spawn(process.execPath, serverArgs(), { cwd: root, stdio: 'inherit', env });

function cleanUp() {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    else {
      cleanUp();
      process.exit(0);
    }
  });
}
child.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});
