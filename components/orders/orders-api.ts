/**
 * Reads of orders over /api/v2 for the client.
 *
 * Sorting: GET /api/v2/orders lists newest first and has no sort parameter (the domain's
 * `listOrders` orders by creation time, descending). "Oldest first" is served from the same
 * endpoint exactly, over all pages (`oldestFirstPage`, lib/domain/pagination.ts).
 */
import type { Order } from '@/lib/api/representations';
import { apiGet, type Page } from '@/components/ui/api';
import { oldestFirstPage } from '@/lib/domain/pagination';
import { apiFilters, type OrderListState } from './list-params';

export type { Order };

export async function fetchOrdersPage(state: OrderListState, signal?: AbortSignal): Promise<Page<Order>> {
  const filters = apiFilters(state);
  const { page, limit } = state;
  const newestFirst = (q: { page: number; limit: number }) => apiGet<Page<Order>>('/api/v2/orders', { ...filters, ...q }, signal);
  return state.sort === 'newest' ? newestFirst({ page, limit }) : oldestFirstPage(newestFirst, { page, limit });
}

export function fetchOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return apiGet<Order>(`/api/v2/orders/${encodeURIComponent(id)}`, undefined, signal);
}
