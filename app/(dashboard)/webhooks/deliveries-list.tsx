'use client';
/** Recent webhook deliveries of the tenant (GET /api/v2/webhooks/deliveries), filterable by status. */
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { fetchOrder } from '@/components/orders/orders-api';
import { DeliveryList, type WebhookDelivery } from '@/components/orders/webhook-deliveries';
import { apiGet, queryKeys, type Page } from '@/components/ui/api';
import { Card, CardHeader } from '@/components/ui/card';
import { PageButtons } from '@/components/ui/page-buttons';
import { Select } from '@/components/ui/field';

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
  const orderIds = [...new Set((query.data?.data ?? []).flatMap((d) => (d.orderId ? [d.orderId] : [])))];
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
      <DeliveryList
        query={query}
        loadingRows={5}
        heading={(d) =>
          d.orderId ? (
            <Link href={`/orders/${d.orderId}`} className="text-brand-700 hover:underline dark:text-brand-300" data-testid="delivery-order">
              Order <span className="font-mono">{codes.get(d.orderId) ?? '…'}</span> · event #{d.sequence}
            </Link>
          ) : (
            <span data-testid="delivery-order">{d.eventType}</span>
          )
        }
        emptyDescription="Events are sent only for orders created with a callback URL."
        canRedeliver={canRedeliver}
      />
      {total > LIMIT ? <PageButtons label="Deliveries pages" page={page} pages={pages} onPage={setPage} /> : null}
    </Card>
  );
}
