'use client';
/**
 * "Send a new link" on a mailbox entry: the entry shows its one-time link masked (only the
 * recipient gets it), so this is how a staging reader gets a recipient a working one, through the
 * operation that sends it: a pass is reissued (POST /api/v2/orders/{id}/pass), an invitation sent
 * again (POST /api/v2/users/{id}/invitation). It revokes the current link first, hence the
 * confirmation.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { apiFetch, errorMessage, queryKeys } from '@/components/ui/api';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';

/** What the link is for: the order whose pass it is, or the invited user. */
export type ResendTarget = { link: 'pass'; orderId: string } | { link: 'invitation'; userId: string };

const WORDS = {
  invitation: { button: 'Resend invitation', confirm: 'The current invitation link stops working; a new one is e-mailed to the invitee.', done: 'New invitation sent' },
  pass: { button: 'Reissue pass', confirm: 'The current pass link stops working; a new one goes to the participant.', done: 'Pass reissued' },
} as const;

const requestOf = (target: ResendTarget) =>
  target.link === 'pass' ? `/api/v2/orders/${encodeURIComponent(target.orderId)}/pass` : `/api/v2/users/${encodeURIComponent(target.userId)}/invitation`;

export function MailboxResend({ target }: { target: ResendTarget }) {
  const router = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const words = WORDS[target.link];
  const mutation = useMutation({
    mutationFn: async () => (await apiFetch(requestOf(target), { method: 'POST', body: {} })).data,
    onSuccess: () => {
      if (target.link === 'pass') void queryClient.invalidateQueries({ queryKey: queryKeys.orders.detail(target.orderId) });
      toast.success(words.done, 'The previous link no longer works; the new one appears here once sent.');
      setConfirming(false);
      router.refresh();
    },
    onError: (error) => toast.error('No new link was sent', errorMessage(error)),
  });
  if (!confirming)
    return (
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)} data-testid="mailbox-resend">
        {words.button}
      </Button>
    );
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={words.button}>
      <span className="text-sm text-slate-600 dark:text-slate-300">{words.confirm}</span>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
        Cancel
      </Button>
      <Button size="sm" onClick={() => mutation.mutate()} loading={mutation.isPending} data-testid="mailbox-resend-confirm">
        {words.button}
      </Button>
    </div>
  );
}
