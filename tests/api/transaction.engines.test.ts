/**
 * withTransaction (lib/domain/transaction.ts), the one way to mutate: a nested call joins its
 * caller's transaction, and `afterCommit` callbacks run once the outermost transaction has
 * committed, never after a rollback.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenants } from '@/lib/db/schema';
import { afterCommitOf, afterRollbackOf, withTransaction } from '@/lib/domain/transaction';
import { newId } from '@/lib/ids';
import { db, withTestDatabase } from './harness';

withTestDatabase();

const insertTenant = (handle: ReturnType<typeof db>, id: string) =>
  handle.insert(tenants).values({ id, slug: `tx-${id.toLowerCase()}`, name: 'Transaction test', webhookSecret: 'whsec_test' });
const exists = async (id: string) => (await db().select({ id: tenants.id }).from(tenants).where(eq(tenants.id, id))).length === 1;

describe('withTransaction', () => {
  it('runs afterCommit callbacks after the commit, in order, with the change visible', async () => {
    const id = newId();
    const calls: string[] = [];
    await withTransaction({ db: db() }, async (tx) => {
      await insertTenant(tx.db, id);
      tx.afterCommit(() => calls.push('first'));
      tx.afterCommit(() => calls.push('second'));
      expect(calls).toEqual([]);
    });
    expect(calls).toEqual(['first', 'second']);
    expect(await exists(id)).toBe(true);
  });

  it('never runs them after a rollback, and the change is gone', async () => {
    const id = newId();
    let called = false;
    const failed = withTransaction({ db: db() }, async (tx) => {
      await insertTenant(tx.db, id);
      tx.afterCommit(() => (called = true));
      throw new Error('rolled back');
    });
    await expect(failed).rejects.toThrow('rolled back');
    expect(called).toBe(false);
    expect(await exists(id)).toBe(false);
  });

  it("a nested call joins the caller's transaction: its callbacks wait for the outermost commit", async () => {
    const id = newId();
    const calls: string[] = [];
    await withTransaction({ db: db() }, async (outer) => {
      await withTransaction(outer, async (inner) => {
        await insertTenant(inner.db, id);
        inner.afterCommit(() => calls.push('inner'));
      });
      expect(calls).toEqual([]);
      outer.afterCommit(() => calls.push('outer'));
    });
    expect(calls).toEqual(['inner', 'outer']);
    expect(await exists(id)).toBe(true);
  });

  it("a nested call's callbacks never run when the outer transaction rolls back after it", async () => {
    const id = newId();
    let called = false;
    const failed = withTransaction({ db: db() }, async (outer) => {
      await withTransaction(outer, async (inner) => {
        await insertTenant(inner.db, id);
        inner.afterCommit(() => (called = true));
      });
      throw new Error('outer failed');
    });
    await expect(failed).rejects.toThrow('outer failed');
    expect(called).toBe(false);
    expect(await exists(id)).toBe(false);
  });

  it('a nested call that fails rolls back its own part only, and drops its callbacks', async () => {
    const kept = newId();
    const dropped = newId();
    const calls: string[] = [];
    await withTransaction({ db: db() }, async (outer) => {
      await insertTenant(outer.db, kept);
      outer.afterCommit(() => calls.push('outer'));
      await withTransaction(outer, async (inner) => {
        await insertTenant(inner.db, dropped);
        inner.afterCommit(() => calls.push('inner'));
        throw new Error('inner failed');
      }).catch(() => undefined);
    });
    expect(calls).toEqual(['outer']);
    expect([await exists(kept), await exists(dropped)]).toEqual([true, false]);
  });
});

describe('afterCommitOf', () => {
  it('outside a transaction (a statement on the pool has committed): runs the callback at once', () => {
    let called = false;
    afterCommitOf(db(), () => (called = true));
    expect(called).toBe(true);
  });

  it('inside one: waits for its commit, and never runs after a rollback', async () => {
    const calls: string[] = [];
    await withTransaction({ db: db() }, async (tx) => {
      afterCommitOf(tx.db, () => calls.push('committed'));
      expect(calls).toEqual([]);
    });
    await withTransaction({ db: db() }, async (tx) => {
      afterCommitOf(tx.db, () => calls.push('rolled back'));
      throw new Error('rollback');
    }).catch(() => undefined);
    expect(calls).toEqual(['committed']);
  });
});

describe('afterRollbackOf (what a transaction did outside the database: an object in the document store)', () => {
  it('outside a transaction: never runs', () => {
    let called = false;
    afterRollbackOf(db(), () => (called = true));
    expect(called).toBe(false);
  });

  it('runs after a rollback, never after a commit', async () => {
    const calls: string[] = [];
    await withTransaction({ db: db() }, async (tx) => {
      afterRollbackOf(tx.db, () => calls.push('committed'));
    });
    await withTransaction({ db: db() }, async (tx) => {
      afterRollbackOf(tx.db, () => calls.push('rolled back'));
      throw new Error('rollback');
    }).catch(() => undefined);
    expect(calls).toEqual(['rolled back']);
  });

  it("a nested call's callback runs when its own savepoint rolls back, or the outer transaction after it; not when both commit", async () => {
    const calls: string[] = [];
    await withTransaction({ db: db() }, async (outer) => {
      await withTransaction(outer, async (inner) => {
        afterRollbackOf(inner.db, () => calls.push('savepoint'));
        throw new Error('savepoint fails');
      }).catch(() => undefined);
      await withTransaction(outer, async (inner) => {
        afterRollbackOf(inner.db, () => calls.push('kept'));
      });
    });
    expect(calls).toEqual(['savepoint']);
    await withTransaction({ db: db() }, async (outer) => {
      await withTransaction(outer, async (inner) => {
        afterRollbackOf(inner.db, () => calls.push('outer rolled back'));
      });
      throw new Error('the outer transaction fails after the nested one committed its savepoint');
    }).catch(() => undefined);
    expect(calls).toEqual(['savepoint', 'outer rolled back']);
  });
});
