'use client';
/**
 * The orders list: TanStack Table over pages of GET /api/v2/orders (server-side pagination,
 * sorting and filters), with every filter in the URL so that a view can be shared as a link.
 *
 * Live: TanStack Query polls the page every LIVE_INTERVAL_MS (polling rather than server-sent
 * events: the same on PGlite and PostgreSQL and across instances); when the page's orders change,
 * a "changed, updated" cue says so. Below 640 px the rows are cards and the filters fold.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  createColumnHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type PaginationState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage, queryKeys, toSearch } from '@/components/ui/api';
import { Button, buttonClass } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { Input, Select } from '@/components/ui/field';
import { MultiSelect } from '@/components/ui/multi-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useTimeZone } from '@/components/ui/time-zone';
import { ORDER_STATUSES } from '@/lib/domain/order-model/status';
import { personName } from './format';
import { apiFilters, hasFilters, listStateToSearch, PAGE_SIZES, parseListState, type OrderListState } from './list-params';
import { fetchOrdersPage, type Order } from './orders-api';
import { StatusBadge, statusLabel } from './status';

export interface Option {
  id: string;
  name: string;
}
export interface LocationOption extends Option {
  companyId: string;
}

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });
const helper = createColumnHelper<typeof features, Order>();
const columns = helper.columns([
  helper.accessor('code', {
    header: 'Order',
    enableSorting: false,
    cell: (info) => (
      <Link href={`/orders/${info.row.original.id}`} className="font-mono text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
        {info.getValue()}
      </Link>
    ),
  }),
  helper.accessor((o) => personName(o.participant), {
    id: 'participant',
    header: 'Participant',
    enableSorting: false,
    cell: (info) => (
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900 dark:text-white">{info.getValue()}</p>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">{info.row.original.participant.email ?? info.row.original.participant.phone ?? '—'}</p>
      </div>
    ),
  }),
  helper.accessor('status', { header: 'Status', enableSorting: false, cell: (info) => <StatusBadge status={info.getValue()} /> }),
  helper.accessor((o) => o.company?.name ?? '—', {
    id: 'company',
    header: 'Company · Location',
    enableSorting: false,
    cell: (info) => (
      <div className="min-w-0">
        <p className="truncate text-slate-900 dark:text-slate-100">{info.getValue()}</p>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">{info.row.original.location?.name ?? '—'}</p>
      </div>
    ),
  }),
  helper.accessor((o) => o.packages.map((p) => p.name).join(', '), {
    id: 'packages',
    header: 'Package',
    enableSorting: false,
    cell: (info) => (
      <div className="min-w-0">
        <p className="truncate">{info.getValue() || '—'}</p>
        {info.row.original.agency ? <p className="truncate text-xs text-slate-500 dark:text-slate-400">DOT · {info.row.original.agency.code}</p> : null}
      </div>
    ),
  }),
  helper.accessor('createdAt', {
    header: 'Created',
    enableSorting: true,
    sortDescFirst: true,
    cell: (info) => <DateTime iso={info.getValue()} className="whitespace-nowrap text-slate-600 dark:text-slate-300" />,
  }),
]);

const COLUMN_WIDTH: Record<string, string> = {
  code: 'w-32',
  participant: 'w-[22%]',
  status: 'w-40',
  company: 'w-[22%]',
  packages: 'w-[20%]',
  createdAt: 'w-44',
};

/** How often the list asks for its page again. */
const LIVE_INTERVAL_MS = 5000;

const STATUS_OPTIONS = ORDER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })).sort((a, b) => a.label.localeCompare(b.label));
const NO_ORDERS: Order[] = [];

