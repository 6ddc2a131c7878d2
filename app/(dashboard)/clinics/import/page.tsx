import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeader } from '@/components/ui/page-header';
import { buttonClass } from '@/components/ui/button';
import { requireScope } from '@/lib/auth/page-context';
import { CLINIC_COLUMNS } from '@/lib/domain/clinics/import-clinics';
import { ClinicImport } from './clinic-import';

export const metadata: Metadata = { title: 'Import clinics' };

/**
 * The clinic network from a CSV file (issue 29): the file goes to POST /api/v2/clinics/imports as a
 * dry run first, the report by line is shown, then the same file is applied. Admins (`clinic.write`).
 */
export default async function ClinicImportPage() {
  const ctx = await requireScope('clinic.write');
  return (
    <>
      <PageHeader
        title="Import clinics"
        eyebrow={<Link href="/clinics" className="hover:underline">Find clinics</Link>}
        description="Add or update your clinic network from a CSV file: check it first, see what each line would do, then import it."
        actions={
          // A plain link: the browser downloads the file the API answers (the session cookie authenticates).
          <a href="/api/v2/clinics/imports/template" download="clinics-template.csv" className={buttonClass('secondary', 'sm')}>
            Download the template
          </a>
        }
      />
      <div className="mb-6 space-y-2 text-sm text-slate-600 dark:text-slate-400">
        <p>
          One clinic a line, with a header naming the columns: <code className="break-all font-mono text-xs">{CLINIC_COLUMNS.join(',')}</code>. Only{' '}
          <code className="font-mono text-xs">externalId</code> and <code className="font-mono text-xs">name</code> are required; a clinic whose{' '}
          <code className="font-mono text-xs">externalId</code> you already have is updated. Without <code className="font-mono text-xs">lat</code> and{' '}
          <code className="font-mono text-xs">long</code>, a clinic is placed at its ZIP code.
        </p>
        <p>
          The <code className="font-mono text-xs">services</code> column lists what a clinic offers with its price in US dollars, as{' '}
          <code className="font-mono text-xs">externalId:price;externalId:price</code>; the external ids are on the{' '}
          <Link href="/services?catalog=true" className="font-medium text-brand-700 hover:underline dark:text-brand-300">
            services page
          </Link>
          .
        </p>
      </div>
      <ClinicImport tenantWide={ctx.allCompanies === true} />
    </>
  );
}
