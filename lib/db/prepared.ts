/**
 * A hand-written statement (a data-modifying CTE, a JSON read) run as a named prepared statement on
 * whichever handle the caller holds: the pool or a transaction, PostgreSQL or PGlite.
 *
 * Why: drizzle's `.prepare()` belongs to the builder of one handle, so a statement prepared inside a
 * transaction is rebuilt, SQL text and all, for every transaction. Here the text is built once per
 * process, and PostgreSQL parses and plans it once per connection (by name).
 */
import type { SQL } from 'drizzle-orm';
import { rowsOf, type Db } from './client';

interface Session {
  prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: boolean): { execute(values: Record<string, unknown>): Promise<unknown> };
}
/** What drizzle's database and transaction objects both carry (not in its public types). */
interface Internals {
  dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };
  session: Session;
}

/**
 * `statement(db, values)` runs `build()` (with `sql.placeholder(name)` for each value) as the
 * prepared statement `name` and returns its rows.
 */
export function namedStatement<Row>(name: string, build: () => SQL) {
  let query: { sql: string; params: unknown[] } | undefined;
  return async (db: Db, values: Record<string, unknown>): Promise<Row[]> => {
    const handle = db as unknown as Internals;
    query ??= handle.dialect.sqlToQuery(build());
    return rowsOf<Row>(await handle.session.prepareQuery(query, undefined, name, false).execute(values));
  };
}
