'use client';
/**
 * The dashboard's CSV imports (the roster, the clinic network): one way to send the chosen file as a
 * dry run and then for real (`useCsvImport`), one card to choose and check it (`ImportFileCard`) and
 * one card for the dry run's report by line (`ImportReport`). The API writes all of a file or
 * nothing; each import says in its own words what its lines would do.
 */
import Link from 'next/link';
import { useId, useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Badge, type Tone } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ApiError, errorMessage } from '@/components/ui/api';
import { cn } from '@/components/ui/cn';

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Sends the file as a `text/csv` body to `url`; an answer in the error envelope becomes an ApiError. */
async function sendFile<R>(url: string, file: File): Promise<R> {
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'text/csv', Accept: 'application/json' },
    body: file,
  });
  const body = (await response.json().catch(() => null)) as (R & { errors?: ApiError['entries'] }) | null;
  if (!response.ok) throw new ApiError(response.status, body?.errors?.length ? body.errors : [{ code: 'internalError', detail: `The server answered ${response.status}.` }]);
  return body as R;
}

/**
 * The state of one import: the chosen file, its dry run (`check`) and its apply, the report to show
 * (the apply's, else the check's) and the problem to show (a file too large, none chosen, or the API's error).
 */
export function useCsvImport<R>({ url, maxBytes, tooLarge, onApplied }: {
  /** The import's URL for a dry run (true) or an apply (false). */
  url: (dryRun: boolean) => string;
  maxBytes: number;
  /** What to say of a file larger than `maxBytes`. */
  tooLarge: (name: string) => string;
  onApplied?: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const check = useMutation({ mutationFn: (f: File) => sendFile<R>(url(true), f) });
  const apply = useMutation({ mutationFn: (f: File) => sendFile<R>(url(false), f), onSuccess: onApplied });

  /** Forgets the reports and the problem: the file or an option changed. */
  function reset() {
    setProblem(null);
    check.reset();
    apply.reset();
  }

  function choose(chosen: File | null) {
    setFile(chosen);
    reset();
    if (chosen && chosen.size > maxBytes) setProblem(tooLarge(chosen.name));
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!file) return setProblem('Choose a CSV file first.');
    if (problem) return;
    apply.reset();
    check.mutate(file);
  }

  return {
    choose,
    submit,
    reset,
    checking: check.isPending,
    applying: apply.isPending,
    applyFile: () => file && apply.mutate(file),
    report: apply.data ?? check.data,
    error: problem ?? (check.error ? errorMessage(check.error) : apply.error ? errorMessage(apply.error) : null),
  };
}

/** "1. Check a file": the file input, the import's own options (`children`), the check button and the problem. */
export function ImportFileCard({
  formLabel,
  fileLabel,
  description,
  stacked = false,
  checking,
  error,
  onChoose,
  onSubmit,
  children,
}: {
  formLabel: string;
  fileLabel: string;
  description: string;
  /** Options below the file input (a column); otherwise the button stands beside it on a wide screen. */
  stacked?: boolean;
  checking: boolean;
  error: string | null;
  onChoose: (file: File | null) => void;
  onSubmit: (event: React.FormEvent) => void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <Card>
      <CardHeader title="1. Check a file" description={description} />
      <CardBody>
        <form onSubmit={onSubmit} aria-label={formLabel} className={cn('flex flex-col', stacked ? 'gap-4' : 'gap-3 sm:flex-row sm:items-end')}>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-file`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
              {fileLabel}
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => onChoose(e.target.files?.[0] ?? null)}
              className="text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium dark:text-slate-200 dark:file:bg-slate-800 dark:file:text-slate-100"
            />
          </div>
          {children}
          <div>
            <Button type="submit" size="sm" loading={checking}>
              Check the file
            </Button>
          </div>
        </form>
        {error ? (
          <Alert tone="danger" title="The file cannot be imported" className="mt-4">
            {error}
          </Alert>
        ) : null}
      </CardBody>
    </Card>
  );
}

export interface ReportColumn {
  header: string;
  /** Classes of the column's cells. */
  cell?: string;
}

/**
 * "2. What the file would do" (or "Imported"): the counts, then what comes next (applied; blocked
 * by a wrong line; the apply button; or nothing to do), the lines' table and how many it leaves out.
 */
export function ImportReport({
  applied,
  summary,
  appliedNote,
  blocked,
  apply,
  nothingToDo,
  lines,
  done,
}: {
  applied: boolean;
  summary: Array<{ tone: Tone; text: string }>;
  appliedNote: { title: string; body: ReactNode };
  /** Set when a wrong line blocks the import. */
  blocked: { title: string; body: ReactNode } | null;
  /** Set when the file would change something. */
  apply: { label: string; note: string; applying: boolean; onApply: () => void } | null;
  nothingToDo: string;
  lines?: { caption: string; columns: ReportColumn[]; rows: Array<{ key: string; cells: ReactNode[] }>; notListed: number; notListedNoun: string };
  /** Where to go once applied. */
  done: { href: string; label: string };
}) {
  return (
    <Card>
      <CardHeader
        title={applied ? 'Imported' : '2. What the file would do'}
        description={
          <span className="mt-1 flex flex-wrap gap-2" role="group" aria-label="Summary">
            {summary.map((s) => (
              <Badge key={s.text} tone={s.tone}>
                {s.text}
              </Badge>
            ))}
          </span>
        }
      />
      <CardBody className="space-y-4">
        {applied ? (
          <Alert tone="success" title={appliedNote.title}>
            {appliedNote.body}
          </Alert>
        ) : blocked ? (
          <Alert tone="warning" title={blocked.title}>
            {blocked.body}
          </Alert>
        ) : apply ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="button" onClick={apply.onApply} loading={apply.applying}>
              {apply.label}
            </Button>
            <p className="text-sm text-slate-600 dark:text-slate-400">{apply.note}</p>
          </div>
        ) : (
          <Alert tone="info">{nothingToDo}</Alert>
        )}
        {lines ? (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{lines.caption}</caption>
              <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-800 dark:text-slate-400">
                <tr>
                  {lines.columns.map((c, i) => (
                    <th key={c.header} scope="col" className={cn('py-2', i < lines.columns.length - 1 && 'pr-4')}>
                      {c.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {lines.rows.map((row) => (
                  <tr key={row.key} className="border-b border-slate-100 align-top dark:border-slate-800/60">
                    {row.cells.map((cell, i) => (
                      <td key={lines.columns[i].header} className={cn('py-2', i < lines.columns.length - 1 && 'pr-4', lines.columns[i].cell)}>
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
            {lines.notListed ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">…and {plural(lines.notListed, lines.notListedNoun)}.</p> : null}
          </div>
        ) : null}
        {applied ? (
          <Link href={done.href} className={buttonClass('secondary', 'sm')}>
            {done.label}
          </Link>
        ) : null}
      </CardBody>
    </Card>
  );
}
