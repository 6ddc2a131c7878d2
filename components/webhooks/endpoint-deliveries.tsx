'use client';
/**
 * An endpoint's delivery log (GET .../{id}/deliveries): newest first, every row headed by its EVENT
 * TYPE, with its status, its `webhook-id` and each attempt's status code, latency and the first
 * characters of the answer; "Redeliver" (POST .../deliveries/{deliveryId}/redelivery) for those
 * who may change the endpoint.
 */
import { useRef, useState } from 'react';
import { Card, CardHeader } from '@/components/ui/card';
import { PageButtons } from '@/components/ui/page-buttons';
import { DateTime } from '@/components/ui/date-time';
import { DeliveryListStates, DeliveryRow, DeliveryStamps, RedeliverButton, attemptsWord, deliveryState } from './delivery-row';
import { endpointPath, invalidateEndpoints, useEndpointDeliveries, type EndpointDelivery } from './endpoints-api';

const LIMIT = 10;

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
      <DeliveryListStates
        query={query}
        empty={{ title: 'No deliveries yet', description: 'Events this endpoint subscribes to appear here as they are sent; send a test event to see one now.' }}
      >
        {(rows) => (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="endpoint-deliveries">
            {rows.map((d) => (
              <DeliveryRow
                key={d.id}
                alignTop
                data-testid="endpoint-delivery"
                data-event-type={d.eventType}
                data-status={d.status}
                heading={
                  <code className="font-mono text-sm" data-testid="delivery-event-type">
                    {d.eventType}
                  </code>
                }
                state={deliveryState(d.status, d.attempts.length)}
                action={
                  canRedeliver ? (
                    <RedeliverButton
                      path={endpointPath(endpointId, `/deliveries/${encodeURIComponent(d.id)}/redelivery`)}
                      label={`Redeliver ${d.eventType} ${d.eventId}`}
                      queued={`${d.eventType} (${d.eventId}) will be sent again.`}
                      onQueued={(queryClient) => {
                        followUntil.current = Date.now() + FOLLOW_MS;
                        void invalidateEndpoints(queryClient);
                      }}
                    />
                  ) : null
                }
              >
                <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                  <span className="font-mono" title="The webhook-id header">
                    {d.eventId}
                  </span>{' '}
                  · <DeliveryStamps createdAt={d.createdAt} deliveredAt={d.deliveredAt} /> · {attemptsWord(d.attempts.length)}
                </p>
                <Attempts delivery={d} />
              </DeliveryRow>
            ))}
          </ul>
        )}
      </DeliveryListStates>
      {total > LIMIT ? <PageButtons label="Delivery log pages" page={page} pages={pages} onPage={setPage} /> : null}
    </Card>
  );
}
