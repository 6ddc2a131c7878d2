/**
 * Importing reference data from a file (DESIGN.md 6.4: `clinics import`, `catalog import`): what the
 * imports share. The file arrives as records (line number and fields, the header first) from any
 * async source, read as it goes: the CSV reader (import-csv.ts) streams a file for the CLI or an
 * uploaded body for the API (`POST /api/v2/clinics/imports`), tests pass arrays.
 *
 * One import is one transaction. Valid lines are written in batches (upsert by `externalId`); a line
 * that is wrong is reported with its number and, unless `skipInvalid`, the transaction rolls back
 * at the end, so nothing is written, and the lines after it are still checked (not written) so that
 * one run names every wrong line. A dry run does the same work and always rolls back, so its report
 * is exactly the one the real run would print. Memory does not grow with the file: one batch at a
 * time, the externalIds already seen (to name a line that repeats one) in a temporary table.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/lib/db/client';
import { withTransaction } from '@/lib/domain/transaction';

/** One record of the file: the line it starts on (the header is line 1) and its fields as text. */
export interface ImportRecord {
  line: number;
  values: readonly string[];
}

/** The file cannot be read on from `line` (broken CSV quoting, a record too long): nothing is written. */
export class ImportFileError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ImportError {
  line: number;
  /** The column at fault, when an importer names it (the roster import). */
  column?: string;
  message: string;
}

/** A problem of one field, named by its column (an importer may return these instead of sentences). */
export interface FieldProblem {
  column: string;
  message: string;
}

export interface ImportReport {
  inserted: number;
  updated: number;
  unchanged: number;
  /** The first MAX_LISTED_ERRORS wrong lines, in file order. */
  errors: ImportError[];
  /** Present when more lines were wrong than `errors` lists: how many it leaves out. */
  errorsNotListed?: number;
}

/** What became (or, in a dry run, would become) of one line of the file. */
export type LineOutcome = 'inserted' | 'updated' | 'unchanged' | 'rejected';

export interface LineReport {
  line: number;
  outcome: LineOutcome;
  /** The line's externalId as written ('' when it has none). */
  externalId: string;
  /** What is wrong with a rejected line. */
  message?: string;
}

export interface ImportOptions {
  /** Check and count everything, write nothing. */
  dryRun?: boolean;
  /**
   * Called once per line of the file with its outcome (the dashboard's report by line). A valid line
   * of a file that other lines make fail gets the outcome it would have once they are fixed.
   */
  onLine?: (report: LineReport) => void;
  /** Write the valid lines even when some are wrong (the wrong ones are reported). */
  skipInvalid?: boolean;
  batchSize?: number;
}

export const MAX_LISTED_ERRORS = 1000;
export const DEFAULT_BATCH_SIZE = 500;

export interface ImportResult {
  report: ImportReport;
  /**
   * The import was (or, in a dry run, would be) committed: no wrong line, or only lines to skip. False
   * when a wrong line or a wrong file rolled everything back.
   */
  accepted: boolean;
  /** The file itself is wrong (its header, its CSV, empty): no line was read past `line`. */
  fileError?: ImportError;
}

export interface BatchCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Each row's outcome, in the order of the rows written. */
  outcomes?: ReadonlyArray<Exclude<LineOutcome, 'rejected'>>;
}

/** What one kind of import supplies to `runImport`. */
export interface Importer<T extends { externalId: string }> {
  /** The columns a file may have, in the documented order. */
  columns: readonly string[];
  /** The columns a file must have. */
  required: readonly string[];
  /**
   * A line's fields by column (trimmed; '' for a column the file lacks): the row, or what is wrong
   * with it (sentences, reported as one error of the line, or field problems, one error each).
   */
  validate(fields: Readonly<Record<string, string>>): { row: T } | { problems: string[] | FieldProblem[] };
  /** Errors name their column (`column`), a repeated line's at `externalId`; without it, errors are `{ line, message }`. */
  namesColumns?: boolean;
  /** What makes two lines the same row (default: the externalId), e.g. company and externalId. */
  keyOf?(row: T): string;
  /**
   * After the last line, in the import's transaction (rolled back with it on a dry run): work over
   * the whole file, e.g. deactivating what it does not list. `writing` is false when a wrong line
   * already means nothing is written: then it may only read.
   */
  finish?(writing: boolean): Promise<void>;
  /** Upserts one batch of rows with distinct externalIds; unchanged rows are not written. */
  write(rows: readonly T[]): Promise<BatchCounts>;
  /** What `write` would do to each row, without writing (for `onLine` once the import cannot be written). */
  classify?(rows: readonly T[]): Promise<ReadonlyArray<Exclude<LineOutcome, 'rejected'>>>;
}

