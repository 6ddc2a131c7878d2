import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/db/client';
import { executeNamed, pgliteClientOf, textValue } from '@/lib/db/pglite-statements';

describe('textValue: parameters as PostgreSQL input text', () => {
  it('strings, numbers, booleans, dates, null', () => {
    expect(textValue('a')).toBe('a');
    expect(textValue(10)).toBe('10');
    expect(textValue(true)).toBe('t');
    expect(textValue(false)).toBe('f');
    expect(textValue(new Date('2026-07-15T15:00:00Z'))).toBe('2026-07-15T15:00:00.000Z');
    expect(textValue(null)).toBeNull();
    expect(textValue(undefined)).toBeNull();
    expect(() => textValue(Number.NaN)).toThrow(TypeError);
    expect(() => textValue({})).toThrow(TypeError);
  });

  it('arrays of strings as array literals, quotes and backslashes escaped', () => {
    expect(textValue([])).toBe('{}');
    expect(textValue(['a', 'b,c', 'd"e', 'f\\g', 'NULL'])).toBe('{"a","b,c","d\\"e","f\\\\g","NULL"}');
  });
});

describe('executeNamed on an embedded database', () => {
  let database: Database;
  // Opening and migrating an in-memory database takes seconds on a busy machine.
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  it('the root handle has a client; round trips arrays of awkward strings exactly', async () => {
    const target = pgliteClientOf(database.db)!;
    expect(target).toBeDefined();
    const values = ['a', 'b,c', 'd"e', 'f\\g', 'NULL', "it's", ''];
    const rows = await executeNamed(target, 'test_echo', 'select $1::text[] as a, cardinality($1::text[]) as n, $2::int + 1 as m', [values, 41], { generic: false });
    expect(rows).toEqual([[values, values.length, 42]]);
    // Parsed once: a second execution with other values reuses the statement.
    expect(await executeNamed(target, 'test_echo', 'select $1::text[] as a, cardinality($1::text[]) as n, $2::int + 1 as m', [[], 1], { generic: true })).toEqual([[[], 0, 2]]);
  });

  it('an execution error is thrown, and the statement still runs afterwards', async () => {
    const target = pgliteClientOf(database.db)!;
    const text = 'select 10 / $1::int as q';
    await expect(executeNamed(target, 'test_divide', text, [0], { generic: true })).rejects.toMatchObject({ code: '22012' });
    expect(await executeNamed(target, 'test_divide', text, [5], { generic: true })).toEqual([[2]]);
    // The generic-plan setting ended with its implicit transaction.
    const [[mode]] = await executeNamed(target, 'test_mode', `select current_setting('plan_cache_mode')`, [], { generic: false });
    expect(mode).toBe('auto');
  });

  it('first executions of one statement at once parse it once (each answers)', async () => {
    const target = pgliteClientOf(database.db)!;
    const text = 'select $1::int + 1 as n';
    const answers = await Promise.all([1, 2, 3, 4].map((n) => executeNamed(target, 'test_at_once', text, [n], { generic: true })));
    expect(answers).toEqual([[[2]], [[3]], [[4]], [[5]]]);
  });

  it('a statement that does not parse is refused, and can be parsed under its name later', async () => {
    const target = pgliteClientOf(database.db)!;
    await expect(executeNamed(target, 'test_broken', 'select from nowhere_at_all', [], { generic: false })).rejects.toMatchObject({ code: '42P01' });
    expect(await executeNamed(target, 'test_broken', 'select 1 as one', [], { generic: false })).toEqual([[1]]);
  });
});

describe('executeNamed when the session lost the statement', () => {
  it('parses it again after a DEALLOCATE ALL', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const target = pgliteClientOf(database.db)!;
      expect(await executeNamed(target, 'test_again', 'select $1::int * 2 as d', [4], { generic: true })).toEqual([[8]]);
      await target.client.exec('deallocate all');
      expect(await executeNamed(target, 'test_again', 'select $1::int * 2 as d', [5], { generic: true })).toEqual([[10]]);
    } finally {
      await database.close();
    }
  });
});
