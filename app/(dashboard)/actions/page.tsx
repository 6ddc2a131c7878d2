import type { Metadata } from 'next';
import { ActionList } from '@/components/actions/action-list';
import { CompanyFilter, FilterForm, filterHref, FilterSelect, Pager } from '@/components/ui/filter-form';
import { PageHeader } from '@/components/ui/page-header';
import { can, requireScope } from '@/lib/auth/page-context';
import { listActions, ListActionsQuery } from '@/lib/domain/actions';
import { tenantClockOffset } from '@/lib/domain/clock';
import { ACTION_STATUSES, ACTION_TYPES } from '@/lib/domain/contract/action-types';
import { companyAndLocationOptions } from '../orders/filter-options';

export const metadata: Metadata = { title: 'Actions' };

const LIMIT = 20;

type Search = { page?: string; status?: string; type?: string; companyId?: string };

/** A type's words for the filter: `limitedQueryDue` reads "Limited query due". */
function typeWords(type: string): string {
  const words = type.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
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
      <FilterForm path="/actions" label="Filter actions" filtered={filtered}>
        <FilterSelect label="Status" name="status" value={query.status} width="w-40">
          {ACTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_WORDS[s]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Type" name="type" value={query.type ?? ''} width="w-64">
          <option value="">All types</option>
          {ACTION_TYPES.map((t) => (
            <option key={t.type} value={t.type}>
              {typeWords(t.type)}
            </option>
          ))}
        </FilterSelect>
        <CompanyFilter companies={options.companies} value={query.companyId} />
      </FilterForm>
      <ActionList actions={actions.data} offsetMs={offsetMs} can={{ write: can(ctx, 'action.write'), acknowledge: can(ctx, 'order.update') }} />
      <Pager page={query.page} pages={pages} href={(page) => filterHref('/actions', filters, page)} />
    </>
  );
}
