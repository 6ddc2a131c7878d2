import type { Metadata } from 'next';
import Link from 'next/link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { DataTable, type Column } from '@/components/reference/data-table';
import { plural } from '@/components/reference/format';
import { Pagination } from '@/components/reference/pagination';
import { ProblemsAlert } from '@/components/reference/problems-alert';
import { parseQuery, readParams, type SearchParams } from '@/components/reference/search-params';
import { linkClass, ListCard, Muted } from '@/components/reference/ui';
import { Badge } from '@/components/ui/badge';
import { requireScope } from '@/lib/auth/page-context';
import { listAgencies, ListAgenciesQuery, type Agency } from '@/lib/domain/agencies';

export const metadata: Metadata = { title: 'Agencies' };

const CHIPS = 4;

const columns: Column<Agency>[] = [
  {
    key: 'code',
    header: 'Code',
    cell: (a) => (
      <Link href={`/agencies/${a.id}`} className={`font-mono ${linkClass}`}>
        {a.code}
      </Link>
    ),
    className: 'w-28',
  },
  { key: 'name', header: 'Name', cell: (a) => <Link href={`/agencies/${a.id}`} className="text-slate-900 hover:underline dark:text-slate-100">{a.name}</Link> },
  {
    key: 'jobCategories',
    header: 'Job categories',
    cell: (a) =>
      a.jobCategories.length === 0 ? (
        <Muted>None published</Muted>
      ) : (
        <div className="flex flex-col gap-1.5">
          <span className="text-xs text-slate-500 dark:text-slate-400">{plural(a.jobCategories.length, 'category', 'categories')}</span>
          <ul className="flex flex-wrap gap-1" aria-label={`Job categories of ${a.code}`}>
            {a.jobCategories.slice(0, CHIPS).map((j) => (
              <li key={j.id}>
                <Badge>{j.name}</Badge>
              </li>
            ))}
            {a.jobCategories.length > CHIPS && (
              <li>
                <Link href={`/agencies/${a.id}`} className="rounded-md hover:opacity-80">
                  <Badge tone="muted">+{a.jobCategories.length - CHIPS} more</Badge>
                </Link>
              </li>
            )}
          </ul>
        </div>
      ),
  },
];

export default async function AgenciesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const ctx = await requireScope('agency.list');
  const params = readParams(await searchParams);
  const { query, problems } = parseQuery(ListAgenciesQuery, params);
  const result = await listAgencies(ctx, query);
  return (
    <>
      <PageHeader title="Agencies" description="The U.S. DOT agencies whose testing rules a DOT order follows, with the job categories they publish. The same for every account." />
      <ProblemsAlert problems={problems} />
      <ListCard>
        <DataTable caption="Agencies" columns={columns} rows={result.data} rowKey={(a) => a.id} empty={<EmptyState title="No agencies" />} />
        <Pagination path="/agencies" params={params} page={result.page} limit={result.limit} total={result.total} noun="agencies" />
      </ListCard>
    </>
  );
}
