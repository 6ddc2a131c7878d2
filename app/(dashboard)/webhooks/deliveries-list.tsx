'use client';
/** Recent webhook deliveries of the tenant (GET /api/v2/webhooks/deliveries), filterable by status. */
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { fetchOrder } from '@/components/orders/orders-api';
import { DeliveryAttempts, DeliveryStatus, RedeliverButton, type WebhookDelivery } from '@/components/orders/webhook-deliveries';
import { apiGet, errorMessage, queryKeys, type Page } from '@/components/ui/api';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Select } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';

const LIMIT = 20;

export function DeliveriesList({ canRedeliver }: { canRedeliver: boolean }) {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const filters = { status: status || undefined, page, limit: LIMIT };
  const query = useQuery({
    queryKey: queryKeys.webhookDeliveries.list(filters),
    queryFn: ({ signal }) => apiGet<Page<WebhookDelivery>>('/api/v2/webhooks/deliveries', filters, signal),
    placeholderData: keepPreviousData,
  });
  // The code of each row's order (one read per order of the page, cached with the order pages').
  const orderIds = [...new Set((query.data?.data ?? []).map((d) => d.orderId))];
  const orders = useQueries({
    queries: orderIds.map((id) => ({ queryKey: queryKeys.orders.detail(id), queryFn: ({ signal }: { signal: AbortSignal }) => fetchOrder(id, signal), staleTime: 60_000 })),
  });
  const codes = new Map(orderIds.map((id, i) => [id, orders[i]?.data?.code]));
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LIMIT));

  return (
    <Card aria-labelledby="deliveries-title">
      <CardHeader
        id="deliveries-title"
        title="Deliveries"
        description="Newest first, across your companies' orders."
        actions={
          <div className="flex items-center gap-2">
            <label htmlFor="delivery-status" className="text-sm text-slate-600 dark:text-slate-300">
              Status
            </label>
            <Select
              id="delivery-status"
              className="w-36"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value);
                setPage(1);
              }}
            >
              <option value="">Any</option>
              <option value="pending">Pending or retrying</option>
              <option value="delivered">Delivered</option>
              <option value="failed">Failed</option>
            </Select>
          </div>
        }
      />
      {query.isPending ? (
        <div className="flex flex-col gap-3 p-5">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <EmptyState
          tone="error"
          title="The deliveries could not be loaded"
          description={errorMessage(query.error)}
          action={
            <Button variant="secondary" onClick={() => query.refetch()}>
              Try again
            </Button>
          }
        />
      ) : query.data.data.length === 0 ? (
        <EmptyState title="No deliveries" description="Events are sent only for orders created with a callback URL." />
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {query.data.data.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
                  <Link href={`/orders/${d.orderId}`} className="text-brand-700 hover:underline dark:text-brand-300" data-testid="delivery-order">
                    Order <span className="font-mono">{codes.get(d.orderId) ?? '…'}</span> · event #{d.sequence}
                  </Link>
                  <DeliveryStatus delivery={d} />
                </p>
                <p className="mt-0.5 truncate font-mono text-xs text-slate-500 dark:text-slate-400" title={d.url}>
                  {d.url}
                </p>
                <DeliveryAttempts delivery={d} />
              </div>
              {canRedeliver ? <RedeliverButton delivery={d} /> : null}
            </li>
          ))}
        </ul>
      )}
      {total > LIMIT ? (
        <nav aria-label="Deliveries pages" className="flex items-center justify-end gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-800">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-600 tabular-nums dark:text-slate-300">
            Page {page} of {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </Card>
  );
}
