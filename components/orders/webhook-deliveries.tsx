'use client';
/**
 * Webhook deliveries (GET /api/v2/webhooks/deliveries): the list the webhooks page and an order's
 * page both show (`DeliveryList`), with a redeliver button for roles with `webhook.write`
 * (POST .../redeliver), and an order's card of them (`OrderWebhookDeliveries`).
 */
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError, apiFetch, apiGet, errorMessage, queryKeys, type Page } from '@/components/ui/api';
import { Badge, type Tone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import type { WebhookDelivery } from '@/lib/api/representations';

export type { WebhookDelivery };

const DELIVERY_TONE: Record<string, Tone> = { delivered: 'success', pending: 'info', retrying: 'warning', failed: 'danger' };

/** `pending` after a failed attempt is a retry waiting for its time: "Retrying", not "Pending". */
function deliveryState(delivery: Pick<WebhookDelivery, 'status' | 'attemptCount'>): 'delivered' | 'pending' | 'retrying' | 'failed' {
  return delivery.status === 'pending' && delivery.attemptCount > 0 ? 'retrying' : delivery.status;
}

const STATE_WORDS = { delivered: 'Delivered', pending: 'Pending', retrying: 'Retrying', failed: 'Failed' } as const;

function DeliveryStatus({ delivery }: { delivery: Pick<WebhookDelivery, 'status' | 'attemptCount'> }) {
  const state = deliveryState(delivery);
  return (
    <Badge tone={DELIVERY_TONE[state] ?? 'neutral'} dot>
      {STATE_WORDS[state]}
    </Badge>
  );
}

/** Attempts, the last answer or error, and the next attempt of a retry, in words. */
function DeliveryAttempts({ delivery: d }: { delivery: WebhookDelivery }) {
  const state = deliveryState(d);
  return (
    <>
      <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
        {d.attemptCount} attempt{d.attemptCount === 1 ? '' : 's'}
        {d.lastStatusCode ? ` · last answer HTTP ${d.lastStatusCode}` : ''} · created <DateTime iso={d.createdAt} />
        {d.deliveredAt ? (
          <>
            {' '}
            · delivered <DateTime iso={d.deliveredAt} />
          </>
        ) : null}
      </p>
      {state === 'retrying' || state === 'failed' ? (
        <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-300" data-testid="delivery-problem">
          {d.lastError ? <>Last error: {d.lastError}. </> : d.lastStatusCode ? <>Your endpoint answered HTTP {d.lastStatusCode}. </> : null}
          {state === 'retrying' && d.nextAttemptAt ? (
            <>
              Next attempt <DateTime iso={d.nextAttemptAt} />.
            </>
          ) : state === 'failed' ? (
            'No more automatic attempts: fix the endpoint, then redeliver.'
          ) : null}
        </p>
      ) : null}
    </>
  );
}

function RedeliverButton({ delivery }: { delivery: WebhookDelivery }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: async () => (await apiFetch<WebhookDelivery>(`/api/v2/webhooks/deliveries/${encodeURIComponent(delivery.id)}/redeliver`, { method: 'POST' })).data,
    onSuccess: () => {
      toast.success('Redelivery queued', `Event #${delivery.sequence} of this order will be sent again.`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.webhookDeliveries.all });
    },
    onError: (error) => toast.error('Redelivery failed', errorMessage(error)),
  });
  return (
    <Button variant="secondary" size="sm" loading={mutation.isPending} onClick={() => mutation.mutate()} aria-label={`Redeliver event ${delivery.sequence}`}>
      Redeliver
    </Button>
  );
}

/**
 * A page of webhook deliveries, the one list of the webhooks page and an order's page: loading,
 * error (with a retry), empty, or one row per delivery with its heading, status, URL, attempts and,
 * for roles with `webhook.write`, a redeliver button.
 */
export function DeliveryList({
  query,
  heading,
  emptyDescription,
  canRedeliver,
  loadingRows = 2,
}: {
  query: UseQueryResult<Page<WebhookDelivery>>;
  /** What a row is: `Event #3`, or its order and event. */
  heading: (delivery: WebhookDelivery) => ReactNode;
  emptyDescription: string;
  canRedeliver: boolean;
  loadingRows?: number;
}) {
  if (query.isPending)
    return (
      <div className="flex flex-col gap-3 p-5">
        {Array.from({ length: loadingRows }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  if (query.isError)
    return (
      <EmptyState
        tone="error"
        title={query.error instanceof ApiError && query.error.status === 404 ? 'Webhook deliveries are not available' : 'The deliveries could not be loaded'}
        description={errorMessage(query.error)}
        action={
          <Button variant="secondary" onClick={() => query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  if (query.data.data.length === 0) return <EmptyState title="No deliveries" description={emptyDescription} />;
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="webhook-deliveries">
      {query.data.data.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3">
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
              {heading(d)}
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
  );
}

export function OrderWebhookDeliveries({ orderId, canRedeliver }: { orderId: string; canRedeliver: boolean }) {
  const filters = { orderId, limit: 20 };
  const query = useQuery({
    queryKey: queryKeys.webhookDeliveries.list(filters),
    queryFn: ({ signal }) => apiGet<Page<WebhookDelivery>>('/api/v2/webhooks/deliveries', filters, signal),
  });

  return (
    <Card aria-labelledby="deliveries-title">
      <CardHeader id="deliveries-title" title="Webhook deliveries" description="order.updated events sent to this order's callback URL." />
      <DeliveryList
        query={query}
        heading={(d) => <span>Event #{d.sequence}</span>}
        emptyDescription="No event has been sent for this order. Events go only to orders created with a callback URL."
        canRedeliver={canRedeliver}
      />
    </Card>
  );
}
