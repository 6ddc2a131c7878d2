import type { Metadata } from 'next';
import { ResultsInbox, type InboxRow } from '@/components/results/results-inbox';
import { Input } from '@/components/ui/field';
import { CompanyFilter, FilterForm, filterHref, Pager } from '@/components/ui/filter-form';
import { PageHeader } from '@/components/ui/page-header';
import { can, requireScope } from '@/lib/auth/page-context';
import { documentsOfOrders } from '@/lib/domain/documents/queries';
import { listResultsInbox, ResultsInboxQuery } from '@/lib/domain/orders/results-inbox';
import { companyAndLocationOptions } from '../orders/filter-options';

export const metadata: Metadata = { title: 'Results' };

const LIMIT = 20;

type Search = { page?: string; companyId?: string; search?: string };

/**
 * Every role that reads orders reads the inbox (a viewer too); acknowledging needs `order.update`
 * and the papers `document.read`. Filters: one company, and words of the code, names or e-mail.
 */
export default async function ResultsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await requireScope('order.list');
  const raw = await searchParams;
  const parsed = ResultsInboxQuery.safeParse({ page: raw.page ?? 1, limit: LIMIT, companyId: raw.companyId || undefined, search: raw.search?.trim() || undefined });
  const query = parsed.success ? parsed.data : { page: 1, limit: LIMIT };
  const filters = { companyId: query.companyId, search: query.search };
  const [inbox, options] = await Promise.all([listResultsInbox(ctx, query), companyAndLocationOptions(ctx)]);
  const documents = can(ctx, 'document.read') ? await documentsOfOrders(ctx, inbox.data.map((e) => e.order.id)) : null;
  const rows: InboxRow[] = inbox.data.map((e) => ({ ...e, documents: documents ? (documents.get(e.order.id) ?? []) : null }));
  const pages = Math.max(1, Math.ceil(inbox.total / LIMIT));
  const filtered = Boolean(filters.companyId || filters.search);
  return (
    <>
      <PageHeader
        title="Results"
        description={`${inbox.total} final ${inbox.total === 1 ? 'result' : 'results'} nobody has acknowledged yet${filtered ? ' match these filters' : ''}. Verified positives, refusals and adulterated specimens come first.`}
      />
      <FilterForm path="/results" label="Filter results" filtered={filtered}>
        <label className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-200">
          Code, name or e-mail
          <Input name="search" defaultValue={filters.search ?? ''} placeholder="e.g. ABC-1234 or Nelson" className="w-64" />
        </label>
        <CompanyFilter companies={options.companies} value={filters.companyId} />
      </FilterForm>
      <ResultsInbox rows={rows} canAcknowledge={can(ctx, 'order.update')} filtered={filtered} />
      <Pager page={query.page} pages={pages} href={(page) => filterHref('/results', filters, page)} />
    </>
  );
}
