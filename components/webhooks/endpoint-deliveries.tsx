'use client';
/**
 * An endpoint's delivery log (GET .../{id}/deliveries): newest first, every row headed by its EVENT
 * TYPE, with its status, its `webhook-id` and each attempt's status code, latency and the first
 * characters of the answer; "Redeliver" (POST .../deliveries/{deliveryId}/redelivery) for those
 * who may change the endpoint.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { apiFetch, errorMessage } from '@/components/ui/api';
import { Badge, type Tone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { endpointPath, invalidateEndpoints, useEndpointDeliveries, type EndpointDelivery } from './endpoints-api';

const LIMIT = 10;

type State = 'delivered' | 'pending' | 'retrying' | 'failed';
const STATE: Record<State, { label: string; tone: Tone }> = {
  delivered: { label: 'Delivered', tone: 'success' },
  pending: { label: 'Pending', tone: 'info' },
  retrying: { label: 'Retrying', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** `pending` after a failed attempt waits for its retry: "Retrying". */
const stateOf = (d: EndpointDelivery): State => (d.status === 'pending' && d.attempts.length > 0 ? 'retrying' : d.status);

function Attempts({ delivery }: { delivery: EndpointDelivery }) {
  if (delivery.attempts.length === 0) return <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">Not attempted yet.</p>;
  return (
    <table className="mt-2 w-full text-xs" data-testid="delivery-attempts">
      <caption className="sr-only">Attempts of this delivery, newest first</caption>
      <thead className="text-left text-slate-500 dark:text-slate-400">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">Attempt</th>
          <th scope="col" className="py-1 pr-3 font-medium">Status code</th>
          <th scope="col" className="py-1 pr-3 font-medium">Latency</th>
          <th scope="col" className="py-1 font-medium">Answer</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 align-top dark:divide-slate-800">
        {delivery.attempts.map((a, i) => (
          <tr key={`${a.attemptedAt}-${i}`} data-testid="delivery-attempt">
            <td className="py-1 pr-3 whitespace-nowrap text-slate-600 dark:text-slate-300">
              <DateTime iso={a.attemptedAt} />
            </td>
            <td className="py-1 pr-3 font-mono tabular-nums" data-testid="attempt-status-code">
              {a.statusCode === null ? (
                <span className="text-slate-500 dark:text-slate-400">none</span>
              ) : (
                <span className={a.statusCode >= 200 && a.statusCode < 300 ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}>{a.statusCode}</span>
              )}
            </td>
            <td className="py-1 pr-3 tabular-nums whitespace-nowrap text-slate-600 dark:text-slate-300" data-testid="attempt-latency">
              {a.durationMs} ms
            </td>
            <td className="min-w-0 py-1">
              {a.error ? <p className="text-red-700 dark:text-red-300">{a.error}</p> : null}
              {a.responseExcerpt ? (
                <pre className="max-h-24 overflow-auto rounded bg-slate-50 px-2 py-1 font-mono text-[11px] break-all whitespace-pre-wrap text-slate-700 dark:bg-slate-950 dark:text-slate-300" data-testid="attempt-excerpt">
                  {a.responseExcerpt}
                </pre>
              ) : a.error ? null : (
                <span className="text-slate-500 dark:text-slate-400">empty</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RedeliverButton({ endpointId, delivery, onQueued }: { endpointId: string; delivery: EndpointDelivery; onQueued: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: async () => (await apiFetch<EndpointDelivery>(endpointPath(endpointId, `/deliveries/${encodeURIComponent(delivery.id)}/redelivery`), { method: 'POST' })).data,
    onSuccess: () => {
      toast.success('Redelivery queued', `${delivery.eventType} (${delivery.eventId}) will be sent again.`);
      onQueued();
      void invalidateEndpoints(queryClient);
    },
    onError: (error) => toast.error('Redelivery failed', errorMessage(error)),
  });
  return (
    <Button variant="secondary" size="sm" loading={mutation.isPending} onClick={() => mutation.mutate()} aria-label={`Redeliver ${delivery.eventType} ${delivery.eventId}`}>
      Redeliver
    </Button>
  );
}

/** A redelivery makes its row pending again, after attempts: the log follows it closely for this long. */
const FOLLOW_MS = 30_000;

export function EndpointDeliveries({ endpointId, canRedeliver }: { endpointId: string; /** webhook.write, tenant-wide, and the endpoint enabled. */ canRedeliver: boolean }) {
  const [page, setPage] = useState(1);
  const followUntil = useRef(0);
  const filters = { page, limit: LIMIT };
  const query = useEndpointDeliveries(endpointId, filters, () => Date.now() < followUntil.current);
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LIMIT));

  return (
    <Card aria-labelledby="endpoint-deliveries-title">
      <CardHeader id="endpoint-deliveries-title" title="Delivery log" description="Newest first: every event sent to this endpoint, with each attempt." />
      {query.isPending ? (
        <div className="flex flex-col gap-3 p-5">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : query.isError ? (
        <EmptyState tone="error" title="The deliveries could not be loaded" description={errorMessage(query.error)} action={<Button variant="secondary" onClick={() => query.refetch()}>Try again</Button>} />
      ) : query.data.data.length === 0 ? (
        <EmptyState title="No deliveries yet" description="Events this endpoint subscribes to appear here as they are sent; send a test event to see one now." />
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="endpoint-deliveries">
          {query.data.data.map((d) => {
            const state = STATE[stateOf(d)];
            return (
              <li key={d.id} className="flex flex-wrap items-start gap-x-4 gap-y-2 px-5 py-3" data-testid="endpoint-delivery" data-event-type={d.eventType} data-status={d.status}>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
                    <code className="font-mono text-sm" data-testid="delivery-event-type">
                      {d.eventType}
                    </code>
                    <Badge tone={state.tone} dot>
                      {state.label}
                    </Badge>
                  </p>
                  <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                    <span className="font-mono" title="The webhook-id header">
                      {d.eventId}
                    </span>{' '}
                    · created <DateTime iso={d.createdAt} />
                    {d.deliveredAt ? (
                      <>
                        {' '}
                        · delivered <DateTime iso={d.deliveredAt} />
                      </>
                    ) : null}{' '}
                    · {d.attempts.length} attempt{d.attempts.length === 1 ? '' : 's'}
                  </p>
                  <Attempts delivery={d} />
                </div>
                {canRedeliver ? <RedeliverButton endpointId={endpointId} delivery={d} onQueued={() => (followUntil.current = Date.now() + FOLLOW_MS)} /> : null}
              </li>
            );
          })}
        </ul>
      )}
      {total > LIMIT ? (
        <nav aria-label="Delivery log pages" className="flex items-center justify-end gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-800">
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
