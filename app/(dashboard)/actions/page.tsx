import type { Metadata } from 'next';
import Link from 'next/link';
import { ActionList } from '@/components/actions/action-list';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { can, requireScope } from '@/lib/auth/page-context';
import { listActions, ListActionsQuery } from '@/lib/domain/actions';
import { tenantClockOffset } from '@/lib/domain/clock';
import { ACTION_STATUSES, ACTION_TYPES } from '@/lib/domain/contract/action-types';
import { companyAndLocationOptions } from '../orders/filter-options';

export const metadata: Metadata = { title: 'Actions' };

const LIMIT = 20;

type Search = { page?: string; status?: string; type?: string; companyId?: string };

function hrefOf(filters: Omit<Search, 'page'>, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/actions?${query}` : '/actions';
}

const STATUS_WORDS: Record<(typeof ACTION_STATUSES)[number], string> = { open: 'Open', resolved: 'Resolved', dismissed: 'Dismissed' };

/**
 * The action center (DESIGN.md 7.4): what is due, by when, under which rule; overdue first. Reading
 * needs `action.read`; resolving and dismissing `action.write`, acknowledging a result `order.update`.
 */
export default async function ActionsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await requireScope('action.read');
  const raw = await searchParams;
  const parsed = ListActionsQuery.safeParse({
    page: raw.page ?? 1,
    limit: LIMIT,
    status: raw.status || undefined,
    type: raw.type || undefined,
    companyId: raw.companyId || undefined,
  });
  const query = parsed.success ? parsed.data : ListActionsQuery.parse({ limit: LIMIT });
  const filters = { status: query.status === 'open' ? undefined : query.status, type: query.type, companyId: query.companyId };
  const [actions, options, offsetMs] = await Promise.all([listActions(ctx, query), companyAndLocationOptions(ctx), tenantClockOffset(ctx.db, ctx.tenantId)]);
  const pages = Math.max(1, Math.ceil(actions.total / LIMIT));
  const filtered = Boolean(filters.status || filters.type || filters.companyId);
  return (
    <>
      <PageHeader
        title="Actions"
        description={`${actions.total} ${STATUS_WORDS[query.status].toLowerCase()} ${actions.total === 1 ? 'action' : 'actions'}${filtered ? ' match these filters' : ''}: what is due, by when, under which rule. Overdue first.`}
      />
      <form method="get" action="/actions" role="search" aria-label="Filter actions" className="mb-4 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-200">
          Status
          <Select name="status" defaultValue={query.status} className="w-40">
            {ACTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_WORDS[s]}
              </option>
            ))}
          </Select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-200">
          Type
          <Select name="type" defaultValue={query.type ?? ''} className="w-64">
            <option value="">All types</option>
            {ACTION_TYPES.map((t) => (
              <option key={t.type} value={t.type}>
                {t.type}
              </option>
            ))}
          </Select>
        </label>
        {options.companies.length > 1 ? (
          <label className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-200">
            Company
            <Select name="companyId" defaultValue={query.companyId ?? ''} className="w-56">
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
          <Link href="/actions" className="text-sm text-brand-700 hover:underline dark:text-brand-300">
            Clear filters
          </Link>
        ) : null}
      </form>
      <ActionList actions={actions.data} offsetMs={offsetMs} can={{ write: can(ctx, 'action.write'), acknowledge: can(ctx, 'order.update') }} />
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex items-center gap-3 text-sm">
          {query.page > 1 ? (
            <Link href={hrefOf(filters, query.page - 1)} className="text-brand-700 hover:underline dark:text-brand-300">
              ← Previous
            </Link>
          ) : null}
          <span className="text-slate-600 dark:text-slate-400">
            Page {query.page} of {pages}
          </span>
          {query.page < pages ? (
            <Link href={hrefOf(filters, query.page + 1)} className="text-brand-700 hover:underline dark:text-brand-300">
              Next →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
