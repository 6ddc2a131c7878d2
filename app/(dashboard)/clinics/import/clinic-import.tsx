'use client';
/**
 * The clinic import: the chosen CSV file goes to POST /api/v2/clinics/imports as a dry run, the
 * report by line is shown, and "Import" sends the same file again with dryRun=false. The API writes
 * all of the file or nothing, so a file with a rejected line is never half imported.
 */
import Link from 'next/link';
import { ImportFileCard, ImportReport, plural, useCsvImport } from '@/components/imports/csv-import';
import { Alert } from '@/components/ui/alert';
import { Badge, type Tone } from '@/components/ui/badge';
import { MAX_CLINIC_IMPORT_BYTES, type ClinicImportReport } from '@/lib/domain/clinics/import-schemas';

const OUTCOME: Record<ClinicImportReport['lines'][number]['outcome'], { label: string; tone: Tone }> = {
  inserted: { label: 'New clinic', tone: 'success' },
  updated: { label: 'Update', tone: 'info' },
  unchanged: { label: 'No change', tone: 'muted' },
  rejected: { label: 'Rejected', tone: 'danger' },
};

export function ClinicImport({ tenantWide }: { tenantWide: boolean }) {
  const csv = useCsvImport<ClinicImportReport>({
    url: (dryRun) => `/api/v2/clinics/imports?dryRun=${dryRun}`,
    maxBytes: MAX_CLINIC_IMPORT_BYTES,
    tooLarge: (name) => `${name} is larger than 5 MiB. Split it into several files and import them one after another.`,
  });
  const report = csv.report;

  return (
    <div className="space-y-6">
      {!tenantWide ? (
        <Alert tone="warning" title="Your account is limited to some companies">
          The clinic network is shared by every company of your organisation: an administrator linked to all companies imports it.
        </Alert>
      ) : null}
      <ImportFileCard
        formLabel="Check a clinic file"
        fileLabel="CSV file (UTF-8, up to 5 MiB)"
        description="Nothing is written yet: the check says what each line would do."
        checking={csv.checking}
        error={csv.error}
        onChoose={csv.choose}
        onSubmit={csv.submit}
      />

      {report ? <ClinicReport report={report} applying={csv.applying} onApply={csv.applyFile} /> : null}
    </div>
  );
}

function ClinicReport({ report, applying, onApply }: { report: ClinicImportReport; applying: boolean; onApply: () => void }) {
  const writes = report.inserted + report.updated;
  return (
    <ImportReport
      applied={report.applied}
      summary={[
        { tone: 'success', text: plural(report.inserted, 'new clinic') },
        { tone: 'info', text: plural(report.updated, 'update') },
        { tone: 'muted', text: plural(report.unchanged, 'unchanged line') },
        { tone: report.rejected ? 'danger' : 'muted', text: plural(report.rejected, 'rejected line') },
      ]}
      appliedNote={{
        title: 'The clinics are imported',
        body: (
          <>
            {plural(report.inserted, 'clinic')} added, {plural(report.updated, 'clinic')} updated. They are on the{' '}
            <Link href="/clinics" className="font-medium underline">
              clinic map
            </Link>{' '}
            now.
          </>
        ),
      }}
      blocked={
        report.rejected
          ? {
              title: 'Fix the rejected lines, then check the file again',
              body: 'Nothing is imported while any line is rejected; the other lines show what they will do once it is fixed.',
            }
          : null
      }
      apply={writes ? { label: `Import ${plural(writes, 'clinic')}`, note: 'The file is checked again as it is imported: all of it is written, or nothing.', applying, onApply } : null}
      nothingToDo="Every clinic of the file is already on file as it is: there is nothing to import."
      lines={{
        caption: 'The file by line',
        columns: [
          { header: 'Line', cell: 'tabular-nums' },
          { header: 'External id', cell: 'font-mono text-xs' },
          { header: 'Outcome' },
          { header: 'Why', cell: 'text-slate-700 dark:text-slate-300' },
        ],
        rows: report.lines.map((l) => ({
          key: String(l.line),
          cells: [l.line, l.externalId || '—', <Badge key="outcome" tone={OUTCOME[l.outcome].tone}>{OUTCOME[l.outcome].label}</Badge>, l.message ?? ''],
        })),
        notListed: report.linesNotListed,
        notListedNoun: 'more line',
      }}
      done={{ href: '/clinics', label: 'Find clinics' }}
    />
  );
}
