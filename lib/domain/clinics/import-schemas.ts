/**
 * The clinic import through the API and the dashboard (`POST /api/v2/clinics/imports`): its query,
 * limits and report. Pure (zod only): the dashboard's import page imports it.
 */
import { z } from 'zod';

/** The largest file the API takes (413 `tooBig` above); the CLI streams files of any size. */
export const MAX_CLINIC_IMPORT_BYTES = 5 * 1024 * 1024;
export const CLINIC_IMPORT_CONTENT_TYPES = ['text/csv'] as const;
/** The report lists at most this many lines (every rejected one first, up to it). */
export const MAX_REPORTED_LINES = 1000;

export const ClinicImportQuery = z.strictObject({
  dryRun: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .meta({ description: '`true`: check the file and report what each line would do, writing nothing; `false`: apply it (only when no line is rejected).' }),
});
export type ClinicImportQuery = z.output<typeof ClinicImportQuery>;

export const LINE_OUTCOMES = ['inserted', 'updated', 'unchanged', 'rejected'] as const;

export const ClinicImportLine = z
  .object({
    line: z.number().int().meta({ description: 'The line of the file (the header is line 1).' }),
    outcome: z.enum(LINE_OUTCOMES).meta({ description: 'What the line does (or, in a dry run, would do): a new clinic, an update of the clinic with its externalId, nothing (equal to the clinic on file), or nothing because it is wrong.' }),
    externalId: z.string(),
    message: z.string().optional().meta({ description: 'What is wrong with a rejected line.' }),
  })
  .meta({ description: 'One line of the file and what it does.' });

export const ClinicImportReport = z
  .object({
    object: z.literal('clinicImport'),
    dryRun: z.boolean(),
    applied: z.boolean().meta({ description: 'The file was written: not a dry run, and no line rejected. Otherwise nothing was written.' }),
    inserted: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    rejected: z.number().int(),
    lines: z.array(ClinicImportLine).meta({ description: `The lines by number: every one up to ${MAX_REPORTED_LINES}, the rejected ones first beyond that.` }),
    linesNotListed: z.number().int().meta({ description: 'How many lines `lines` leaves out.' }),
  })
  .meta({ id: 'ClinicImportReport' });
export type ClinicImportReport = z.output<typeof ClinicImportReport>;
