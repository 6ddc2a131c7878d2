/**
 * The start-up steps of a process, each called by the entry point that needs it (instrumentation.ts
 * through lib/admin/server.ts, `npm start`, `npm run worker`, the CLI; the API tests' global setup
 * migrates and seeds its template database itself). Asking for the database (lib/app-db.ts) only
 * opens it: migrating and seeding happen here, where a process starts, and nowhere else pulls the seed.
 */
import { getDatabase, closeDatabase } from '@/lib/app-db';
import { checkEnvironmentOrExit, env, type ProcessKind } from '@/lib/config/env';
import { migrateDatabase, type Database } from '@/lib/db/client';
import { installConsoleRedaction, runtime, type Runtime } from '@/lib/runtime';

/**
 * The first step of an entry point: checks the environment (a bad variable ends the process with
 * one line on stderr, `<label>: invalid environment: ...`, exit code 1) and builds the runtime.
 * `redactConsole`: other code's console lines through the log's describer (the server and the worker).
 */
export function startProcess(kind: ProcessKind, label: string, options: { redactConsole?: boolean } = {}): Runtime {
  if (options.redactConsole) installConsoleRedaction();
  checkEnvironmentOrExit(kind, label);
  return runtime();
}

/**
 * Applies the migrations the database lacks and writes the reference data, plus the demo data
 * (tenants acme and northwind) when it has no tenant yet, unless APP_ENV=production.
 */
export async function migrateAndSeed(database: Database): Promise<{ demo: boolean; seeded: boolean }> {
  await migrateDatabase(database);
  // Loaded here, not with this module: an entry point that never seeds (most CLI commands go
  // through a running server) does not load the seed's data files.
  const { seedIfEmpty } = await import('@/lib/seed');
  const demo = env.APP_ENV !== 'production';
  return { demo, seeded: await seedIfEmpty(database.db, { demo }) };
}

/**
 * Opens the process's database (lib/app-db.ts), migrates and seeds it (migrateAndSeed). On a
 * failure the database is closed again, so that a later attempt opens it afresh.
 */
export async function prepareDatabase(): Promise<Database> {
  const database = await getDatabase();
  try {
    await migrateAndSeed(database);
  } catch (error) {
    await closeDatabase();
    throw error;
  }
  return database;
}
