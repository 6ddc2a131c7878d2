/**
 * The one way to mutate: `withTransaction(ctx, async (tx) => ...)` runs the function with the same
 * Ctx over a transaction. Called inside another, it joins it (drizzle makes it a savepoint), so an
 * operation can run in its caller's transaction: the `Idempotency-Key` record (lib/http), the
 * sandbox's locked order. `tx.afterCommit(fn)` runs `fn` once the outermost transaction has
 * committed, never after a rollback: the wake-up of an in-process delivery worker is sent only
 * when the event it should send exists for other connections.
 */
import type { Db } from '@/lib/db/client';

export type AfterCommit = (callback: () => void) => void;
/** A Ctx (or any `{ db }`) whose db is an open transaction. */
export type InTransaction<C extends { db: Db }> = C & { afterCommit: AfterCommit };

/** The callbacks of each open transaction, by its handle, so that a nested one hands its own over. */
const openTransactions = new WeakMap<Db, Array<() => void>>();

export async function withTransaction<C extends { db: Db }, T>(ctx: C, fn: (tx: InTransaction<C>) => Promise<T>): Promise<T> {
  const callbacks: Array<() => void> = [];
  const result = await ctx.db.transaction(async (handle) => {
    // drizzle types a transaction apart from the database, though it answers the same queries.
    const db = handle as unknown as Db;
    openTransactions.set(db, callbacks);
    return fn({ ...ctx, db, afterCommit: (callback) => void callbacks.push(callback) });
  });
  const outer = openTransactions.get(ctx.db);
  if (outer) outer.push(...callbacks); // committed a savepoint only: wait for the outermost commit
  else for (const callback of callbacks) callback();
  return result;
}

/**
 * Runs `callback` once `db`'s transaction has committed, or at once when `db` is not in a
 * transaction: a single statement run on the pool committed as it returned.
 */
export function afterCommitOf(db: Db, callback: () => void): void {
  const callbacks = openTransactions.get(db);
  if (callbacks) callbacks.push(callback);
  else callback();
}
