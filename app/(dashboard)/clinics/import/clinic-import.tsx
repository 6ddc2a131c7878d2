'use client';
/**
 * The clinic import: the chosen CSV file goes to POST /api/v2/clinics/imports as a dry run, the
 * report by line is shown, and "Import" sends the same file again with dryRun=false. The API writes
 * all of the file or nothing, so a file with a rejected line is never half imported.
 */
import Link from 'next/link';
import { useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Badge, type Tone } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ApiError, errorMessage } from '@/components/ui/api';
import { MAX_CLINIC_IMPORT_BYTES, type ClinicImportReport } from '@/lib/domain/clinics/import-schemas';

const OUTCOME: Record<ClinicImportReport['lines'][number]['outcome'], { label: string; tone: Tone }> = {
  inserted: { label: 'New clinic', tone: 'success' },
  updated: { label: 'Update', tone: 'info' },
  unchanged: { label: 'No change', tone: 'muted' },
  rejected: { label: 'Rejected', tone: 'danger' },
};

/** The file as the import's body; an answer in the error envelope becomes an ApiError. */
async function sendFile(file: File, dryRun: boolean): Promise<ClinicImportReport> {
  const response = await fetch(`/api/v2/clinics/imports?dryRun=${dryRun}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'text/csv', Accept: 'application/json' },
    body: file,
  });
  const body = (await response.json().catch(() => null)) as (ClinicImportReport & { errors?: ApiError['entries'] }) | null;
  if (!response.ok) throw new ApiError(response.status, body?.errors?.length ? body.errors : [{ code: 'internalError', detail: `The server answered ${response.status}.` }]);
  return body as ClinicImportReport;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function ClinicImport({ tenantWide }: { tenantWide: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const check = useMutation({ mutationFn: (f: File) => sendFile(f, true) });
  const apply = useMutation({ mutationFn: (f: File) => sendFile(f, false) });

  function choose(chosen: File | null) {
    setFile(chosen);
    setProblem(null);
    check.reset();
    apply.reset();
    if (chosen && chosen.size > MAX_CLINIC_IMPORT_BYTES) setProblem(`${chosen.name} is larger than 5 MiB. Split it into several files and import them one after another.`);
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
      {!tenantWide ? (
        <Alert tone="warning" title="Your account is limited to some companies">
          The clinic network is shared by every company of your organisation: an administrator linked to all companies imports it.
        </Alert>
      ) : null}
      <Card>
        <CardHeader title="1. Check a file" description="Nothing is written yet: the check says what each line would do." />
        <CardBody>
          <form onSubmit={submit} aria-label="Check a clinic file" className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-file`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
                CSV file (UTF-8, up to 5 MiB)
              </label>
              <input
                id={`${id}-file`}
                ref={input}
                type="file"
                accept=".csv,text/csv"
                onChange={(e) => choose(e.target.files?.[0] ?? null)}
                className="text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium dark:text-slate-200 dark:file:bg-slate-800 dark:file:text-slate-100"
              />
            </div>
            <Button type="submit" size="sm" loading={check.isPending}>
              Check the file
            </Button>
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

function Report({ report, applying, onApply }: { report: ClinicImportReport; applying: boolean; onApply: () => void }) {
  const writable = report.rejected === 0 && report.inserted + report.updated > 0;
  return (
    <Card>
      <CardHeader
        title={report.applied ? 'Imported' : '2. What the file would do'}
        description={
          <span className="flex flex-wrap gap-2" role="group" aria-label="Summary">
            <Badge tone="success">{plural(report.inserted, 'new clinic')}</Badge>
            <Badge tone="info">{plural(report.updated, 'update')}</Badge>
            <Badge tone="muted">{plural(report.unchanged, 'unchanged line')}</Badge>
            <Badge tone={report.rejected ? 'danger' : 'muted'}>{plural(report.rejected, 'rejected line')}</Badge>
          </span>
        }
      />
      <CardBody className="space-y-4">
        {report.applied ? (
          <Alert tone="success" title="The clinics are imported">
            {plural(report.inserted, 'clinic')} added, {plural(report.updated, 'clinic')} updated. They are on the{' '}
            <Link href="/clinics" className="font-medium underline">
              clinic map
            </Link>{' '}
            now.
          </Alert>
        ) : report.rejected ? (
          <Alert tone="warning" title="Fix the rejected lines, then check the file again">
            Nothing is imported while any line is rejected; the other lines show what they will do once it is fixed.
          </Alert>
        ) : writable ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="button" onClick={onApply} loading={applying}>
              Import {plural(report.inserted + report.updated, 'clinic')}
            </Button>
            <p className="text-sm text-slate-600 dark:text-slate-400">The file is checked again as it is imported: all of it is written, or nothing.</p>
          </div>
        ) : (
          <Alert tone="info">Every clinic of the file is already on file as it is: there is nothing to import.</Alert>
        )}
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The file by line</caption>
            <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-800 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-2 pr-4">Line</th>
                <th scope="col" className="py-2 pr-4">External id</th>
                <th scope="col" className="py-2 pr-4">Outcome</th>
                <th scope="col" className="py-2">Why</th>
              </tr>
            </thead>
            <tbody>
              {report.lines.map((l) => (
                <tr key={l.line} className="border-b border-slate-100 align-top dark:border-slate-800/60">
                  <td className="py-2 pr-4 tabular-nums">{l.line}</td>
                  <td className="py-2 pr-4 font-mono text-xs">{l.externalId || '—'}</td>
                  <td className="py-2 pr-4">
                    <Badge tone={OUTCOME[l.outcome].tone}>{OUTCOME[l.outcome].label}</Badge>
                  </td>
                  <td className="py-2 text-slate-700 dark:text-slate-300">{l.message ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.linesNotListed ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">…and {plural(report.linesNotListed, 'more line')}.</p> : null}
        </div>
        {report.applied ? (
          <Link href="/clinics" className={buttonClass('secondary', 'sm')}>
            Find clinics
          </Link>
        ) : null}
      </CardBody>
    </Card>
  );
}
