'use client';
/**
 * The roster import (DESIGN.md 7.1): the chosen CSV file goes to POST /api/v2/employees/imports as
 * a dry run, its report is shown (the counts, and what is wrong by line and column), and "Apply"
 * sends the same file again with dryRun=false. The API writes all of the file or nothing.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { ImportFileCard, ImportReport, plural, useCsvImport } from '@/components/imports/csv-import';
import { MAX_EMPLOYEE_IMPORT_BYTES, type EmployeeImportReport } from '@/lib/domain/employees/schemas';
import { employeeKeys } from './keys';

export function RosterImport() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [deactivateMissing, setDeactivateMissing] = useState(false);
  const csv = useCsvImport<EmployeeImportReport>({
    url: (dryRun) => `/api/v2/employees/imports?dryRun=${dryRun}&deactivateMissing=${deactivateMissing}`,
    maxBytes: MAX_EMPLOYEE_IMPORT_BYTES,
    tooLarge: (name) => `${name} is larger than 10 MiB. Split it into several files, or use the command line (npm run cli -- employees import).`,
    onApplied: () => {
      void queryClient.invalidateQueries({ queryKey: employeeKeys.all });
      router.refresh();
    },
  });
  const report = csv.report;

  return (
    <div className="space-y-6">
      <ImportFileCard
        formLabel="Check a roster file"
        fileLabel="CSV file (UTF-8, up to 10 MiB)"
        description="Nothing is written yet: the check says what the file would do."
        stacked
        checking={csv.checking}
        error={csv.error}
        onChoose={csv.choose}
        onSubmit={csv.submit}
      >
        <label className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-200">
          <input
            type="checkbox"
            checked={deactivateMissing}
            onChange={(e) => {
              setDeactivateMissing(e.target.checked);
              csv.reset();
            }}
            className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500 dark:border-slate-600"
          />
          <span>
            The file is the whole roster: deactivate the active employees of its companies that it does not list
            <span className="block text-xs text-slate-500 dark:text-slate-400">Their coverage ends today; nothing is deleted.</span>
          </span>
        </label>
      </ImportFileCard>

      {report ? <RosterReport report={report} applying={csv.applying} onApply={csv.applyFile} /> : null}
    </div>
  );
}

function RosterReport({ report, applying, onApply }: { report: EmployeeImportReport; applying: boolean; onApply: () => void }) {
  const wrong = report.errors.length + report.errorsNotListed;
  const changes = report.inserted + report.updated + report.deactivated;
  return (
    <ImportReport
      applied={report.applied}
      summary={[
        { tone: 'success', text: `${report.inserted} new` },
        { tone: 'info', text: `${report.updated} updated` },
        { tone: 'muted', text: `${report.unchanged} unchanged` },
        { tone: report.deactivated ? 'warning' : 'muted', text: `${report.deactivated} deactivated` },
        { tone: wrong ? 'danger' : 'muted', text: plural(wrong, 'error') },
      ]}
      appliedNote={{
        title: 'The roster is imported',
        body: `${plural(report.inserted, 'employee')} added, ${plural(report.updated, 'employee')} updated, ${plural(report.deactivated, 'employee')} deactivated.`,
      }}
      blocked={wrong ? { title: 'Fix these lines, then check the file again', body: 'Nothing is imported while any line is wrong.' } : null}
      apply={changes ? { label: 'Apply', note: 'The file is checked again as it is applied: all of it is written, or nothing.', applying, onApply } : null}
      nothingToDo="Every employee of the file is already on file as it is: there is nothing to import."
      lines={
        report.errors.length
          ? {
              caption: 'What is wrong, by line',
              columns: [
                { header: 'Line', cell: 'tabular-nums' },
                { header: 'Column', cell: 'font-mono text-xs' },
                { header: 'What is wrong', cell: 'text-slate-700 dark:text-slate-300' },
              ],
              rows: report.errors.map((e, i) => ({ key: `${e.line}-${e.column}-${i}`, cells: [e.line, e.column ?? '—', e.message] })),
              notListed: report.errorsNotListed,
              notListedNoun: 'more error',
            }
          : undefined
      }
      done={{ href: '/employees', label: 'See the roster' }}
    />
  );
}
