import type { Metadata } from 'next';
import Link from 'next/link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { DataTable, type Column } from '@/components/reference/data-table';
import { FilterForm } from '@/components/reference/filter-form';
import { cityLine, formatPhone, streetLine } from '@/components/reference/format';
import { Pagination } from '@/components/reference/pagination';
import { ProblemsAlert } from '@/components/reference/problems-alert';
import { parseQuery, readParams, type SearchParams } from '@/components/reference/search-params';
import { allPages } from '@/lib/domain/pagination';
import { linkClass, ListCard } from '@/components/reference/ui';
import { requireScope } from '@/lib/auth/page-context';
import { InactiveBadge } from '@/components/setup/inactive-badge';
import { LocationFormDialog } from '@/components/setup/location-form';
import { listCompanies } from '@/lib/domain/companies';
import { listLocations, ListLocationsQuery, type Location } from '@/lib/domain/locations';
import { US_STATES } from '@/lib/geo/us-states';

export const metadata: Metadata = { title: 'Locations' };

const columns: Column<Location>[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (l) => (
      <span className="flex flex-wrap items-center gap-2">
        <Link href={`/locations/${l.id}`} className={linkClass}>{l.name}</Link>
        <InactiveBadge isActive={l.isActive} />
      </span>
    ),
  },
  { key: 'company', header: 'Company', cell: (l) => <Link href={`/companies/${l.company.id}`} className="hover:underline">{l.company.name}</Link>, className: 'hidden md:table-cell' },
  {
    key: 'address',
    header: 'Address',
    cell: (l) => (
      <>
        <div>{streetLine(l.address)}</div>
        <div className="text-slate-500 dark:text-slate-400">{cityLine(l.address)}</div>
      </>
    ),
  },
  { key: 'phone', header: 'Phone', cell: (l) => <span className="whitespace-nowrap">{formatPhone(l.phone)}</span>, className: 'hidden lg:table-cell' },
];

export default async function LocationsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const ctx = await requireScope('location.list');
  const params = readParams(await searchParams);
  const { query, problems } = parseQuery(ListLocationsQuery, params);
  const [result, companies] = await Promise.all([
    listLocations(ctx, query),
    ctx.scopes.has('company.list') ? allPages((q) => listCompanies(ctx, q)) : Promise.resolve([]),
  ]);
  const filtered = Boolean(query.name || query.companyId || query.city || query.state || query.isActive === false);
  const canWrite = ctx.scopes.has('location.write');
  return (
    <>
      <PageHeader
        title="Locations"
        description={canWrite ? 'Sites of your companies where orders are placed. Deactivated locations are listed under the Inactive status.' : 'Sites of your companies where orders are placed. Only active locations are listed.'}
        actions={canWrite && companies.length > 0 ? <LocationFormDialog mode="create" companies={companies.map((c) => ({ id: c.id, name: c.name }))} companyId={query.companyId} /> : undefined}
      />
      <ProblemsAlert problems={problems} />
      <ListCard>
        <FilterForm
          path="/locations"
          label="Filter locations"
          values={params}
          fields={[
            { type: 'text', name: 'name', label: 'Name', placeholder: 'Search by name' },
            { type: 'select', name: 'companyId', label: 'Company', anyLabel: 'All companies', options: companies.map((c) => ({ value: c.id, label: c.name })) },
            { type: 'text', name: 'city', label: 'City', placeholder: 'e.g. Dallas' },
            { type: 'select', name: 'state', label: 'State', anyLabel: 'All states', options: US_STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` })) },
            ...(canWrite ? [{ type: 'select' as const, name: 'isActive', label: 'Status', anyLabel: 'Active', options: [{ value: 'false', label: 'Inactive' }] }] : []),
          ]}
        />
        <DataTable
          caption="Locations"
          columns={columns}
          rows={result.data}
          rowKey={(l) => l.id}
          empty={<EmptyState title={filtered ? 'No location matches these filters' : 'No locations yet'} description={filtered ? 'Clear a filter or try another city or state.' : undefined} />}
        />
        <Pagination path="/locations" params={params} page={result.page} limit={result.limit} total={result.total} noun="locations" />
      </ListCard>
    </>
  );
}
