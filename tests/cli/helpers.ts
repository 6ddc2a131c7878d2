/**
 * Runs the operator CLI for the CLI tests: in this process (`main()` of lib/admin/cli.ts, with the
 * environment of the run), or as a real process (`node --import tsx scripts/cli.ts ...`) where the
 * entry point itself is under test. A cold `tsx` start costs seconds; most tests need the commands.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { clearPrincipalCache } from '@/lib/domain/api-tokens/tokens';
import { openDatabase, type Db, type OpenOptions } from '@/lib/db/client';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** `node --import tsx`: one process, so the pid in the lock file is the one we started. */
export const TSX = [process.execPath, '--import', 'tsx'] as const;

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  json: any;
}

/** A temporary directory removed after the test file. */
export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dto-cli-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The environment of a child: staging, and no DATABASE_URL unless given. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, APP_ENV: 'staging', ...extra };
  if (!extra.DATABASE_URL) delete env.DATABASE_URL;
  return env;
}

const asJson = (stdout: string): unknown => {
  try {
    return JSON.parse(stdout);
  } catch {
    return undefined;
  }
};

/** Runs in this process hold the process's environment: one at a time. */
let inProcessQueue: Promise<unknown> = Promise.resolve();

/** The CLI's `main()` in this process, with `env` as the environment of a child (childEnv) while it runs. */
export function cli(args: string[], env: Record<string, string>): Promise<Run> {
  const run = inProcessQueue.then(async (): Promise<Run> => {
    const { main } = await import('@/lib/admin/cli');
    const saved = { ...process.env };
    const target = childEnv(env);
    for (const name of Object.keys(process.env)) if (!(name in target)) delete process.env[name];
    Object.assign(process.env, target);
    // What checkEnvironment does at the entry point: an empty value counts as unset.
    for (const [name, value] of Object.entries(process.env)) if (value === '' && name !== 'WEBHOOK_RETRY_SCHEDULE') delete process.env[name];
    let stdout = '';
    let stderr = '';
    try {
      clearPrincipalCache();
      const code = await main(args, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
      return { code, stdout, stderr, json: asJson(stdout) };
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
    }
  });
  inProcessQueue = run.catch(() => undefined);
  return run;
}

/** The CLI as a real process, through its entry point (scripts/cli.ts). */
export function cliProcess(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX[0], [...TSX.slice(1), 'scripts/cli.ts', ...args], { cwd: ROOT, env: childEnv(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, json: asJson(stdout) }));
  });
}

/** Starts a process; resolves when its output matches `ready`. */
export function startProcess(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<{ child: ChildProcess; match: RegExpMatchArray; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(args[0], args.slice(1), { cwd: ROOT, env });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${output}`)), 90_000);
    const onData = (d: Buffer) => {
      output += d;
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before it was ready:\n${output}`));
    });
  });
}

export async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Opens the database in the test process to check what the CLI wrote, then closes it. */
export async function withDb<T>(options: OpenOptions, fn: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase(options);
  try {
    clearPrincipalCache();
    return await fn(database.db);
  } finally {
    await database.close();
  }
}
