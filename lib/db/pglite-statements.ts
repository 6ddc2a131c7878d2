/**
 * Named prepared statements on PGlite, for the hot read statements (order lists, get order, clinic
 * search). PGlite's `query()` (and drizzle's PGlite driver on top of it) sends every statement
 * unnamed, so PostgreSQL parses and plans it again on every execution; in WebAssembly that was
 * 0.4-1.1 ms of a list page or a clinic search (docs/benchmarks.md). Here a statement is parsed
 * once per database under its name, and each execution is one batch of Bind, Describe, Execute and
 * Sync through `execProtocol`, inside PGlite's own locks (as `query()` takes them).
 *
 * `generic: true` plans the execution with a generic plan (`plan_cache_mode = force_generic_plan`
 * set with `set_config(..., true)` in the same implicit transaction, so it ends with it at Sync
 * whatever happens): the statements that run on PostgreSQL's generic-plan pool (lib/db/client.ts,
 * `genericPlanDb`) and for the same reason. Without it PostgreSQL chooses as for any prepared
 * statement.
 *
 * Only the root handle of an embedded database has a client here (`pgliteClientOf`); a transaction
 * (which holds PGlite's transaction lock) and PostgreSQL go through drizzle as before.
 */
import type { PGlite } from '@electric-sql/pglite';
import { runtime } from '@/lib/runtime';
import type { Db } from './client';

type Protocol = (typeof import('@electric-sql/pglite'))['protocol'];
type ParseResults = (typeof import('@electric-sql/pglite'))['parse']['parseResults'];

export interface Registered {
  client: PGlite;
  protocol: Protocol;
  parseResults: ParseResults;
  /** Statement names parsed in this database session. */
  parsed: Set<string>;
}

// In the runtime (lib/runtime.ts), as the generic-plan pools are: the server opens the database in
// a module copy that is not the route bundles' copy.
declare module '@/lib/runtime' {
  interface Runtime {
    /** The embedded database behind each root PGlite handle, with its parsed statements (lib/db/pglite-statements.ts). */
    pgliteStatements?: WeakMap<Db, Registered>;
  }
}
const registry = (): WeakMap<Db, Registered> => (runtime().pgliteStatements ??= new WeakMap());

/** Called by `openPglite` for the root handle it returns. */
export async function registerPglite(db: Db, client: PGlite): Promise<void> {
  const { protocol, parse } = await import('@electric-sql/pglite');
  registry().set(db, { client, protocol, parseResults: parse.parseResults, parsed: new Set() });
}

/** The embedded database behind `db` when `db` is its root handle (not a transaction, not PostgreSQL). */
export function pgliteClientOf(db: Db): Registered | undefined {
  return registry().get(db);
}

const GENERIC = 'dto_generic_plan_on';

/** A parameter as text in PostgreSQL's input syntax (arrays of strings as array literals). */
export function textValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value))
    return `{${value
      .map((item) => {
        if (item === null || item === undefined) return 'NULL';
        if (typeof item !== 'string' && typeof item !== 'number') throw new TypeError('array parameters hold strings or numbers');
        return `"${String(item).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
      })
      .join(',')}}`;
  throw new TypeError(`unsupported parameter type: ${typeof value}`);
}

/**
 * Runs the statement `text` under `name` with `values`; the rows as arrays, in select-list order,
 * values parsed by PGlite's type parsers (json as objects, integers as numbers).
 */
export async function executeNamed(
  target: Registered,
  name: string,
  text: string,
  values: readonly unknown[],
  options: { generic: boolean },
): Promise<unknown[][]> {
  try {
    return await executeOnce(target, name, text, values, options);
  } catch (error) {
    // The session lost the statement (DEALLOCATE, DISCARD) or its result type changed under it
    // (DDL): forget it, close it if it still exists, and parse it again once.
    const code = (error as { code?: unknown }).code;
    if (code !== '26000' && code !== '0A000') throw error;
    target.parsed.delete(name);
    target.parsed.delete(GENERIC);
    const { client, protocol } = target;
    const close = concat([protocol.serialize.close({ type: 'S', name }), protocol.serialize.close({ type: 'S', name: GENERIC }), protocol.serialize.sync()]);
    await client._runExclusiveTransaction(() => client.runExclusive(() => client.execProtocol(close, { throwOnError: false })));
    return executeOnce(target, name, text, values, options);
  }
}

async function executeOnce(target: Registered, name: string, text: string, values: readonly unknown[], options: { generic: boolean }): Promise<unknown[][]> {
  const { client, protocol, parseResults, parsed } = target;
  const { serialize } = protocol;
  // Which statements to parse is decided inside PGlite's lock: two first executions at once would
  // otherwise both send the Parse, and the second fail with "prepared statement ... already exists".
  const messages = await client._runExclusiveTransaction(() =>
    client.runExclusive(async () => {
      const parts: Uint8Array[] = [];
      const parsing: string[] = [];
      const parseOnce = (statement: string, sql: string) => {
        if (parsed.has(statement)) return;
        parts.push(serialize.parse({ name: statement, text: sql }));
        parsing.push(statement);
      };
      if (options.generic) {
        parseOnce(GENERIC, `select set_config('plan_cache_mode', 'force_generic_plan', true)`);
        parts.push(serialize.bind({ statement: GENERIC }), serialize.execute({}));
      }
      parseOnce(name, text);
      parts.push(serialize.bind({ statement: name, values: values.map(textValue) }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
      const answer = (await client.execProtocol(concat(parts), { throwOnError: false })).messages;
      // The statements parsed before an error exist now (the server skips only what follows it).
      const parsedNow = answer.filter((m) => m.name === 'parseComplete').length;
      for (const statement of parsing.slice(0, parsedNow)) parsed.add(statement);
      return answer;
    }),
  );
  const error = messages.find((m) => m.name === 'error');
  if (error) throw error;
  // The statement's own messages: from its Bind on (the set_config before it has rows of its own).
  const own = messages.slice(messages.map((m) => m.name).lastIndexOf('bindComplete'));
  const results = parseResults(own, client.parsers, { rowMode: 'array' });
  return (results[0]?.rows ?? []) as unknown[][];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
