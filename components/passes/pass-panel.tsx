'use client';
/**
 * The order page's pass panel (DESIGN.md 6.1): the participant's link with a copy button, when it
 * was first opened, how it reached the participant (its message as it stands: queued, sent, or
 * failed and why; issue 29), "Print pass" (the way for delivery `none`) and
 * "Reissue" (confirm; POST /api/v2/orders/{id}/pass revokes the old link and sends the new one).
 * The link and the print are `order.update`'s, like the pass operation: a read-only role sees only
 * how the pass reaches the participant.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { explainError } from '@/components/messages/labels';
import { orderMessagesKey } from '@/components/messages/order-messages-panel';
import { apiFetch, apiGet, errorMessage, queryKeys, type Page } from '@/components/ui/api';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { DateTime } from '@/components/ui/date-time';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import type { Message, Order } from '@/lib/api/representations';
import { OPEN_ORDER_STATUSES } from '@/lib/domain/order-model/status';
import type { Pass } from '@/lib/domain/contract/representation';

const REFRESH_MS = 15_000;

export const passQueryKey = (orderId: string) => [...queryKeys.orders.detail(orderId), 'pass'] as const;

/** The newest message that carried the pass link (created or reissued), as the messages list shows it. */
export function passMessage(messages: readonly Message[] | undefined): Message | null {
  const carrying = (messages ?? []).filter((m) => m.template === 'orderCreated' || m.template === 'passReissued');
  return carrying.length ? carrying.reduce((newest, m) => (m.createdAt >= newest.createdAt ? m : newest)) : null;
}

/**
 * How the link reached the participant, as it stands (issue 29): the delivery method's words only
 * when its message has gone; queued or failed (and why) otherwise.
 */
