/**
 * Reads of orders over /api/v2 for the client.
 *
 * Sorting: GET /api/v2/orders lists newest first and has no sort parameter (the domain's
 * `listOrders` orders by creation time, descending). "Oldest first" is served from the same
 * endpoint exactly, over all pages: page p of the ascending order is the mirror image of a window
 * of the descending order, which lies on at most two descending pages of the same size.
 */
import type { Order } from '@/lib/api/representations';
import { apiGet, type Page } from '@/components/ui/api';
import { apiFilters, type OrderListState } from './list-params';

export type { Order };

export async function fetchOrdersPage(state: OrderListState, signal?: AbortSignal): Promise<Page<Order>> {
  const filters = apiFilters(state);
  const { page, limit } = state;
  if (state.sort === 'newest') return apiGet<Page<Order>>('/api/v2/orders', { ...filters, page, limit }, signal);

  // Oldest first: learn the total, then read the mirrored window.
  const probe = await apiGet<Page<Order>>('/api/v2/orders', { ...filters, page: 1, limit: 1 }, signal);
  const total = probe.total;
  const first = (page - 1) * limit; // 0-based ascending index of the first row
  if (first >= total) return { data: [], total, page, limit };
  const last = Math.min(page * limit, total) - 1;
  // Ascending index i is descending index total - 1 - i.
  const start = total - 1 - last;
  const end = total - 1 - first;
  const pages = [...new Set([Math.floor(start / limit) + 1, Math.floor(end / limit) + 1])];
  const chunks = await Promise.all(pages.map((p) => apiGet<Page<Order>>('/api/v2/orders', { ...filters, page: p, limit }, signal)));
  const offset = (pages[0] - 1) * limit;
  const window = chunks.flatMap((c) => c.data).slice(start - offset, end - offset + 1);
  return { data: window.reverse(), total, page, limit };
}

export function fetchOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return apiGet<Order>(`/api/v2/orders/${encodeURIComponent(id)}`, undefined, signal);
}
