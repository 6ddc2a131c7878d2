'use client';
/**
 * The roster import (DESIGN.md 7.1): the chosen CSV file goes to POST /api/v2/employees/imports as
 * a dry run, its report is shown (the counts, and what is wrong by line and column), and "Apply"
 * sends the same file again with dryRun=false. The API writes all of the file or nothing.
 */
import Link from 'next/link';
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ApiError, errorMessage } from '@/components/ui/api';
import { MAX_EMPLOYEE_IMPORT_BYTES, type EmployeeImportReport } from '@/lib/domain/employees/schemas';
import { employeeKeys } from './keys';

/** The file as the import's body; an answer in the error envelope becomes an ApiError. */
async function sendFile(file: File, dryRun: boolean, deactivateMissing: boolean): Promise<EmployeeImportReport> {
  const response = await fetch(`/api/v2/employees/imports?dryRun=${dryRun}&deactivateMissing=${deactivateMissing}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'text/csv', Accept: 'application/json' },
    body: file,
  });
  const body = (await response.json().catch(() => null)) as (EmployeeImportReport & { errors?: unknown[] }) | null;
  if (!response.ok) {
    const entries = (body as { errors?: ApiError['entries'] } | null)?.errors;
    throw new ApiError(response.status, entries?.length ? entries : [{ code: 'internalError', detail: `The server answered ${response.status}.` }]);
  }
  return body as EmployeeImportReport;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function RosterImport() {
  const id = useId();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [deactivateMissing, setDeactivateMissing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const check = useMutation({ mutationFn: (f: File) => sendFile(f, true, deactivateMissing) });
  const apply = useMutation({
    mutationFn: (f: File) => sendFile(f, false, deactivateMissing),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: employeeKeys.all });
      router.refresh();
    },
  });

  function reset() {
    setProblem(null);
    check.reset();
    apply.reset();
  }

  function choose(chosen: File | null) {
    setFile(chosen);
    reset();
    if (chosen && chosen.size > MAX_EMPLOYEE_IMPORT_BYTES) setProblem(`${chosen.name} is larger than 10 MiB. Split it into several files, or use the command line (npm run cli -- employees import).`);
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!file) return setProblem('Choose a CSV file first.');
    if (problem) return;
    apply.reset();
    check.mutate(file);
  }

  const report = apply.data ?? check.data;
  const error = problem ?? (check.error ? errorMessage(check.error) : apply.error ? errorMessage(apply.error) : null);

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title="1. Check a file" description="Nothing is written yet: the check says what the file would do." />
        <CardBody>
          <form onSubmit={submit} aria-label="Check a roster file" className="flex flex-col gap-4">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-file`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
                CSV file (UTF-8, up to 10 MiB)
              </label>
              <input
                id={`${id}-file`}
                type="file"
                accept=".csv,text/csv"
                onChange={(e) => choose(e.target.files?.[0] ?? null)}
                className="text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium dark:text-slate-200 dark:file:bg-slate-800 dark:file:text-slate-100"
              />
            </div>
            <label className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-200">
              <input
                type="checkbox"
                checked={deactivateMissing}
                onChange={(e) => {
                  setDeactivateMissing(e.target.checked);
                  reset();
                }}
                className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500 dark:border-slate-600"
              />
              <span>
                The file is the whole roster: deactivate the active employees of its companies that it does not list
                <span className="block text-xs text-slate-500 dark:text-slate-400">Their coverage ends today; nothing is deleted.</span>
              </span>
            </label>
            <div>
              <Button type="submit" size="sm" loading={check.isPending}>
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

      {report ? <Report report={report} applying={apply.isPending} onApply={() => file && apply.mutate(file)} /> : null}
    </div>
  );
}

function Report({ report, applying, onApply }: { report: EmployeeImportReport; applying: boolean; onApply: () => void }) {
  const wrong = report.errors.length + report.errorsNotListed;
  const changes = report.inserted + report.updated + report.deactivated;
  return (
    <Card>
      <CardHeader
        title={report.applied ? 'Imported' : '2. What the file would do'}
        description={
          <span className="mt-1 flex flex-wrap gap-2" role="group" aria-label="Summary">
            <Badge tone="success">{report.inserted} new</Badge>
            <Badge tone="info">{report.updated} updated</Badge>
            <Badge tone="muted">{report.unchanged} unchanged</Badge>
            <Badge tone={report.deactivated ? 'warning' : 'muted'}>{report.deactivated} deactivated</Badge>
            <Badge tone={wrong ? 'danger' : 'muted'}>{plural(wrong, 'error')}</Badge>
          </span>
        }
      />
      <CardBody className="space-y-4">
        {report.applied ? (
          <Alert tone="success" title="The roster is imported">
            {plural(report.inserted, 'employee')} added, {plural(report.updated, 'employee')} updated, {plural(report.deactivated, 'employee')} deactivated.
          </Alert>
        ) : wrong ? (
          <Alert tone="warning" title="Fix these lines, then check the file again">
            Nothing is imported while any line is wrong.
          </Alert>
        ) : changes ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="button" onClick={onApply} loading={applying}>
              Apply
            </Button>
            <p className="text-sm text-slate-600 dark:text-slate-400">The file is checked again as it is applied: all of it is written, or nothing.</p>
          </div>
        ) : (
          <Alert tone="info">Every employee of the file is already on file as it is: there is nothing to import.</Alert>
        )}
        {report.errors.length ? (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">What is wrong, by line</caption>
              <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-800 dark:text-slate-400">
                <tr>
                  <th scope="col" className="py-2 pr-4">Line</th>
                  <th scope="col" className="py-2 pr-4">Column</th>
                  <th scope="col" className="py-2">What is wrong</th>
                </tr>
              </thead>
              <tbody>
                {report.errors.map((e, i) => (
                  <tr key={`${e.line}-${e.column}-${i}`} className="border-b border-slate-100 align-top dark:border-slate-800/60">
                    <td className="py-2 pr-4 tabular-nums">{e.line}</td>
                    <td className="py-2 pr-4 font-mono text-xs">{e.column ?? '—'}</td>
                    <td className="py-2 text-slate-700 dark:text-slate-300">{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {report.errorsNotListed ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">…and {plural(report.errorsNotListed, 'more error')}.</p> : null}
          </div>
        ) : null}
        {report.applied ? (
          <Link href="/employees" className={buttonClass('secondary', 'sm')}>
            See the roster
          </Link>
        ) : null}
      </CardBody>
    </Card>
  );
}
