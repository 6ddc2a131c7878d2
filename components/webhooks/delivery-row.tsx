'use client';
/**
 * What every webhook delivery list shows, one way (an order's deliveries and the webhooks page's,
 * `components/orders/webhook-deliveries.tsx`; an account endpoint's log, `endpoint-deliveries.tsx`):
 * the list's loading, error and empty states, a row headed by what was sent and its state in words,
 * when it was created and delivered, and "Redeliver".
 */
import { useMutation, useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { apiFetch, errorMessage, type Page } from '@/components/ui/api';
import { Badge, type Tone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';

export type DeliveryState = 'delivered' | 'pending' | 'retrying' | 'failed';

const STATE: Record<DeliveryState, { label: string; tone: Tone }> = {
  delivered: { label: 'Delivered', tone: 'success' },
  pending: { label: 'Pending', tone: 'info' },
  retrying: { label: 'Retrying', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** `pending` after a failed attempt is a retry waiting for its time: "Retrying", not "Pending". */
export const deliveryState = (status: 'pending' | 'delivered' | 'failed', attempts: number): DeliveryState => (status === 'pending' && attempts > 0 ? 'retrying' : status);

export const attemptsWord = (n: number) => `${n} attempt${n === 1 ? '' : 's'}`;

/** A page of deliveries as a list: skeleton rows while loading, the error with a retry, the empty state, or `children`. */
export function DeliveryListStates<T>({
  query,
  loadingRows = 2,
  errorTitle = 'The deliveries could not be loaded',
  empty,
  children,
}: {
  query: UseQueryResult<Page<T>>;
  loadingRows?: number;
  /** The error's title, or how to choose it from the error. */
  errorTitle?: string | ((error: Error) => string);
  empty: { title: string; description: string };
  children: (rows: T[]) => ReactNode;
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
        title={typeof errorTitle === 'function' ? errorTitle(query.error) : errorTitle}
        description={errorMessage(query.error)}
        action={
          <Button variant="secondary" onClick={() => query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  if (query.data.data.length === 0) return <EmptyState title={empty.title} description={empty.description} />;
  return children(query.data.data);
}

/** One delivery: its heading and state, what `children` says of it, and its action (Redeliver) to the right. */
export function DeliveryRow({
  heading,
  state,
  action,
  alignTop = false,
  children,
  ...data
}: {
  heading: ReactNode;
  state: DeliveryState;
  action?: ReactNode;
  /** Keep the action at the top (a tall row); otherwise it is centred. */
  alignTop?: boolean;
  children: ReactNode;
} & { [attribute: `data-${string}`]: string }) {
  return (
    <li className={cn('flex flex-wrap gap-x-4 gap-y-2 px-5 py-3', alignTop ? 'items-start' : 'items-center')} {...data}>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
          {heading}
          <Badge tone={STATE[state].tone} dot>
            {STATE[state].label}
          </Badge>
        </p>
        {children}
      </div>
      {action}
    </li>
  );
}

/** "created <time>", and " · delivered <time>" once it was. */
export function DeliveryStamps({ createdAt, deliveredAt }: { createdAt: string; deliveredAt: string | null }) {
  return (
    <>
      created <DateTime iso={createdAt} />
      {deliveredAt ? (
        <>
          {' '}
          · delivered <DateTime iso={deliveredAt} />
        </>
      ) : null}
    </>
  );
}

/** "Redeliver": POSTs `path`, says so in a toast (`queued`), then `onQueued` refreshes what shows it. */
export function RedeliverButton({ path, label, queued, onQueued }: { path: string; label: string; queued: string; onQueued: (queryClient: QueryClient) => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: async () => (await apiFetch<unknown>(path, { method: 'POST' })).data,
    onSuccess: () => {
      toast.success('Redelivery queued', queued);
      onQueued(queryClient);
    },
    onError: (error) => toast.error('Redelivery failed', errorMessage(error)),
  });
  return (
    <Button variant="secondary" size="sm" loading={mutation.isPending} onClick={() => mutation.mutate()} aria-label={label}>
      Redeliver
    </Button>
  );
}
