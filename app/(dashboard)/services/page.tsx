import type { Metadata } from 'next';
import Link from 'next/link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { DataTable, type Column } from '@/components/reference/data-table';
import { FilterForm } from '@/components/reference/filter-form';
import { serviceTypeLabel } from '@/components/reference/format';
import { Pagination } from '@/components/reference/pagination';
import { ProblemsAlert } from '@/components/reference/problems-alert';
import { parseQuery, readParams, type SearchParams } from '@/components/reference/search-params';
import { DotBadge, linkClass, ListCard, Muted, ServiceTypeBadge } from '@/components/reference/ui';
import { requireScope } from '@/lib/auth/page-context';
import { listCatalogEntries, ListServicesQuery, SERVICE_TYPES, type CatalogEntry } from '@/lib/domain/services';

export const metadata: Metadata = { title: 'Services' };

const columns: Column<CatalogEntry>[] = [
  { key: 'name', header: 'Name', cell: (s) => <Link href={`/services/${s.id}`} className={linkClass}>{s.name}</Link> },
  { key: 'type', header: 'Type', cell: (s) => <ServiceTypeBadge type={s.type} /> },
  { key: 'category', header: 'Category', cell: (s) => s.attributes?.category ?? <Muted>—</Muted>, className: 'hidden md:table-cell' },
  { key: 'specimen', header: 'Specimen', cell: (s) => s.attributes?.type ?? <Muted>—</Muted>, className: 'hidden md:table-cell' },
  { key: 'dot', header: 'Regulation', cell: (s) => <DotBadge isDot={s.isDot} /> },
  // Last, so the columns before it keep their places; the clinic import's `services` column names it.
  { key: 'externalId', header: 'External id', cell: (s) => (s.externalId ? <code className="font-mono text-xs">{s.externalId}</code> : <Muted>—</Muted>) },
];

export default async function ServicesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const ctx = await requireScope('service.list');
  const params = readParams(await searchParams);
  // The whole catalog is for whoever builds packages (and the clinic import's `services` column names its external ids).
  const canSeeCatalog = ctx.scopes.has('package.write');
  const { query, problems } = parseQuery(ListServicesQuery, params);
  if (!canSeeCatalog) query.catalog = undefined;
  const result = await listCatalogEntries(ctx, query);
  const filtered = Boolean(query.name || query.type);
  return (
    <>
      <PageHeader
        title="Services"
        description={
          query.catalog
            ? 'Every service of your catalog. The external id is what a clinic import file names in its services column.'
            : 'The tests and services your companies can order, from their packages.'
        }
      />
      <ProblemsAlert problems={problems} />
      <ListCard>
        <FilterForm
          path="/services"
          label="Filter services"
          values={params}
          fields={[
            { type: 'text', name: 'name', label: 'Name', placeholder: 'Search by name' },
            { type: 'select', name: 'type', label: 'Type', anyLabel: 'All types', options: SERVICE_TYPES.map((t) => ({ value: t, label: serviceTypeLabel(t) })) },
            ...(canSeeCatalog
              ? [{ type: 'select' as const, name: 'catalog', label: 'Show', anyLabel: 'In packages', options: [{ value: 'true', label: 'Whole catalog' }] }]
              : []),
          ]}
        />
        <DataTable
          caption="Services"
          columns={columns}
          rows={result.data}
          rowKey={(s) => s.id}
          empty={<EmptyState title={filtered ? 'No service matches these filters' : 'No services yet'} description={filtered ? 'Try another name or type.' : undefined} />}
        />
        <Pagination path="/services" params={params} page={result.page} limit={result.limit} total={result.total} noun="services" />
      </ListCard>
    </>
  );
}
