import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { readParams, type SearchParams } from '@/components/reference/search-params';
import { DetailCard, linkClass } from '@/components/reference/ui';
import { requireScope } from '@/lib/auth/page-context';
import { tenantNow } from '@/lib/domain/clock';
import { misReport, reportableCompanies } from '@/lib/domain/reports';
import { ALCOHOL_COLUMNS, DRUG_COLUMNS, MIS_AGENCIES, MIS_ROWS, MIS_TOTAL_ROW } from '@/lib/domain/reports/mis-form';
import { MisReportQuery, type MisReport } from '@/lib/domain/reports/schemas';

export const metadata: Metadata = { title: 'Reports' };

const REASONS: Record<string, string> = {
  noCategory: 'No job category',
  randomWithoutDraw: 'Random test without a draw',
  resultWithoutDetails: 'Result without details',
  notFinal: 'Not final yet',
  testReasonNotOnForm: 'Test reason not on the form',
  rowNotOnForm: 'Row not on the agency\'s form',
  sectionNotOnForm: 'Section not on the agency\'s form',
};

const fieldClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

function Table({ title, columns, cells, omit }: { title: string; columns: readonly { name: string; number: number; label: string }[]; cells: Record<string, Record<string, number>>; omit: readonly string[] }) {
  return (
    // Focusable, so that a keyboard can scroll a table wider than the page.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={title}>
      <table className="min-w-full border-collapse text-sm" aria-label={title}>
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col" className="border border-slate-300 bg-slate-50 px-2 py-1 text-left dark:border-slate-700 dark:bg-slate-800">Testing reason</th>
            {columns.map((c) => (
              <th key={c.name} scope="col" title={c.label} className="border border-slate-300 bg-slate-50 px-2 py-1 text-left align-bottom text-xs font-medium dark:border-slate-700 dark:bg-slate-800">
                <div className="font-semibold">{c.number}</div>
                <div className="w-24 text-slate-600 dark:text-slate-400">{c.label}</div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...MIS_ROWS, MIS_TOTAL_ROW].filter((r) => !omit.includes(r.name)).map((row) => (
            <tr key={row.name} className={row.name === 'total' ? 'font-semibold' : undefined}>
              <th scope="row" className="whitespace-nowrap border border-slate-300 px-2 py-1 text-left font-medium dark:border-slate-700">{row.label}</th>
              {columns.map((c) => (
                <td key={c.name} data-cell={`${row.name}.${c.name}`} className="border border-slate-300 px-2 py-1 text-right tabular-nums dark:border-slate-700">{cells[row.name][c.name]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Report({ report, href }: { report: MisReport; href: (format: string) => string }) {
  const e = report.sectionI.employer;
  const omit = report.agency.code === 'FRA' ? ['postAccident'] : [];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-3">
        <a href={href('pdf')} className="rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700" download>Download PDF</a>
        <a href={href('csv')} className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800" download>Download CSV</a>
      </div>
      <DetailCard id="section-1" title="I. Employer">
        <p className="text-sm">{e.name}{e.address ? ` · ${e.address}` : ''}{e.phone ? ` · ${e.phone}` : ''}</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{report.agency.name} ({report.agency.code}), calendar year {report.year}. The certifying official and the preparer sign on the DAMIS site.</p>
      </DetailCard>
      <DetailCard id="section-2" title="II. Covered employees" description="Covered by the agency and active on 31 December, by the roster.">
        <p className="text-sm">Total: <strong>{report.sectionII.totalCoveredEmployees}</strong> in {report.sectionII.categoryCount} {report.sectionII.categoryCount === 1 ? 'category' : 'categories'}</p>
        <ul className="mt-2 list-disc pl-5 text-sm">
          {report.sectionII.categories.map((c) => <li key={c.code}>{c.name}: {c.coveredEmployees}</li>)}
        </ul>
      </DetailCard>
      {report.categories.map((c) => (
        <section key={c.category.code} aria-label={`Category ${c.category.name}`} className="space-y-4">
          <h2 className="text-lg font-semibold">{c.category.name}</h2>
          <DetailCard id={`drug-${c.category.code}`} title="III. Drug testing data">
            <Table title={`Drug testing data: ${c.category.name}`} columns={DRUG_COLUMNS} cells={c.drug} omit={omit} />
          </DetailCard>
          {c.alcohol ? (
            <DetailCard id={`alcohol-${c.category.code}`} title="IV. Alcohol testing data">
              <Table title={`Alcohol testing data: ${c.category.name}`} columns={ALCOHOL_COLUMNS} cells={c.alcohol} omit={omit} />
            </DetailCard>
          ) : null}
        </section>
      ))}
      <DetailCard id="unplaced" title={`Not placed on the form (${report.unplaced.length})`} description="Tests and employees the report could not place in a cell; it does not guess. Fix them and the report counts them.">
        {report.unplaced.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Everything was placed.</p>
        ) : (
          <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
            {report.unplaced.map((u) => (
              <li key={`${u.id}/${u.serviceId ?? ''}/${u.reason}`} className="py-2">
                {u.object === 'order' ? <a className={linkClass} href={`/orders/${u.id}`}>Order {u.reference}</a> : <span>Employee {u.reference}</span>}
                {u.test ? ` (${u.test})` : ''}: <strong>{REASONS[u.reason] ?? u.reason}</strong>. {u.detail}
              </li>
            ))}
          </ul>
        )}
      </DetailCard>
    </div>
  );
}

/** The DOT MIS report (DESIGN.md 7.5): choose year, agency and company; the form's sections and what could not be placed. */
export default async function ReportsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const ctx = await requireScope('report.read');
  const params = readParams(await searchParams);
  const companies = await reportableCompanies(ctx);
  const thisYear = (await tenantNow(ctx)).getUTCFullYear();
  const choice = { year: params.year ?? String(thisYear), agency: params.agency ?? 'FMCSA', companyId: params.companyId ?? companies[0]?.id ?? '' };
  const parsed = MisReportQuery.safeParse(choice);
  // A choice the address got wrong (a year out of range, an unknown agency or company): start over with the defaults.
  if ((!parsed.success || !companies.some((c) => c.id === choice.companyId)) && (params.year || params.agency || params.companyId)) redirect('/reports');
  const report = parsed.success && companies.some((c) => c.id === choice.companyId) ? await misReport(ctx, parsed.data) : null;
  const href = (format: string) => `/api/v2/reports/mis?${new URLSearchParams({ ...choice, format })}`;
  const years = Array.from({ length: 6 }, (_, i) => String(thisYear - i));
  return (
    <>
      <PageHeader title="Reports" description="The DOT Drug and Alcohol Testing MIS report (DOT F 1385), built from your orders and roster. Due 15 March for the previous calendar year, filed on the DAMIS site." />
      <form method="get" action="/reports" className="mb-6 flex flex-wrap items-end gap-4" aria-label="Choose the report">
        <label className="text-sm font-medium">Year
          <select name="year" defaultValue={choice.year} className={fieldClass}>{years.map((y) => <option key={y} value={y}>{y}</option>)}</select>
        </label>
        <label className="text-sm font-medium">Agency
          <select name="agency" defaultValue={choice.agency} className={fieldClass}>{MIS_AGENCIES.map((a) => <option key={a} value={a}>{a}</option>)}</select>
        </label>
        <label className="text-sm font-medium">Company
          <select name="companyId" defaultValue={choice.companyId} className={fieldClass}>{companies.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}</select>
        </label>
        <button type="submit" className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800">Show report</button>
      </form>
      {report ? <Report report={report} href={href} /> : <EmptyState title="No company to report on" description="Your account is linked to no company." />}
    </>
  );
}
