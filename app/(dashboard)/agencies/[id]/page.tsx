import { cache } from 'react';
import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { DataTable } from '@/components/reference/data-table';
import { plural } from '@/components/reference/format';
import { Pagination } from '@/components/reference/pagination';
import { ProblemsAlert } from '@/components/reference/problems-alert';
import { parseQuery, readParams, type SearchParams } from '@/components/reference/search-params';
import { orNotFound } from '@/components/reference/server';
import { Breadcrumb, Code, DescriptionList, DetailCard } from '@/components/reference/ui';
import { requireScope } from '@/lib/auth/page-context';
import { getAgency, listJobCategories, ListJobCategoriesQuery } from '@/lib/domain/agencies';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

/** Read once per request, shared by the metadata and the page. */
const load = cache(async (id: string) => getAgency(await requireScope('agency.read'), id));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const agency = await load((await params).id).catch(() => null);
  return { title: agency ? `${agency.code} · ${agency.name}` : 'Agency' };
}

export default async function AgencyPage({ params, searchParams }: Props) {
  const ctx = await requireScope('agency.read');
  const { id } = await params;
  const query = readParams(await searchParams);
  const { query: pageQuery, problems } = parseQuery(ListJobCategoriesQuery, query);
  const agency = await orNotFound(load(id));
  const categories = await listJobCategories(ctx, id, pageQuery);
  return (
    <>
      <PageHeader eyebrow={<Breadcrumb parent="Agencies" href="/agencies" />} title={`${agency.name} (${agency.code})`} description="An order under this agency names one of its job categories when the agency has a choice." />
      <ProblemsAlert problems={problems} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-1">
          <DetailCard id="agency-details" title="Details">
            <DescriptionList
              items={[
                { term: 'Code', value: <span className="font-mono">{agency.code}</span> },
                { term: 'Name', value: agency.name },
                { term: 'Job categories', value: plural(categories.total, 'category', 'categories') },
                { term: 'Agency id', value: <Code>{agency.id}</Code>, wide: true },
              ]}
            />
          </DetailCard>
        </div>
        <div className="lg:col-span-2">
          <DetailCard id="agency-job-categories" title="Job categories" description="As the agency's testing rules name them" flush>
            <DataTable
              caption={`Job categories of ${agency.code}`}
              rows={categories.data}
              rowKey={(j) => j.id}
              empty={<EmptyState title="This agency publishes no job categories" />}
              columns={[
                { key: 'name', header: 'Name', cell: (j) => <span className="text-slate-900 dark:text-slate-100">{j.name}</span> },
                { key: 'code', header: 'Code', cell: (j) => <span className="font-mono text-xs">{j.code}</span> },
              ]}
            />
            <Pagination path={`/agencies/${agency.id}`} params={query} page={categories.page} limit={categories.limit} total={categories.total} noun="job categories" />
          </DetailCard>
        </div>
      </div>
    </>
  );
}