function DeliveryState({ order }: { order: Order }) {
  const delivery = order.deliveryMethods[0]?.type ?? 'none';
  const messages = useQuery({
    queryKey: orderMessagesKey(order.id),
    queryFn: ({ signal }) => apiGet<Page<Message>>(`/api/v2/orders/${encodeURIComponent(order.id)}/messages`, { limit: 20 }, signal),
    refetchInterval: (q) => (q.state.data?.data.some((m) => m.status === 'queued' && m.attempts === 0) ? 3_000 : false),
    enabled: delivery !== 'none',
  });
  if (delivery === 'none') return <>{deliveryInWords(order)}</>;
  const how = delivery === 'sms' ? 'text message' : 'e-mail';
  const to = delivery === 'sms' ? order.participant.phone : order.participant.email;
  const toWords = to ? ` to ${to}` : '';
  const message = passMessage(messages.data?.data);
  if (messages.isPending) return <>Sending by {how}{toWords}…</>;
  if (!message) return <>{messages.isError ? `By ${how}${toWords}; its state could not be loaded.` : `No ${how} with the link has been queued${toWords}.`}</>;
  if (message.status === 'sent')
    return (
      <span data-testid="pass-delivery" data-status="sent">
        Sent by {how}{toWords} <DateTime iso={message.sentAt ?? message.createdAt} />, with reminders before it expires.
      </span>
    );
  if (message.status === 'queued')
    return (
      <span data-testid="pass-delivery" data-status="queued">
        {message.attempts > 0 ? `Not sent yet by ${how}${toWords}: retrying (${message.lastError ? explainError(message.lastError) : 'the provider did not answer'}).` : `Waiting to be sent by ${how}${toWords}.`}
      </span>
    );
  return (
    <span data-testid="pass-delivery" data-status="failed" className="text-red-700 dark:text-red-300">
      Not sent by {how}{toWords}. {message.lastError ? sentence(explainError(message.lastError).replace(/^Not sent: /, '')) : 'Print the pass and hand it over.'}
    </span>
  );
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** How the link reaches the participant, in words (the create form says the same). */
export function deliveryInWords(order: Pick<Order, 'deliveryMethods' | 'participant'>): string {
  switch (order.deliveryMethods[0]?.type) {
    case 'email':
      return `Sent by e-mail${order.participant.email ? ` to ${order.participant.email}` : ''}, with reminders before it expires.`;
    case 'sms':
      return `Sent by text message${order.participant.phone ? ` to ${order.participant.phone}` : ''}, with reminders before it expires.`;
    default:
      return 'Not sent to the participant: print the pass and hand it over.';
  }
}

export function isLive(status: string): boolean {
  return (OPEN_ORDER_STATUSES as readonly string[]).includes(status);
}

export function PassPanel({ order, canUpdate }: { order: Order; canUpdate: boolean }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const pass = useQuery({
    queryKey: passQueryKey(order.id),
    queryFn: ({ signal }) => apiGet<Pass>(`/api/v2/orders/${encodeURIComponent(order.id)}/pass`, undefined, signal),
    refetchInterval: REFRESH_MS,
    enabled: canUpdate,
  });
  const reissue = useMutation({
    mutationFn: async () => (await apiFetch<Pass>(`/api/v2/orders/${encodeURIComponent(order.id)}/pass`, { method: 'POST', body: {} })).data,
    onSuccess: (fresh) => {
      queryClient.setQueryData(passQueryKey(order.id), fresh);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.detail(order.id) });
      setConfirming(false);
      toast.success('Pass reissued', order.deliveryMethods[0]?.type === 'none' ? 'The old link no longer works. Print the new pass.' : 'The old link no longer works; the new one is on its way.');
      router.refresh(); // the audit trail is rendered on the server
    },
  });
  const delivery = order.deliveryMethods[0]?.type ?? 'none';
  const live = isLive(order.status);

  return (
    <Card aria-labelledby="pass-title" data-testid="pass-panel">
      <CardHeader id="pass-title" title="Participant pass" description={<DeliveryState order={order} />} />
      {canUpdate ? (
        <CardBody className="flex flex-col gap-4">
          {pass.isPending ? (
            <Skeleton className="h-9 w-full" />
          ) : pass.isError ? (
            <Alert tone="danger" title="The pass could not be loaded">
              {errorMessage(pass.error)}
            </Alert>
          ) : (
            <>
              <div className="flex flex-col gap-1.5">
                <label htmlFor="pass-link" className="text-sm font-medium text-slate-700 dark:text-slate-200">
                  Link
                </label>
                <div className="flex items-center gap-2">
                  <input
                    id="pass-link"
                    readOnly
                    value={pass.data.url}
                    data-testid="pass-link"
                    onFocus={(e) => e.currentTarget.select()}
                    className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-xs text-slate-800 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
                  />
                  <CopyButton value={pass.data.url} label="Copy link" />
                </div>
              </div>
              <dl className="grid grid-cols-2 gap-3 text-sm">
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">Opened</dt>
                  <dd data-testid="pass-opened" className="text-slate-900 dark:text-slate-100">
                    {pass.data.openedAt ? <DateTime iso={pass.data.openedAt} /> : 'Not opened yet'}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">Issued</dt>
                  <dd className="text-slate-900 dark:text-slate-100">
                    <DateTime iso={pass.data.createdAt} />
                  </dd>
                </div>
              </dl>
            </>
          )}
          <div className="flex flex-wrap gap-2">
            <ButtonLink href={`/orders/${encodeURIComponent(order.id)}/pass/print`} variant={delivery === 'none' ? 'primary' : 'secondary'} size="sm" prefetch={false}>
              Print pass
            </ButtonLink>
            {live ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  reissue.reset();
                  setConfirming(true);
                }}
              >
                Reissue
              </Button>
            ) : null}
          </div>
        </CardBody>
      ) : (
        <CardBody>
          <p data-testid="pass-not-shown" className="text-sm text-slate-600 dark:text-slate-300">
            The link and the printable pass are for roles that may change the order: whoever holds the link can act as the participant.
          </p>
        </CardBody>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Reissue the pass?"
        description={`The current link stops working: it will say that it was replaced. ${
          delivery === 'email' ? 'A new link is e-mailed to the participant.' : delivery === 'sms' ? 'A new link is texted to the participant.' : 'Print the new pass and hand it over.'
        }`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep current link
            </Button>
            <Button onClick={() => reissue.mutate()} loading={reissue.isPending} data-testid="confirm-reissue">
              Reissue pass
            </Button>
          </>
        }
      >
        {reissue.isError ? (
          <Alert tone="danger" title="The pass was not reissued">
            {errorMessage(reissue.error)}
          </Alert>
        ) : null}
      </Dialog>
    </Card>
  );
}
