import type { Metadata } from 'next';
import Link from 'next/link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { DataTable, type Column } from '@/components/reference/data-table';
import { FilterForm } from '@/components/reference/filter-form';
import { Pagination } from '@/components/reference/pagination';
import { ProblemsAlert } from '@/components/reference/problems-alert';
import { parseQuery, readParams, type SearchParams } from '@/components/reference/search-params';
import { allPages } from '@/lib/domain/pagination';
import { DotBadge, linkClass, ListCard, Muted, ServiceChips } from '@/components/reference/ui';
import { requireScope } from '@/lib/auth/page-context';
import { InactiveBadge } from '@/components/setup/inactive-badge';
import { PackageEditorDialog } from '@/components/setup/package-editor';
import { locationOptions, serviceCatalog } from '@/lib/domain/packages/editor-data';
import { listCompanies } from '@/lib/domain/companies';
import { listLocations } from '@/lib/domain/locations';
import { listPackages, ListPackagesQuery, type Package } from '@/lib/domain/packages';

export const metadata: Metadata = { title: 'Packages' };

const columns: Column<Package>[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (p) => (
      <span className="flex flex-wrap items-center gap-2">
        <Link href={`/packages/${p.id}`} className={linkClass}>{p.name}</Link>
        <DotBadge isDot={p.isDot} />
        <InactiveBadge isActive={p.isActive} />
      </span>
    ),
  },
  { key: 'company', header: 'Company', cell: (p) => (p.company ? <Link href={`/companies/${p.company.id}`} className="hover:underline">{p.company.name}</Link> : <Muted>—</Muted>), className: 'hidden md:table-cell' },
  { key: 'location', header: 'Available at', cell: (p) => (p.location ? <Link href={`/locations/${p.location.id}`} className="hover:underline">{p.location.name}</Link> : <Muted>All locations</Muted>) },
  { key: 'services', header: 'Services', cell: (p) => <ServiceChips services={p.services} max={3} /> },
];

export default async function PackagesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const ctx = await requireScope('package.list');
  const params = readParams(await searchParams);
  const { query, problems } = parseQuery(ListPackagesQuery, params);
  const [result, companies, locations] = await Promise.all([
    listPackages(ctx, query),
    ctx.scopes.has('company.list') ? allPages((q) => listCompanies(ctx, q)) : Promise.resolve([]),
    ctx.scopes.has('location.list') ? allPages((q) => listLocations(ctx, q)) : Promise.resolve([]),
  ]);
  const filtered = Boolean(query.name || query.companyId || query.locationId || query.isActive === false);
  const canWrite = ctx.scopes.has('package.write');
  const [catalog, options] = canWrite ? await Promise.all([serviceCatalog(ctx), locationOptions(ctx)]) : [[], []];
  return (
    <>
      <PageHeader
        title="Packages"
        description="Bundles of services an order names. A company's package can be ordered at all its locations; a location's package only there."
        actions={
          canWrite && companies.length > 0 ? (
            <PackageEditorDialog mode="create" companies={companies.map((c) => ({ id: c.id, name: c.name }))} companyId={query.companyId} catalog={catalog} locations={options} />
          ) : undefined
        }
      />
      <ProblemsAlert problems={problems} />
      <ListCard>
        <FilterForm
          path="/packages"
          label="Filter packages"
          values={params}
          fields={[
            { type: 'text', name: 'name', label: 'Name', placeholder: 'Search by name' },
            { type: 'select', name: 'companyId', label: 'Company', anyLabel: 'All companies', options: companies.map((c) => ({ value: c.id, label: c.name })) },
            { type: 'select', name: 'locationId', label: 'Available at', anyLabel: 'Any location', options: locations.map((l) => ({ value: l.id, label: `${l.name} (${l.company.name})` })) },
            ...(canWrite ? [{ type: 'select' as const, name: 'isActive', label: 'Status', anyLabel: 'Orderable', options: [{ value: 'false', label: 'Inactive' }] }] : []),
          ]}
        />
        <DataTable
          caption="Packages"
          columns={columns}
          rows={result.data}
          rowKey={(p) => p.id}
          empty={<EmptyState title={filtered ? 'No package matches these filters' : 'No packages yet'} description={filtered ? 'Clear a filter or try another name.' : undefined} />}
        />
        <Pagination path="/packages" params={params} page={result.page} limit={result.limit} total={result.total} noun="packages" />
      </ListCard>
    </>
  );
}
