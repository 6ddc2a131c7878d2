/**
 * Prepares one seeded database for the API tests.
 * - PGlite (default): migrate + seed once in memory, dump the data dir to a file; every test file
 *   starts from its own copy (loadDataDir, ~1 s instead of initdb + seed).
 * - PostgreSQL (DATABASE_URL): reset the `public` schema, migrate, seed; test files share it, so
 *   tests create the rows they change and never assume they are alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '@/lib/db/client';
import { seedIfEmpty } from '@/lib/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const database = await openDatabase({ url });
    await database.db.execute(sql.raw('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;'));
    await migrateDatabase(database);
    await seedIfEmpty(database.db, { demo: true });
    await database.close();
    project.provide('pgliteDump', '');
    return;
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(database);
  await seedIfEmpty(database.db, { demo: true });
  const dump = await database.dumpDataDir!();
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dto-api-')), 'seeded.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
