/** Shared by the scripts that start servers (npm start, the e2e server, the benchmarks) and the crash-safety test. */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { env } from '@/lib/config/env';

/** What `next build` reads: a change to any of them makes the build stale. */
const BUILD_SOURCES = ['app', 'components', 'lib', 'public', 'next.config.mjs', 'package.json', 'instrumentation.ts', 'proxy.ts', 'middleware.ts', 'tsconfig.json', 'postcss.config.mjs'];

function newestMtime(entry: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(entry) ? 0 : stat.mtimeMs;
  return fs.readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), 0);
}

/** True when the build (`root/.next`, or NEXT_DIST_DIR's) is missing or older than any source of the build. */
export function buildIsStale(root: string): boolean {
  try {
    const built = fs.statSync(path.join(root, env.NEXT_DIST_DIR, 'BUILD_ID')).mtimeMs;
    return BUILD_SOURCES.some((entry) => newestMtime(path.join(root, entry)) > built);
  } catch {
    return true;
  }
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The production server (scripts/server.mjs: Next.js behind node:http, see its header) and its
 * arguments, the same for every launcher: `spawn(process.execPath, serverArgs(), { env: { PORT } })`.
 */
export const serverScript = path.resolve(import.meta.dirname, '../server.mjs');
export const serverArgs = (): string[] => [serverScript];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until `accept(status)` (3 minutes at most); fails at once if `child` exits. */
export async function waitFor(url: string, child: ChildProcess, accept: (status: number) => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited (${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (accept(response.status)) return;
    } catch {
      /* not yet */
    }
    await sleep(300);
  }
  throw new Error(`${what} did not answer within 3 minutes`);
}

/** Stops `child` with `signal` (SIGKILL after 20 s) and waits for its exit; nothing to do if it is gone. */
export function stop(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}
