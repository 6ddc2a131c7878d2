/**
 * The process-wide database of the server (and of CLI commands run without a server).
 * Opened once, lazily (never by `next build`), migrated, and seeded when empty.
 */
import { configFromEnv, migrateDatabase, openDatabase, type Database, type Db } from '@/lib/db/client';
import { seedIfEmpty } from '@/lib/seed';

const globalKey = Symbol.for('dto.database');
type Holder = { [globalKey]?: Promise<Database> };

export function appEnv(): 'staging' | 'production' {
  return process.env.APP_ENV === 'production' ? 'production' : 'staging';
}

/** Opens, migrates and (when empty) seeds the database; one instance per process. */
export function getDatabase(): Promise<Database> {
  const holder = globalThis as Holder;
  holder[globalKey] ??= (async () => {
    const database = await openDatabase(configFromEnv());
    try {
      await migrateDatabase(database);
      await seedIfEmpty(database.db, { demo: appEnv() !== 'production' });
    } catch (error) {
      await database.close();
      throw error;
    }
    return database;
  })().catch((error) => {
    delete holder[globalKey];
    throw error;
  });
  return holder[globalKey];
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** For tests and scripts that bring their own database. */
export function setDatabase(database: Database): void {
  (globalThis as Holder)[globalKey] = Promise.resolve(database);
}

export async function closeDatabase(): Promise<void> {
  const holder = globalThis as Holder;
  const pending = holder[globalKey];
  delete holder[globalKey];
  if (pending) await (await pending).close();
}
