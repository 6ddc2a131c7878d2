/**
 * Opens the database: PGlite in a data directory by default, a PostgreSQL server when
 * `DATABASE_URL` is set. Both give the same drizzle `Db` over the same schema.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { env } from '@/lib/config/env';
import { describeError, log } from '@/lib/log';
import { runtime } from '@/lib/runtime';
import * as schema from './schema';
import { acquireDataDirLock, type DataDirLock } from './pglite-lock';
import { registerPglite } from './pglite-statements';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Driver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: Driver;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, to clone test databases quickly. */
  dumpDataDir?(): Promise<Blob>;
}

export interface OpenOptions {
  /** postgres://... ; when absent PGlite is used. */
  url?: string;
  /** PGlite data directory; `memory://` for an in-memory database. */
  dataDir?: string;
  /** A dumped PGlite data dir (tarball) to start from, for fast test databases. */
  loadDataDir?: Blob;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

// Read at run time from the project directory (not bundled).
export const migrationsFolder = path.join(/*turbopackIgnore: true*/ process.cwd(), 'lib/db/migrations');

export function defaultDataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR);
}

export function configFromEnv(): OpenOptions {
  const url = env.DATABASE_URL;
  return url ? { url } : { dataDir: path.join(defaultDataDir(), 'pglite') };
}

export async function openDatabase(options: OpenOptions = configFromEnv()): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.maxConnections ?? 10);
  return openPglite(options.dataDir ?? 'memory://', options.loadDataDir);
}

/**
 * PostgreSQL only: a second pool whose sessions plan prepared statements generically
 * (`plan_cache_mode = force_generic_plan`). It serves the order-list statements of filter shapes
 * whose generic plan was checked to be the same ordered index scan as the per-execution one
 * (lib/domain/orders/queries.ts): their LIMIT/OFFSET parameters make the generic plan look
 * expensive, so on the main pool PostgreSQL re-plans them on every execution (~0.3 ms each).
 * Clinic searches without a name filter run on it too (lib/domain/clinics/search.ts).
 * Elsewhere (PGlite, a transaction) it is the same handle.
 */
// In the runtime (lib/runtime.ts): the server opens the database in its start-up hook, whose copy
// of this module is not the route bundles' copy; a module-level map left every route on the main pool.
declare module '@/lib/runtime' {
  interface Runtime {
    /** The generic-plan pool of each PostgreSQL handle (lib/db/client.ts `genericPlanDb`). */
    genericPlanDbs?: WeakMap<Db, Db>;
  }
}
const genericPlanDbs = (): WeakMap<Db, Db> => (runtime().genericPlanDbs ??= new WeakMap());
export const genericPlanDb = (db: Db): Db => genericPlanDbs().get(db) ?? db;

async function openPostgres(url: string, max: number): Promise<Database> {
  const { Pool, types } = await import('pg');
  // int8 (count(*)) as number, as PGlite returns it.
  types.setTypeParser(20, (v) => Number(v));
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new Pool({ connectionString: url, max });
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  const genericPool = new Pool({ connectionString: url, max, options: '-c plan_cache_mode=force_generic_plan' });
  // An idle connection the server ends (restart, failover, a dropped database) is reported on the
  // pool; without a listener that 'error' event would end the process. The pool replaces it.
  for (const [name, p] of [['main', pool], ['generic_plan', genericPool]] as const)
    p.on('error', (error) => log('warn', 'database: an idle connection was closed by the server', { pool: name, error: describeError(error) }));
  genericPlanDbs().set(db, drizzle({ client: genericPool, schema }) as unknown as Db);
  return { db, driver: 'postgres', close: async () => void (await Promise.all([pool.end(), genericPool.end()])) };
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  let lock: DataDirLock | undefined;
  if (!inMemory) lock = acquireDataDirLock(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { cube } = await import('@electric-sql/pglite/contrib/cube');
    const { earthdistance } = await import('@electric-sql/pglite/contrib/earthdistance');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const client = await PGlite.create({
      dataDir: inMemory ? undefined : dataDir,
      loadDataDir,
      extensions: { cube, earthdistance, pg_trgm },
    });
    const { drizzle } = await import('drizzle-orm/pglite');
    const db = drizzle({ client, schema }) as unknown as Db;
    // The hot reads run as named statements on this handle (lib/db/pglite-statements.ts).
    await registerPglite(db, client);
    return {
      db,
      driver: 'pglite',
      dumpDataDir: () => client.dumpDataDir('none'),
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** Applies committed migrations; serialised across processes on PostgreSQL by an advisory lock. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.driver === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder });
    return;
  }
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(724001)`);
    await migrate(tx as never, { migrationsFolder });
  });
}

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
