'use client';
/**
 * "Send a new link" on a mailbox entry: the entry shows its one-time link masked (only the
 * recipient gets it), so this is how a staging reader gets a recipient a working one. It revokes
 * the current link first, hence the confirmation.
 */
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';

/** What the page's server action (app/(dashboard)/mailbox/actions.ts) answers. */
export type ResendResult = { ok: true; link: 'invitation' | 'pass' } | { ok: false; error: string };
export type ResendAction = (id: string) => Promise<ResendResult>;

const WORDS = {
  invitation: { button: 'Resend invitation', confirm: 'The current invitation link stops working; a new one is e-mailed to the invitee.', done: 'New invitation sent' },
  pass: { button: 'Reissue pass', confirm: 'The current pass link stops working; a new one goes to the participant.', done: 'Pass reissued' },
} as const;

export function MailboxResend({ id, link, resend }: { id: string; link: 'invitation' | 'pass'; resend: ResendAction }) {
  const router = useRouter();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const words = WORDS[link];
  const mutation = useMutation({
    mutationFn: () => resend(id),
    onSuccess: (result) => {
      if (!result.ok) return toast.error('No new link was sent', result.error);
      toast.success(words.done, 'The previous link no longer works; the new one appears here once sent.');
      setConfirming(false);
      router.refresh();
    },
    onError: (error) => toast.error('No new link was sent', error instanceof Error ? error.message : undefined),
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
