/** Runs the operator CLI as a real process (`node --import tsx scripts/cli.ts ...`) for the CLI tests. */
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

export function cli(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX[0], [...TSX.slice(1), 'scripts/cli.ts', ...args], { cwd: ROOT, env: childEnv(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolve({ code, stdout, stderr, json });
    });
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
