/**
 * PostgreSQL only: an idle pooled connection that the server ends (restart, failover,
 * pg_terminate_backend) must not end the process; the next query gets a fresh connection.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '@/lib/db/client';
import { CONDITIONS, needs } from '../conditions';

const url = process.env.DATABASE_URL;
let database: Database | undefined;
afterAll(async () => database?.close());

describe.skipIf(!CONDITIONS.appOnPostgres.holds)(needs('appOnPostgres', 'the PostgreSQL pools'), () => {
  it('survive the server ending their idle connections', async () => {
    database = await openDatabase({ url: url!, maxConnections: 2 });
    const [{ pid }] = rowsOf<{ pid: number }>(await database.db.execute(sql`select pg_backend_pid() as pid`));
    const killer = await openDatabase({ url: url!, maxConnections: 1 });
    try {
      await killer.db.execute(sql`select pg_terminate_backend(${pid})`);
    } finally {
      await killer.close();
    }
    // The server's FATAL reaches the idle client; the pool reports it and drops that client.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [{ n }] = rowsOf<{ n: number }>(await database.db.execute(sql`select 1 as n`));
    expect(n).toBe(1);
  });
});
