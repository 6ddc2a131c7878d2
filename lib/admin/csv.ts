/** Reads a CSV file as it goes, for the CLI's imports: a file stream through lib/domain/import-csv.ts. */
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { ImportRecord } from '@/lib/domain/imports';
import { csvRecords as recordsOf } from '@/lib/domain/import-csv';

/** The records of a CSV file (a path) or stream with the line each starts on (the header is line 1); empty lines are skipped. */
export function csvRecords(input: string | Readable): AsyncGenerator<ImportRecord> {
  return recordsOf(typeof input === 'string' ? fs.createReadStream(input) : input);
}
