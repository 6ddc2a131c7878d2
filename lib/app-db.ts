/**
 * The process-wide database of the server (and of CLI commands run without a server), held by the
 * runtime (lib/runtime.ts): opened once, lazily (never by `next build`). Opening it neither migrates
 * nor seeds: the start-up of a process does (lib/start-up.ts `prepareDatabase`), so asking for the
 * database pulls in no seed.
 */
import { configFromEnv, openDatabase, type Database, type Db } from '@/lib/db/client';
import { runtime } from '@/lib/runtime';

declare module '@/lib/runtime' {
  interface Runtime {
    /** The process's database (lib/app-db.ts), once opened or while it opens. */
    database?: Promise<Database>;
  }
}

/** Opens the database (DATABASE_URL, or PGlite in DATA_DIR); one instance per process. */
export function getDatabase(): Promise<Database> {
  const current = runtime();
  if (current.database) return current.database;
  const opening: Promise<Database> = openDatabase(configFromEnv()).catch((error) => {
    if (current.database === opening) delete current.database;
    throw error;
  });
  current.database = opening;
  return opening;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** For tests and scripts that bring their own database. */
export function setDatabase(database: Database): void {
  runtime().database = Promise.resolve(database);
}

export async function closeDatabase(): Promise<void> {
  const current = runtime();
  const pending = current.database;
  delete current.database;
  if (pending) await (await pending).close();
}