/** The header's problem, or the position of each column. */
export function readHeader(values: readonly string[], columns: readonly string[], required: readonly string[]): { index: Map<string, number> } | { problem: string } {
  const names = values.map((v) => v.trim());
  const unknown = names.filter((n) => !columns.includes(n));
  if (unknown.length) {
    return { problem: `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `"${n}"`).join(', ')} in the header; the columns are ${columns.join(',')}.` };
  }
  const repeated = names.filter((n, i) => names.indexOf(n) !== i);
  if (repeated.length) return { problem: `The header names ${[...new Set(repeated)].map((n) => `"${n}"`).join(', ')} more than once.` };
  const missing = required.filter((n) => !names.includes(n));
  if (missing.length) return { problem: `The header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}; the columns are ${columns.join(',')}.` };
  return { index: new Map(names.map((n, i) => [n, i])) };
}

/** Thrown inside the transaction to roll it back once the report is complete. */
class RollBack extends Error {}

/**
 * Runs an import in one transaction: `prepare` receives the transaction and returns the importer
 * (which may read what its checks need, e.g. the tenant's services, once).
 */
export async function runImport<T extends { externalId: string }>(
  db: Db,
  records: AsyncIterable<ImportRecord>,
  options: ImportOptions,
  prepare: (tx: Db) => Promise<Importer<T>>,
): Promise<ImportResult> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const report: ImportReport = { inserted: 0, updated: 0, unchanged: 0, errors: [] };
  let errorCount = 0;
  const fail = (line: number, message: string, externalId = '', column?: string) => {
    errorCount++;
    if (report.errors.length < MAX_LISTED_ERRORS) report.errors.push({ line, ...(column !== undefined ? { column } : {}), message });
    options.onLine?.({ line, outcome: 'rejected', externalId, message });
  };
  // A wrong line stops the writing (everything rolls back) unless it is to be skipped; a wrong file always does.
  let fatal = false;
  let fileError: ImportError | undefined;
  const failFile = (line: number, message: string) => {
    fail(line, message);
    fatal = true;
    fileError = { line, message };
  };
  const writing = () => !fatal && (errorCount === 0 || options.skipInvalid === true);

  try {
    // withTransaction (the one way to mutate): joins a caller's transaction as a savepoint, whose
    // rollback (RollBack below) leaves the caller's own work standing.
    await withTransaction({ db }, async ({ db: tx }) => {
      // Each statement handles one batch: JIT compilation (PostgreSQL, once estimates go stale on a
      // table the import is filling) costs more than it saves, ~0.3 s a statement.
      await tx.execute(sql`set local jit = off`);
      const importer = await prepare(tx);
      // The externalIds seen so far and their lines, to name the first line of one that repeats.
      await tx.execute(sql`create temporary table import_keys (external_id text primary key, line integer not null) on commit drop`);
      let index: Map<string, number> | undefined;
      let batch = new Map<string, { line: number; row: T }>();
      const keyOf = (row: T) => importer.keyOf?.(row) ?? row.externalId;
      const keyColumn = importer.namesColumns ? 'externalId' : undefined;

      const flush = async () => {
        if (!batch.size) return;
        const entries = [...batch.values()];
        batch = new Map();
        const json = JSON.stringify(entries.map((e) => ({ external_id: keyOf(e.row), line: e.line })));
        const fresh = rowsOf<{ external_id: string }>(
          await tx.execute(sql`insert into import_keys select * from json_to_recordset(${json}::json) as k(external_id text, line integer)
            on conflict do nothing returning external_id`),
        );
        let rows = entries;
        if (fresh.length < entries.length) {
          const isFresh = new Set(fresh.map((r) => r.external_id));
          const repeated = entries.filter((e) => !isFresh.has(keyOf(e.row)));
          const earlier = rowsOf<{ external_id: string; line: number }>(
            await tx.execute(sql`select external_id, line from import_keys where external_id in (select value from json_array_elements_text(${JSON.stringify(repeated.map((e) => keyOf(e.row)))}::json))`),
          );
          const lineOf = new Map(earlier.map((r) => [r.external_id, r.line]));
          for (const e of repeated) fail(e.line, `externalId "${e.row.externalId}" is already on line ${lineOf.get(keyOf(e.row))}.`, e.row.externalId, keyColumn);
          rows = entries.filter((e) => isFresh.has(keyOf(e.row)));
        }
        if (!rows.length) return;
        const tell = (outcomes: ReadonlyArray<Exclude<LineOutcome, 'rejected'>> | undefined) => {
          if (options.onLine && outcomes) rows.forEach((e, i) => options.onLine!({ line: e.line, outcome: outcomes[i], externalId: e.row.externalId }));
        };
        if (!writing()) {
          if (options.onLine && importer.classify) tell(await importer.classify(rows.map((e) => e.row)));
          return;
        }
        const counts = await importer.write(rows.map((e) => e.row));
        report.inserted += counts.inserted;
        report.updated += counts.updated;
        report.unchanged += counts.unchanged;
        tell(counts.outcomes);
      };

      try {
        for await (const record of records) {
          if (!index) {
            const header = readHeader(record.values, importer.columns, importer.required);
            if ('problem' in header) {
              failFile(record.line, header.problem);
              throw new RollBack();
            }
            index = header.index;
            continue;
          }
          if (record.values.length !== index.size) {
            fail(record.line, `The line has ${record.values.length} field${record.values.length === 1 ? '' : 's'}; the header has ${index.size}.`);
            continue;
          }
          const fields: Record<string, string> = {};
          for (const column of importer.columns) {
            const at = index.get(column);
            fields[column] = at === undefined ? '' : record.values[at].trim();
          }
          const checked = importer.validate(fields);
          if ('problems' in checked) {
            const problems = checked.problems as ReadonlyArray<string | FieldProblem>;
            if (problems.every((p) => typeof p === 'string')) fail(record.line, problems.join(' '), fields.externalId ?? '');
            else for (const p of problems as FieldProblem[]) fail(record.line, p.message, fields.externalId ?? '', p.column);
            continue;
          }
          const key = keyOf(checked.row);
          const earlier = batch.get(key);
          if (earlier) {
            fail(record.line, `externalId "${checked.row.externalId}" is already on line ${earlier.line}.`, checked.row.externalId, keyColumn);
            continue;
          }
          batch.set(key, { line: record.line, row: checked.row });
          if (batch.size >= batchSize) await flush();
        }
      } catch (error) {
        if (!(error instanceof ImportFileError)) throw error;
        failFile(error.line, error.message);
        throw new RollBack();
      }
      if (!index) {
        failFile(1, `The file is empty; its first line is the header: ${importer.columns.join(',')}.`);
        throw new RollBack();
      }
      await flush();
      await importer.finish?.(writing());
      if (options.dryRun || !writing()) throw new RollBack();
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  const accepted = writing();
  if (!accepted) Object.assign(report, { inserted: 0, updated: 0, unchanged: 0 });
  if (errorCount > report.errors.length) report.errorsNotListed = errorCount - report.errors.length;
  return { report, accepted, ...(fileError ? { fileError } : {}) };
}

/** Reads a line's fields, collecting what is wrong with them as sentences. */
export class FieldReader {
  readonly problems: string[] = [];

  constructor(private readonly fields: Readonly<Record<string, string>>) {}

  /** Text, '' read as absent (null), at most `max` characters. */
  text(column: string, options: { required: true; max?: number }): string;
  text(column: string, options?: { required?: false; max?: number }): string | null;
  text(column: string, { required = false, max = 255 }: { required?: boolean; max?: number } = {}): string | null {
    const value = this.fields[column] ?? '';
    if (value === '') {
      if (required) this.problems.push(`${column} is required.`);
      return required ? '' : null;
    }
    if (value.length > max) {
      this.problems.push(`${column} is longer than ${max} characters.`);
    } else if (/[\u0000-\u001f\u007f]/.test(value)) {
      this.problems.push(`${column} contains a control character (a line break, a tab...).`);
    }
    return value;
  }

  /** `true` or `false` (any case); '' is `fallback`. */
  boolean(column: string, fallback: boolean): boolean {
    const value = (this.fields[column] ?? '').toLowerCase();
    if (value === '') return fallback;
    if (value === 'true' || value === 'false') return value === 'true';
    this.problems.push(`${column} "${this.fields[column]}" is neither true nor false.`);
    return fallback;
  }

  /** A value checked by the caller: records `message` and returns null when `ok` is false. */
  check<V>(ok: boolean, value: V, message: string): V | null {
    if (ok) return value;
    this.problems.push(message);
    return null;
  }

  result<T>(row: T): { row: T } | { problems: string[] } {
    return this.problems.length ? { problems: this.problems } : { row };
  }
}
