/**
 * The orders list's state lives in the URL (shareable links): `page`, `limit`, `status` (comma
 * separated), `companyId`, `locationId`, `search`, `from` and `to` (calendar dates, the viewer's
 * time zone, both inclusive) and `sort` (`newest`, the default, or `oldest`).
 */

export type OrderSort = 'newest' | 'oldest';

export interface OrderListState {
  page: number;
  limit: number;
  status: string[];
  companyId: string;
  locationId: string;
  search: string;
  from: string;
  to: string;
  sort: OrderSort;
}

export const PAGE_SIZES = [10, 20] as const;
export const DEFAULT_LIMIT = 20;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function int(value: string | null, fallback: number, min: number, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

export function parseListState(params: URLSearchParams): OrderListState {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    page: int(params.get('page'), 1, 1, 10000),
    limit: int(params.get('limit'), DEFAULT_LIMIT, 1, 20),
    status: (params.get('status') ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    companyId: params.get('companyId') ?? '',
    locationId: params.get('locationId') ?? '',
    search: params.get('search') ?? '',
    from: DATE.test(from) ? from : '',
    to: DATE.test(to) ? to : '',
    sort: params.get('sort') === 'oldest' ? 'oldest' : 'newest',
  };
}

/** The URL query of a state, leaving defaults out so that links stay short. */
export function listStateToSearch(state: OrderListState): string {
  const params = new URLSearchParams();
  if (state.status.length) params.set('status', state.status.join(','));
  if (state.companyId) params.set('companyId', state.companyId);
  if (state.locationId) params.set('locationId', state.locationId);
  if (state.search) params.set('search', state.search);
  if (state.from) params.set('from', state.from);
  if (state.to) params.set('to', state.to);
  if (state.sort !== 'newest') params.set('sort', state.sort);
  if (state.limit !== DEFAULT_LIMIT) params.set('limit', String(state.limit));
  if (state.page !== 1) params.set('page', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Local midnight of a calendar date, as an instant. */
function localMidnight(date: string, addDays = 0): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y, m - 1, d + addDays).toISOString();
}

/** The filters of GET /api/v2/orders (and of the CSV export) for a state; no paging. */
export function apiFilters(state: OrderListState): Record<string, string | undefined> {
  return {
    status: state.status.length ? state.status.join(',') : undefined,
    companyId: state.companyId || undefined,
    locationId: state.locationId || undefined,
    search: state.search.trim() || undefined,
    createdAfter: state.from ? localMidnight(state.from) : undefined,
    createdBefore: state.to ? localMidnight(state.to, 1) : undefined,
  };
}

export function hasFilters(state: OrderListState): boolean {
  return Boolean(state.status.length || state.companyId || state.locationId || state.search || state.from || state.to);
}
