'use client';
/**
 * Cancel an order: the audit identity is the signed-in user (shown, not editable: the API records
 * a session's user whatever e-mail comes with it), with an optional reason kept in the audit
 * trail; calls PUT /api/v2/orders/{id}/cancellation and explains a refusal (422) in words.
 *
 * The order is live (polled by OrderDetail): when it changes while the dialog is open so that it
 * can no longer be cancelled, the dialog says so and stops offering the action.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { plainResolver } from '@/components/ui/form-resolver';
import { ApiError, apiFetch, errorMessage, queryKeys } from '@/components/ui/api';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describedBy, Field, Textarea } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { CancelOrderBody } from '@/lib/domain/orders/schemas';
import type { Order } from './orders-api';

/** The dashboard sends the API's body without `cancelledBy`: the session's user is the identity. */
const CancelForm = CancelOrderBody.pick({ reason: true });
type CancelForm = z.input<typeof CancelForm>;
const REASON_MAX = 500;

/** Why the service refused, in words for the person at the screen. */
function refusalInWords(error: unknown): { title: string; detail: string } {
  if (error instanceof ApiError) {
    if (error.status === 422) {
      const detail = error.entries.map((e) => e.detail).join(' ');
      return { title: 'This order cannot be cancelled', detail };
    }
    if (error.status === 404) return { title: 'Order not found', detail: 'The order no longer exists or is outside your companies.' };
    if (error.status === 403) return { title: 'Not allowed', detail: 'Your role does not allow cancelling orders.' };
  }
  return { title: 'The order was not cancelled', detail: errorMessage(error) };
}

export function CancelOrderDialog({
  order,
  user,
  cancellable,
  notCancellableReason,
  onCancelled,
}: {
  order: Order;
  user: { email: string; name: string | null };
  /** From the latest read of the order. */
  cancellable: boolean;
  /** Why not, in words, when `cancellable` is false. */
  notCancellableReason: string | null;
  /** After a cancellation, once the dialog is closed (the page moves the focus). */
  onCancelled: (updated: Order) => void;
}) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const router = useRouter();
  const toast = useToast();
  const form = useForm<CancelForm>({ resolver: plainResolver(CancelForm), defaultValues: { reason: '' } });
  const mutation = useMutation({
    mutationFn: async (body: CancelForm) =>
      (await apiFetch<Order>(`/api/v2/orders/${encodeURIComponent(order.id)}/cancellation`, { method: 'PUT', body })).data,
    onSuccess: (updated) => {
      // The cancellation response never carries identifiers: keep the ones already shown.
      queryClient.setQueryData<Order>(queryKeys.orders.detail(order.id), (old) => (old ? { ...updated, participant: { ...updated.participant, ...('identifiers' in old.participant ? { identifiers: old.participant.identifiers } : {}) } } : updated));
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.webhookDeliveries.all });
      toast.success(`Order ${order.code} cancelled`, 'The audit trail records the cancellation.');
      setOpen(false);
      onCancelled(updated);
      router.refresh(); // the audit trail is rendered on the server
    },
  });
  const refusal = mutation.isError ? refusalInWords(mutation.error) : null;
  const reasonError = form.formState.errors.reason?.message;
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';
  const who = user.name ? `${user.name} (${user.email})` : user.email;
  // The order changed under the open dialog (or the refusal says it cannot be): no confirm button.
  const stale = open && !cancellable && !mutation.isSuccess;

  if (!cancellable && !open) return null;
  return (
    <>
      <Button
        variant="danger"
        disabled={!cancellable}
        onClick={() => {
          mutation.reset();
          form.reset({ reason: '' });
          setOpen(true);
        }}
      >
        Cancel order
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Cancel order ${order.code}?`}
        description="Every service except background checks is cancelled. The order is kept, with its history."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {stale ? 'Close' : 'Keep order'}
            </Button>
            {stale ? null : (
              <Button variant="danger" type="submit" form="cancel-order-form" loading={mutation.isPending}>
                Cancel order
              </Button>
            )}
          </>
        }
      >
        <form
          id="cancel-order-form"
          noValidate
          onSubmit={form.handleSubmit((values) => mutation.mutate(values.reason ? values : {}))}
          className="flex flex-col gap-4"
        >
          {stale ? (
            <Alert tone="warning" title="This order changed and can no longer be cancelled">
              {notCancellableReason}
            </Alert>
          ) : refusal ? (
            <Alert tone="danger" title={refusal.title}>
              {refusal.detail}
            </Alert>
          ) : null}
          <div className="flex flex-col gap-1">
            <p className="text-sm font-medium text-slate-700 dark:text-slate-200">Recorded as</p>
            <p className="text-sm text-slate-900 dark:text-slate-100" data-testid="cancel-audit-identity">
              {who}
            </p>
            <p className="text-xs text-slate-500 dark:text-slate-400">The audit trail names you, the signed-in user, as the person who cancelled.</p>
          </div>
          <Field
            label="Reason (optional)"
            htmlFor="cancel-reason"
            hint={`Kept in the audit trail. ${reason.length}/${REASON_MAX} characters.`}
            error={reasonError ? (reason.trim() === '' ? 'Enter a reason or leave the field empty.' : `Use at most ${REASON_MAX} characters.`) : undefined}
          >
            <Textarea
              id="cancel-reason"
              rows={3}
              maxLength={REASON_MAX}
              invalid={Boolean(reasonError)}
              aria-describedby={describedBy('cancel-reason', reasonError, 'hint')}
              {...form.register('reason', { setValueAs: (v: string) => (v.trim() === '' ? undefined : v) })}
            />
          </Field>
        </form>
      </Dialog>
    </>
  );
}
