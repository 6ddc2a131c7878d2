/**
 * The database of the outbox loops (webhook delivery, messages) when no `db` is given, asked at
 * every round. In a process serving requests (scripts/server.mjs marks it at its first request)
 * on PostgreSQL: a small pool of their own
 * (BACKGROUND_CONNECTIONS, beside the process's pool of lib/app-db.ts), so that their claims,
 * renders and records do not wait in the requests' pool queue, nor take connections from
 * requests. Elsewhere (`npm run worker`, which serves no requests) and with PGlite (one
 * connection, one process): the process database itself.
 *
 * Why: at 100 creates and 100 cancels per second on two cores, the server's ten connections were
 * all taken (most "idle in transaction" while the event loop was busy) and requests waited
 * seconds for one; the in-server delivery worker's statements waited in the same queue, so events
 * reached their receiver 10-20 s after their commit while `npm run worker`, with its own pool,
 * delivered them within a second (docs/benchmarks.md, "Outbox throughput").
 */
import { getDb } from '@/lib/app-db';
import { configFromEnv, openDatabase, type Database, type Db } from '@/lib/db/client';
import { runtime } from '@/lib/runtime';

declare module '@/lib/runtime' {
  interface Runtime {
    /** The outbox loops' own pool in a server on PostgreSQL (lib/worker/background-db.ts). */
    backgroundDatabase?: Promise<Database>;
  }
}

export const BACKGROUND_CONNECTIONS = 4;

export async function backgroundDb(): Promise<Db> {
  const app = await getDb(); // the process's database first (migrated and seeded by the start-up), as the loops always did
  const { url } = configFromEnv();
  const current = runtime();
  if (!url || !current.servedByOurServer) return app;
  if (!current.backgroundDatabase) {
    const opening: Promise<Database> = openDatabase({ url, maxConnections: BACKGROUND_CONNECTIONS }).catch((error) => {
      if (current.backgroundDatabase === opening) delete current.backgroundDatabase;
      throw error;
    });
    current.backgroundDatabase = opening;
  }
  return (await current.backgroundDatabase).db;
}

/** Closes the loops' pool (tests, shutdown); the next `backgroundDb()` opens a new one. */
export async function closeBackgroundDb(): Promise<void> {
  const current = runtime();
  const pending = current.backgroundDatabase;
  delete current.backgroundDatabase;
  if (pending) await (await pending).close();
}
