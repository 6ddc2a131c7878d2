/**
 * The benchmark's page ceiling (issue 34, `npm run bench:api`, scenario `constantPage`): the
 * dashboard shell of the same build around a fixed 20-row table, with no data access and no
 * session, so that the dashboard pages' cost is measured against what Next.js and React cost for
 * a page of the same shape. Served only when the server runs with BENCH_PAGES=on (the bench sets
 * it); otherwise 404, as an unknown path.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { AppShell } from '@/components/shell/app-shell';
import { navFor } from '@/components/shell/nav';
import { PageHeader } from '@/components/ui/page-header';
import { TimeZoneProvider } from '@/components/ui/time-zone';
import { env } from '@/lib/config/env';
import { ROLE_SCOPES } from '@/lib/domain/scopes';

export const metadata: Metadata = { title: 'Constant page' };

const NAV = navFor({ role: 'manager', scopes: new Set(ROLE_SCOPES.manager) });
const STATUSES = ['Scheduled', 'Collected', 'At the lab', 'Completed', 'Cancelled'];
const ROWS = Array.from({ length: 20 }, (_, i) => ({
  code: `ORD-${String(1000 + i)}`,
  participant: `Participant ${i + 1}`,
  email: `participant${i + 1}@example.test`,
  status: STATUSES[i % STATUSES.length],
  company: 'Acme Logistics',
  location: 'Dallas terminal',
  package: 'Five-panel urine',
  created: `2026-11-${String(1 + (i % 28)).padStart(2, '0')} 09:${String(i).padStart(2, '0')}`,
}));

export default async function ConstantPage() {
  // Rendered per request like every dashboard page, and only in a benchmark's server.
  await connection();
  if (!env.BENCH_PAGES) notFound();
  return (
    <TimeZoneProvider timeZone="UTC">
      <AppShell user={{ name: 'Bench Manager', email: 'bench@example.test', role: 'manager' }} tenant={{ name: 'Bench', slug: 'bench' }} environment="staging" nav={NAV}>
        <PageHeader title="Orders" description="A fixed table: the page ceiling of the benchmark." />
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className="w-full table-fixed text-left text-sm">
            <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:bg-slate-800/60 dark:text-slate-400">
              <tr>
                {['Order', 'Participant', 'Status', 'Company · Location', 'Package', 'Created'].map((h) => (
                  <th key={h} scope="col" className="px-4 py-3">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {ROWS.map((r) => (
                <tr key={r.code}>
                  <td className="px-4 py-3 font-mono text-sm font-semibold text-brand-700 dark:text-brand-300">{r.code}</td>
                  <td className="px-4 py-3">
                    <p className="truncate font-medium text-slate-900 dark:text-white">{r.participant}</p>
                    <p className="truncate text-xs text-slate-500 dark:text-slate-400">{r.email}</p>
                  </td>
                  <td className="px-4 py-3">{r.status}</td>
                  <td className="px-4 py-3">
                    <p className="truncate text-slate-900 dark:text-slate-100">{r.company}</p>
                    <p className="truncate text-xs text-slate-500 dark:text-slate-400">{r.location}</p>
                  </td>
                  <td className="px-4 py-3">{r.package}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-600 dark:text-slate-300">{r.created}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </AppShell>
    </TimeZoneProvider>
  );
}
