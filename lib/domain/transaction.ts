/**
 * The one way to mutate: `withTransaction(ctx, async (tx) => ...)` runs the function with the same
 * Ctx over a transaction. Called inside another, it joins it (drizzle makes it a savepoint), so an
 * operation can run in its caller's transaction: the `Idempotency-Key` record (lib/http), the
 * sandbox's locked order. `tx.afterCommit(fn)` runs `fn` once the outermost transaction has
 * committed, never after a rollback: the wake-up of an in-process delivery worker is sent only
 * when the event it should send exists for other connections. `afterRollbackOf(db, fn)` is the
 * reverse, for what a transaction did outside the database: an object written to the document
 * store (lib/domain/document-store.ts) is deleted again when its row does not commit.
 */
import type { Db } from '@/lib/db/client';

export type AfterCommit = (callback: () => void) => void;
/** A Ctx (or any `{ db }`) whose db is an open transaction. */
export type InTransaction<C extends { db: Db }> = C & { afterCommit: AfterCommit };

interface Hooks {
  committed: Array<() => void>;
  rolledBack: Array<() => void>;
}

/** The callbacks of each open transaction, by its handle, so that a nested one hands its own over. */
const openTransactions = new WeakMap<Db, Hooks>();

export async function withTransaction<C extends { db: Db }, T>(ctx: C, fn: (tx: InTransaction<C>) => Promise<T>): Promise<T> {
  const hooks: Hooks = { committed: [], rolledBack: [] };
  let result: T;
  try {
    result = await ctx.db.transaction(async (handle) => {
      // drizzle types a transaction apart from the database, though it answers the same queries.
      const db = handle as unknown as Db;
      openTransactions.set(db, hooks);
      return fn({ ...ctx, db, afterCommit: (callback) => void hooks.committed.push(callback) });
    });
  } catch (error) {
    // This transaction (or savepoint) rolled back: what it did outside the database is undone.
    for (const callback of hooks.rolledBack) callback();
    throw error;
  }
  const outer = openTransactions.get(ctx.db);
  if (outer) {
    // Committed a savepoint only: wait for the outermost commit, or undo with its rollback.
    outer.committed.push(...hooks.committed);
    outer.rolledBack.push(...hooks.rolledBack);
  } else for (const callback of hooks.committed) callback();
  return result;
}

/**
 * Runs `callback` once `db`'s transaction has committed, or at once when `db` is not in a
 * transaction: a single statement run on the pool committed as it returned.
 */
export function afterCommitOf(db: Db, callback: () => void): void {
  const hooks = openTransactions.get(db);
  if (hooks) hooks.committed.push(callback);
  else callback();
}

/**
 * Runs `callback` if `db`'s transaction rolls back (its own savepoint or any transaction around
 * it), never after a commit; nothing when `db` is not in a transaction.
 */
export function afterRollbackOf(db: Db, callback: () => void): void {
  openTransactions.get(db)?.rolledBack.push(callback);
}
