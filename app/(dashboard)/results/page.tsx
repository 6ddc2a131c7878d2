import type { Metadata } from 'next';
import Link from 'next/link';
import { ResultsInbox, type InboxRow } from '@/components/results/results-inbox';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { can, requireScope } from '@/lib/auth/page-context';
import { documentsOfOrders } from '@/lib/domain/documents/queries';
import { listResultsInbox, ResultsInboxQuery } from '@/lib/domain/orders/results-inbox';
import { companyAndLocationOptions } from '../orders/filter-options';

export const metadata: Metadata = { title: 'Results' };

const LIMIT = 20;

type Search = { page?: string; companyId?: string; search?: string };

/** The inbox's link with these filters (and page), leaving out what is unset. */
function hrefOf(filters: Omit<Search, 'page'>, page: number): string {
  const params = new URLSearchParams();
  if (filters.companyId) params.set('companyId', filters.companyId);
  if (filters.search) params.set('search', filters.search);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/results?${query}` : '/results';
}

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
  const page = query.page;
  const filtered = Boolean(filters.companyId || filters.search);
  return (
    <>
      <PageHeader
        title="Results"
        description={`${inbox.total} final ${inbox.total === 1 ? 'result' : 'results'} nobody has acknowledged yet${filtered ? ' match these filters' : ''}. Verified positives, refusals and adulterated specimens come first.`}
      />
      <form method="get" action="/results" role="search" aria-label="Filter results" className="mb-4 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-200">
          Code, name or e-mail
          <Input name="search" defaultValue={filters.search ?? ''} placeholder="e.g. ABC-1234 or Nelson" className="w-64" />
        </label>
        {options.companies.length > 1 ? (
          <label className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-200">
            Company
            <Select name="companyId" defaultValue={filters.companyId ?? ''} className="w-56">
              <option value="">All companies</option>
              {options.companies.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </label>
        ) : null}
        <Button type="submit" variant="secondary" size="sm">
          Filter
        </Button>
        {filtered ? (
          <Link href="/results" className="text-sm text-brand-700 hover:underline dark:text-brand-300">
            Clear filters
          </Link>
        ) : null}
      </form>
      <ResultsInbox rows={rows} canAcknowledge={can(ctx, 'order.update')} filtered={filtered} />
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex items-center gap-3 text-sm">
          {page > 1 ? (
            <Link href={hrefOf(filters, page - 1)} className="text-brand-700 hover:underline dark:text-brand-300">
              ← Previous
            </Link>
          ) : null}
          <span className="text-slate-600 dark:text-slate-400">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link href={hrefOf(filters, page + 1)} className="text-brand-700 hover:underline dark:text-brand-300">
              Next →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