function useListState(): [OrderListState, (patch: Partial<OrderListState>, how?: 'push' | 'replace') => void] {
  const params = useSearchParams();
  const pathname = usePathname();
  const state = useMemo(() => parseListState(new URLSearchParams(params?.toString() ?? '')), [params]);
  const update = (patch: Partial<OrderListState>, how: 'push' | 'replace' = 'push') => {
    const filterChanged = Object.keys(patch).some((k) => !['page', 'sort'].includes(k));
    const next = { ...state, ...patch, ...(filterChanged && patch.page === undefined ? { page: 1 } : {}) };
    const url = `${pathname}${listStateToSearch(next)}`;
    // Next.js syncs native history updates with useSearchParams: no server round trip.
    if (how === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
  };
  return [state, update];
}

export function OrdersTable({ companies, locations }: { companies: Option[]; locations: LocationOption[] }) {
  // The CSV's times are in the page's zone (the user's), as the list shows them.
  const timeZone = useTimeZone();
  const [state, update] = useListState();
  const router = useRouter();
  const [search, setSearch] = useState(state.search);
  const [urlSearch, setUrlSearch] = useState(state.search);

  // The search box follows the URL (back/forward) and writes to it after a pause in typing.
  if (urlSearch !== state.search) {
    setUrlSearch(state.search);
    setSearch(state.search);
  }
  useEffect(() => {
    if (search === state.search) return;
    const timer = setTimeout(() => update({ search }, 'replace'), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const query = useQuery({
    queryKey: queryKeys.orders.list({ ...state }),
    queryFn: ({ signal }) => fetchOrdersPage(state, signal),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_INTERVAL_MS,
  });

  // The cue: the same view's orders (ids, updates, total) differ from the last ones shown.
  const listKey = JSON.stringify(state);
  const signature = query.data ? `${query.data.total}:${query.data.data.map((o) => `${o.id}@${o.updatedAt}`).join(',')}` : null;
  const [seen, setSeen] = useState<{ key: string; signature: string | null }>({ key: listKey, signature: null });
  const [changed, setChanged] = useState(false);
  if (signature !== null && !query.isPlaceholderData && (seen.key !== listKey || seen.signature !== signature)) {
    setChanged(seen.key === listKey && seen.signature !== null);
    setSeen({ key: listKey, signature });
  }
  const [filtersOpen, setFiltersOpen] = useState(false);
  const folded = filtersOpen ? '' : 'max-sm:hidden';

  const pagination: PaginationState = { pageIndex: state.page - 1, pageSize: state.limit };
  const sorting: SortingState = [{ id: 'createdAt', desc: state.sort === 'newest' }];
  const table = useTable({
    features,
    columns,
    data: query.data?.data ?? NO_ORDERS,
    getRowId: (row) => row.id,
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    rowCount: query.data?.total ?? 0,
    state: { pagination, sorting },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = typeof updater === 'function' ? updater(pagination) : updater;
      update({ page: next.pageIndex + 1, limit: next.pageSize }, 'push');
    },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      update({ sort: next[0]?.desc === false ? 'oldest' : 'newest', page: 1 }, 'push');
    },
  });

  const companyLocations = state.companyId ? locations.filter((l) => l.companyId === state.companyId) : locations;
  const total = query.data?.total ?? 0;
  const first = total === 0 ? 0 : (state.page - 1) * state.limit + 1;
  const last = Math.min(state.page * state.limit, total);
  const exportHref = `/orders/export${toSearch({ ...apiFilters(state), sort: state.sort === 'oldest' ? 'oldest' : undefined, tz: timeZone || undefined })}`;

  return (
    <div className="flex flex-col gap-4">
      {/* Filters */}
      <form
        role="search"
        aria-label="Filter orders"
        onSubmit={(e) => {
          e.preventDefault();
          update({ search }, 'push');
        }}
        className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex flex-col gap-1.5 lg:col-span-2">
          <label htmlFor="order-search" className="text-xs font-medium text-slate-600 dark:text-slate-300">
            Search
          </label>
          <Input id="order-search" type="search" placeholder="Name, e-mail or order code" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="sm:hidden">
          <Button variant="secondary" size="sm" aria-expanded={filtersOpen} aria-controls="order-filters-more" onClick={() => setFiltersOpen((open) => !open)}>
            {filtersOpen ? 'Hide filters' : `More filters${hasFilters({ ...state, search: '' }) ? ' (in use)' : ''}`}
          </Button>
        </div>
        <div id="order-filters-more" className={cn('flex flex-col gap-1.5', folded)}>
          <label htmlFor="order-status" className="text-xs font-medium text-slate-600 dark:text-slate-300">
            Status
          </label>
          <MultiSelect id="order-status" label="Status" options={STATUS_OPTIONS} value={state.status} onChange={(status) => update({ status })} placeholder="Any status" />
        </div>
        <div className={cn('flex flex-col gap-1.5', folded)}>
          <label htmlFor="order-company" className="text-xs font-medium text-slate-600 dark:text-slate-300">
            Company
          </label>
          <Select id="order-company" value={state.companyId} onChange={(e) => update({ companyId: e.target.value, locationId: '' })}>
            <option value="">Any company</option>
            {companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </div>
        <div className={cn('flex flex-col gap-1.5 lg:col-span-2', folded)}>
          <label htmlFor="order-location" className="text-xs font-medium text-slate-600 dark:text-slate-300">
            Location
          </label>
          <Select id="order-location" value={state.locationId} onChange={(e) => update({ locationId: e.target.value })}>
            <option value="">Any location</option>
            {companyLocations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </Select>
        </div>
        <div className={cn('flex flex-col gap-1.5', folded)}>
          <label htmlFor="order-from" className="text-xs font-medium text-slate-600 dark:text-slate-300">
            Created from
          </label>
          <Input id="order-from" type="date" value={state.from} max={state.to || undefined} onChange={(e) => update({ from: e.target.value })} />
        </div>
        <div className={cn('flex flex-col gap-1.5', folded)}>
          <label htmlFor="order-to" className="text-xs font-medium text-slate-600 dark:text-slate-300">
            Created to
          </label>
          <Input id="order-to" type="date" value={state.to} min={state.from || undefined} onChange={(e) => update({ to: e.target.value })} />
        </div>
        <div className={cn('flex flex-col gap-1.5', folded)}>
          <label htmlFor="order-sort" className="text-xs font-medium text-slate-600 dark:text-slate-300">
            Sort
          </label>
          <Select id="order-sort" value={state.sort} onChange={(e) => update({ sort: e.target.value === 'oldest' ? 'oldest' : 'newest', page: 1 })}>
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
          </Select>
        </div>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-3 lg:justify-end">
          {hasFilters(state) ? (
            <Button
              variant="ghost"
              onClick={() => {
                setSearch('');
                update({ status: [], companyId: '', locationId: '', search: '', from: '', to: '' });
              }}
            >
              Clear filters
            </Button>
          ) : null}
          <a href={exportHref} download className={buttonClass('secondary')} data-testid="export-csv">
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
              <path d="M10.75 2.75a.75.75 0 00-1.5 0v8.6L6.3 8.2a.75.75 0 10-1.1 1.02l4.25 4.5a.75.75 0 001.1 0l4.25-4.5a.75.75 0 00-1.1-1.02l-2.95 3.14V2.75z" />
              <path d="M3.5 12.75a.75.75 0 00-1.5 0v2.5A2.75 2.75 0 004.75 18h10.5A2.75 2.75 0 0018 15.25v-2.5a.75.75 0 00-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5z" />
            </svg>
            Export CSV
          </a>
        </div>
      </form>

      <p role="status" aria-live="polite" data-testid="orders-live-cue" className={changed ? 'text-sm text-sky-800 dark:text-sky-200' : 'sr-only'}>
        {changed ? (
          <span className="inline-flex rounded-md bg-sky-50 px-2.5 py-1 dark:bg-sky-950/60">
            Orders changed, list updated at&nbsp;<DateTime iso={new Date(query.dataUpdatedAt).toISOString()} />.
          </span>
        ) : null}
      </p>

      {/* Cards below 640 px */}
      <ul className="flex flex-col gap-3 sm:hidden" aria-label="Orders" aria-busy={query.isFetching} data-testid="order-cards">
        {query.isPending
          ? Array.from({ length: 3 }, (_, i) => (
              <li key={i}>
                <Skeleton className="h-24 w-full" />
              </li>
            ))
          : (query.data?.data ?? NO_ORDERS).map((o) => (
              <li key={o.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link href={`/orders/${o.id}`} className="font-mono text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
                    {o.code}
                  </Link>
                  <StatusBadge status={o.status} />
                </div>
                <p className="mt-2 font-medium break-words text-slate-900 dark:text-white">{personName(o.participant)}</p>
                <p className="text-sm break-words text-slate-600 dark:text-slate-300">
                  {o.company?.name ?? '—'} · {o.location?.name ?? '—'}
                </p>
                <p className="text-sm break-words text-slate-600 dark:text-slate-300">{o.packages.map((p) => p.name).join(', ') || '—'}</p>
                <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                  Created <DateTime iso={o.createdAt} />
                </p>
              </li>
            ))}
      </ul>

      {/* Table */}
      <div className="relative overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm max-sm:rounded-t-none max-sm:border-t-0 dark:border-slate-800 dark:bg-slate-900">
        <div aria-hidden="true" className={cn('absolute inset-x-0 top-0 h-0.5 overflow-hidden', query.isFetching && query.data ? 'opacity-100' : 'opacity-0')}>
          <div className="h-full w-1/3 animate-pulse bg-brand-500" />
        </div>
        <div className="overflow-x-auto max-sm:hidden">
          <table className="w-full min-w-[900px] table-fixed text-sm" aria-busy={query.isFetching} aria-describedby="orders-summary">
            <caption className="sr-only">Orders, {state.sort === 'newest' ? 'newest' : 'oldest'} first</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-400">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        className={cn('h-10 px-4 font-semibold', COLUMN_WIDTH[header.column.id])}
                        aria-sort={sorted ? (sorted === 'desc' ? 'descending' : 'ascending') : undefined}
                      >
                        {header.column.getCanSort() ? (
                          <button
                            type="button"
                            onClick={header.column.getToggleSortingHandler()}
                            className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-slate-900 dark:hover:text-white"
                            title={sorted === 'desc' ? 'Newest first: select for oldest first' : 'Oldest first: select for newest first'}
                          >
                            <table.FlexRender header={header} />
                            <span className="sr-only">{sorted === 'desc' ? ', newest first' : ', oldest first'}</span>
                            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={cn('h-4 w-4', sorted === 'asc' && 'rotate-180')}>
                              <path d="M10 14.5l-4.5-5h9l-4.5 5z" />
                            </svg>
                          </button>
                        ) : (
                          <table.FlexRender header={header} />
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {query.isPending
                ? Array.from({ length: state.limit }, (_, i) => (
                    <tr key={i} className="h-14">
                      {columns.map((_, j) => (
                        <td key={j} className="px-4">
                          <Skeleton className="h-4 w-3/4" />
                        </td>
                      ))}
                    </tr>
                  ))
                : table.getRowModel().rows.map((row) => (
                    <tr
                      key={row.id}
                      className="h-14 cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800/50"
                      onClick={(e) => {
                        if ((e.target as HTMLElement).closest('a,button')) return;
                        router.push(`/orders/${row.original.id}`);
                      }}
                    >
                      {row.getAllCells().map((cell) => (
                        <td key={cell.id} className="px-4 py-2 align-middle">
                          <table.FlexRender cell={cell} />
                        </td>
                      ))}
                    </tr>
                  ))}
            </tbody>
          </table>
        </div>
        {query.isError ? (
          <EmptyState
            tone="error"
            title="The orders could not be loaded"
            description={errorMessage(query.error)}
            action={
              <Button variant="secondary" onClick={() => query.refetch()}>
                Try again
              </Button>
            }
          />
        ) : query.isSuccess && total === 0 ? (
          <EmptyState
            title={hasFilters(state) ? 'No orders match these filters' : 'No orders yet'}
            description={hasFilters(state) ? 'Change or clear the filters to see more orders.' : 'Orders placed through the API or the dashboard appear here.'}
          />
        ) : null}

        {/* Pagination */}
        <div className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
          <p id="orders-summary" className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
            {query.isPending ? (
              'Loading orders…'
            ) : (
              <>
                Showing <span className="font-medium text-slate-900 dark:text-white">{first}</span>–<span className="font-medium text-slate-900 dark:text-white">{last}</span> of{' '}
                <span className="font-medium text-slate-900 dark:text-white" data-testid="orders-total">
                  {total}
                </span>{' '}
                orders
              </>
            )}
          </p>
          <nav aria-label="Pagination" className="flex flex-wrap items-center gap-2">
            <label htmlFor="order-page-size" className="text-sm text-slate-600 dark:text-slate-300">
              Rows
            </label>
            <Select id="order-page-size" className="w-20" value={state.limit} onChange={(e) => table.setPageSize(Number(e.target.value))}>
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Select>
            <Button variant="secondary" size="sm" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
              Previous
            </Button>
            <span className="min-w-24 text-center text-sm text-slate-600 tabular-nums dark:text-slate-300" data-testid="page-indicator">
              Page {state.page} of {Math.max(1, table.getPageCount())}
            </span>
            <Button variant="secondary" size="sm" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
              Next
            </Button>
          </nav>
        </div>
      </div>
    </div>
  );
}
