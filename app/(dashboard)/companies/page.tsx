import type { Metadata } from 'next';
import Link from 'next/link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { DataTable, type Column } from '@/components/reference/data-table';
import { FilterForm } from '@/components/reference/filter-form';
import { cityLine, formatPhone, streetLine } from '@/components/reference/format';
import { DateTime } from '@/components/ui/date-time';
import { Pagination } from '@/components/reference/pagination';
import { ProblemsAlert } from '@/components/reference/problems-alert';
import { parseQuery, readParams, type SearchParams } from '@/components/reference/search-params';
import { linkClass, ListCard, Muted } from '@/components/reference/ui';
import { requireScope } from '@/lib/auth/page-context';
import { CompanyFormDialog } from '@/components/setup/company-form';
import { InactiveBadge } from '@/components/setup/inactive-badge';
import { listCompanies, ListCompaniesQuery, type Company } from '@/lib/domain/companies';

export const metadata: Metadata = { title: 'Companies' };

const columns: Column<Company>[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (c) => (
      <span className="flex flex-wrap items-center gap-2">
        <Link href={`/companies/${c.id}`} className={linkClass}>
          {c.name}
        </Link>
        <InactiveBadge isActive={c.isActive} />
      </span>
    ),
  },
  {
    key: 'address',
    header: 'Address',
    cell: (c) =>
      c.address ? (
        <>
          <div>{streetLine(c.address)}</div>
          <div className="text-slate-500 dark:text-slate-400">{cityLine(c.address)}</div>
        </>
      ) : (
        <Muted>No address</Muted>
      ),
  },
  { key: 'phone', header: 'Phone', cell: (c) => <span className="whitespace-nowrap">{formatPhone(c.phone)}</span>, className: 'hidden md:table-cell' },
  { key: 'createdAt', header: 'Created', cell: (c) => <DateTime iso={c.createdAt} dateOnly className="whitespace-nowrap" />, className: 'hidden lg:table-cell' },
];

export default async function CompaniesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const ctx = await requireScope('company.list');
  const params = readParams(await searchParams);
  const { query, problems } = parseQuery(ListCompaniesQuery, params);
  const result = await listCompanies(ctx, query);
  const filtered = Boolean(query.name || query.isActive === false);
  const canWrite = ctx.scopes.has('company.write');
  return (
    <>
      <PageHeader
        title="Companies"
        description={canWrite ? 'The employers your account orders tests for. Deactivated companies are listed under the Inactive status.' : 'The employers your account orders tests for. Inactive companies are not listed.'}
        actions={canWrite && ctx.allCompanies ? <CompanyFormDialog mode="create" /> : undefined}
      />
      <ProblemsAlert problems={problems} />
      <ListCard>
        <FilterForm path="/companies" label="Filter companies" values={params} fields={[
            { type: 'text', name: 'name', label: 'Name', placeholder: 'Search by name' },
            ...(canWrite ? [{ type: 'select' as const, name: 'isActive', label: 'Status', anyLabel: 'Active', options: [{ value: 'false', label: 'Inactive' }] }] : []),
          ]}
        />
        <DataTable
          caption="Companies"
          columns={columns}
          rows={result.data}
          rowKey={(c) => c.id}
          empty={<EmptyState title={filtered ? 'No company matches these filters' : 'No companies yet'} description={filtered ? 'Try a shorter or different name.' : undefined} />}
        />
        <Pagination path="/companies" params={params} page={result.page} limit={result.limit} total={result.total} noun="companies" />
      </ListCard>
    </>
  );
}
