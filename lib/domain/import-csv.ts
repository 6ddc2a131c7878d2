/**
 * Reads a CSV file as it goes, for the imports (imports.ts): csv-parse (RFC 4180: quoted fields,
 * commas and line breaks inside quotes, a UTF-8 byte order mark) over a stream, so memory holds one
 * chunk and the records not yet taken, whatever the size of the file. The CLI streams a file
 * (lib/admin/csv.ts), the API an uploaded body.
 */
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { ImportFileError, type ImportRecord } from './imports';

/** Longer than this, a record is a broken file (an unclosed quote), not a line to hold in memory. */
const MAX_RECORD_BYTES = 1_000_000;

/** The records of a CSV stream with the line each starts on (the header is line 1); empty lines are skipped. */
export async function* csvRecords(source: Readable): AsyncGenerator<ImportRecord> {
  const parser = parse({
    bom: true,
    info: true,
    // Either line ending, even mixed in one file (csv-parse would otherwise keep the first one it sees).
    record_delimiter: ['\r\n', '\n'],
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_BYTES,
  });
  source.on('error', (error: Error) => parser.destroy(error));
  source.pipe(parser);
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      // info.lines is the line the record ends on; a quoted field may hold line breaks.
      const breaks = record.reduce((n, field) => n + (field.match(/\n/g)?.length ?? 0), 0);
      yield { line: info.lines - breaks, values: record };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 0;
      // csv-parse's line: where it gave up (an unclosed quote: the end of the file).
      throw new ImportFileError(line, `The file is not valid CSV: ${error.message}`);
    }
    throw error;
  } finally {
    parser.destroy();
    source.destroy();
  }
}

/** The records of a file held in memory (an upload), which must be UTF-8 text. */
export function csvRecordsOfBytes(bytes: Uint8Array): AsyncGenerator<ImportRecord> {
  return csvRecords(Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
}
