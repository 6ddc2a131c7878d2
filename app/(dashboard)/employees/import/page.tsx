import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';
import { buttonClass } from '@/components/ui/button';
import { Breadcrumb } from '@/components/reference/ui';
import { RosterImport } from '@/components/employees/roster-import';
import { requireScope } from '@/lib/auth/page-context';
import { EMPLOYEE_COLUMNS, REQUIRED_EMPLOYEE_COLUMNS } from '@/lib/domain/employees/schemas';

export const metadata: Metadata = { title: 'Import roster' };

const code = 'font-mono text-xs';

/** The roster from a CSV file (DESIGN.md 7.1): a dry run's report first, then the same file applied. */
export default async function RosterImportPage() {
  await requireScope('employee.write');
  return (
    <>
      <PageHeader
        title="Import roster"
        eyebrow={<Breadcrumb parent="Employees" href="/employees" />}
        description="Add or update your employees from a CSV file: check it first, see what it would do, then apply it."
        actions={
          // A plain link: the browser downloads the file the API answers (the session cookie authenticates).
          <a href="/api/v2/employees/imports/template" download="employees-template.csv" className={buttonClass('secondary', 'sm')}>
            Download the template
          </a>
        }
      />
      <div className="mb-6 space-y-2 text-sm text-slate-600 dark:text-slate-400">
        <p>
          One employee a line, with a header naming the columns: <code className={`break-all ${code}`}>{EMPLOYEE_COLUMNS.join(',')}</code>. Required:{' '}
          {REQUIRED_EMPLOYEE_COLUMNS.map((c, i) => (
            <span key={c}>
              {i ? ', ' : ''}
              <code className={code}>{c}</code>
            </span>
          ))}
          . An employee whose <code className={code}>externalId</code> the company already has is updated.
        </p>
        <p>
          <code className={code}>agency</code> is the DOT agency&apos;s code (such as FMCSA), empty for a non-DOT employee; <code className={code}>status</code> is{' '}
          <code className={code}>active</code> or <code className={code}>inactive</code>.
        </p>
      </div>
      <RosterImport />
    </>
  );
}
