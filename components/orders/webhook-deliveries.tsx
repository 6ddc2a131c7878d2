'use client';
/**
 * Webhook deliveries (GET /api/v2/webhooks/deliveries): the list the webhooks page and an order's
 * page both show (`DeliveryList`), with a redeliver button for roles with `webhook.write`
 * (POST .../redeliver), and an order's card of them (`OrderWebhookDeliveries`).
 */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError, apiGet, queryKeys, type Page } from '@/components/ui/api';
import { Card, CardHeader } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { DeliveryListStates, DeliveryRow, DeliveryStamps, RedeliverButton, attemptsWord, deliveryState } from '@/components/webhooks/delivery-row';
import type { WebhookDelivery } from '@/lib/api/representations';

export type { WebhookDelivery };

/** Attempts, the last answer or error, and the next attempt of a retry, in words. */
function DeliveryAttempts({ delivery: d }: { delivery: WebhookDelivery }) {
  const state = deliveryState(d.status, d.attemptCount);
  return (
    <>
      <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
        {attemptsWord(d.attemptCount)}
        {d.lastStatusCode ? ` · last answer HTTP ${d.lastStatusCode}` : ''} · <DeliveryStamps createdAt={d.createdAt} deliveredAt={d.deliveredAt} />
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
  return (
    <DeliveryListStates
      query={query}
      loadingRows={loadingRows}
      errorTitle={(error) => (error instanceof ApiError && error.status === 404 ? 'Webhook deliveries are not available' : 'The deliveries could not be loaded')}
      empty={{ title: 'No deliveries', description: emptyDescription }}
    >
      {(rows) => (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="webhook-deliveries">
          {rows.map((d) => (
            <DeliveryRow
              key={d.id}
              heading={heading(d)}
              state={deliveryState(d.status, d.attemptCount)}
              action={
                canRedeliver ? (
                  <RedeliverButton
                    path={`/api/v2/webhooks/deliveries/${encodeURIComponent(d.id)}/redeliver`}
                    label={`Redeliver event ${d.sequence}`}
                    queued={`Event #${d.sequence} of this order will be sent again.`}
                    onQueued={(queryClient) => void queryClient.invalidateQueries({ queryKey: queryKeys.webhookDeliveries.all })}
                  />
                ) : null
              }
            >
              <p className="mt-0.5 truncate font-mono text-xs text-slate-500 dark:text-slate-400" title={d.url}>
                {d.url}
              </p>
              <DeliveryAttempts delivery={d} />
            </DeliveryRow>
          ))}
        </ul>
      )}
    </DeliveryListStates>
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
