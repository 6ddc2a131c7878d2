/**
 * PGlite does not lock its data directory, and two processes writing one directory corrupt it
 * (NOTES.md). We take an exclusive lock file beside it and refuse a second opener clearly.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface DataDirLock {
  file: string;
  release(): void;
}

export interface LockOwner {
  pid: number;
  startedAt: string;
  /** Set by the HTTP server so that the CLI can reach it (see lib/admin). */
  port?: number;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${owner.pid}. ` +
        `PGlite allows one process per data directory: stop that process, or use DATABASE_URL.`,
    );
  }
}

export function lockFileOf(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readLockOwner(dataDir: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(fs.readFileSync(lockFileOf(dataDir), 'utf8')) as LockOwner;
    return isAlive(owner.pid) ? owner : undefined;
  } catch {
    return undefined;
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = lockFileOf(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const owner: LockOwner = { pid: process.pid, startedAt: new Date().toISOString() };
  for (let tries = 0; tries < 2; tries++) {
    try {
      fs.writeFileSync(file, JSON.stringify(owner), { flag: 'wx', mode: 0o600 });
      const release = () => {
        try {
          const current = JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner;
          if (current.pid === process.pid) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return { file, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const existing = readLockOwner(dataDir);
      if (existing && existing.pid !== process.pid) throw new DataDirLockedError(dataDir, existing);
      fs.rmSync(file, { force: true }); // stale lock of a dead process
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

/** Records the port of the server holding the lock, for the CLI's admin channel. */
export function annotateLock(dataDir: string, extra: Partial<LockOwner>): void {
  const file = lockFileOf(dataDir);
  const current = JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner;
  if (current.pid !== process.pid) return;
  fs.writeFileSync(file, JSON.stringify({ ...current, ...extra }), { mode: 0o600 });
}
