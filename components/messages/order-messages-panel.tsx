'use client';
/**
 * The messages sent to an order's participant (GET /api/v2/orders/{id}/messages): channel, masked
 * address, what was sent, status, attempts and the last error in words ("providerNotConfigured"
 * explained). Refreshes while a new message waits for its first attempt.
 */
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiGet, errorMessage, queryKeys, type Page } from '@/components/ui/api';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import type { Message } from '@/lib/api/representations';
import { channelLabel, explainError, MESSAGE_STATUS_TONE, templateLabel } from './labels';

/**
 * Under the order's own key: whatever refreshes the order after a change (a reissued pass, an
 * extended expiry, a cancellation) refreshes its messages too, the one it just queued among them.
 */
export const orderMessagesKey = (orderId: string) => [...queryKeys.orders.detail(orderId), 'messages'] as const;

export function MessageStatus({ status }: { status: string }) {
  return (
    <Badge tone={MESSAGE_STATUS_TONE[status] ?? 'neutral'} dot>
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </Badge>
  );
}

export function OrderMessagesPanel({ orderId }: { orderId: string }) {
  const query = useQuery({
    queryKey: orderMessagesKey(orderId),
    queryFn: ({ signal }) => apiGet<Page<Message>>(`/api/v2/orders/${encodeURIComponent(orderId)}/messages`, { limit: 20 }, signal),
    // A new message goes out within seconds: refresh until it has; retries wait minutes to hours.
    refetchInterval: (q) => (q.state.data?.data.some((m) => m.status === 'queued' && m.attempts === 0) ? 3_000 : false),
  });
  const notConfigured = query.data?.data.some((m) => m.lastError === 'providerNotConfigured') ?? false;

  return (
    <Card aria-labelledby="messages-title" data-testid="order-messages">
      <CardHeader id="messages-title" title="Messages to the participant" description="E-mails and text messages with the pass link, reminders and changes." />
      {query.isPending ? (
        <div className="flex flex-col gap-3 p-5">
          <Skeleton className="h-12 w-full" />
        </div>
      ) : query.isError ? (
        <EmptyState
          tone="error"
          title={query.error instanceof ApiError && query.error.status === 404 ? 'Messages are not available' : 'The messages could not be loaded'}
          description={errorMessage(query.error)}
        />
      ) : query.data.data.length === 0 ? (
        <EmptyState title="No messages" description="Nothing has been sent for this order. Orders delivered by hand (no e-mail or SMS) get no messages." />
      ) : (
        <>
          {notConfigured ? (
            <p role="status" className="border-b border-amber-200 bg-amber-50 px-5 py-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-100">
              Messages for this order were not sent: no e-mail or SMS provider is configured on this server. Give the participant the pass yourself.
            </p>
          ) : null}
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {query.data.data.map((m) => (
              <li key={m.id} className="flex flex-col gap-1 px-5 py-3" data-testid="order-message">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="text-sm font-medium text-slate-900 dark:text-white">{templateLabel(m.template)}</span>
                  <MessageStatus status={m.status} />
                  <span className="text-xs text-slate-500 dark:text-slate-400">
                    {channelLabel(m.channel)} to <span className="font-mono">{m.to}</span>
                  </span>
                </div>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  Queued <DateTime iso={m.createdAt} />
                  {m.sentAt ? (
                    <>
                      {' · sent '}
                      <DateTime iso={m.sentAt} />
                    </>
                  ) : null}
                  {' · '}
                  {m.attempts === 1 ? '1 attempt' : `${m.attempts} attempts`}
                  {m.status === 'queued' && m.attempts > 0 ? ' · will be retried' : null}
                </p>
                {m.lastError ? <p className="text-sm text-red-700 dark:text-red-300">{explainError(m.lastError)}</p> : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
