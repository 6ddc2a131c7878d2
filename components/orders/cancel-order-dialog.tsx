'use client';
/**
 * Cancel an order: asks for the e-mail to record in the audit trail (prefilled with the user's),
 * calls PUT /api/v2/orders/{id}/cancellation, and explains a refusal (422) in words.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { ApiError, apiFetch, errorMessage, queryKeys } from '@/components/ui/api';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describedBy, Field, Input } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { CancelOrderBody } from '@/lib/domain/orders/schemas';
import type { Order } from './orders-api';

/** The form is the API's body with the audit e-mail required (the dialog always sends one). */
const CancelForm = CancelOrderBody.required({ cancelledBy: true });
type CancelForm = z.input<typeof CancelForm>;

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

export function CancelOrderDialog({ order, userEmail }: { order: Order; userEmail: string }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const router = useRouter();
  const toast = useToast();
  const form = useForm<CancelForm>({ resolver: zodResolver(CancelForm), defaultValues: { cancelledBy: { email: userEmail } } });
  const mutation = useMutation({
    mutationFn: async (body: CancelForm) =>
      (await apiFetch<Order>(`/api/v2/orders/${encodeURIComponent(order.id)}/cancellation`, { method: 'PUT', body })).data,
    onSuccess: (updated) => {
      // The cancellation response never carries identifiers: refetch the detail rather than replace it.
      queryClient.setQueryData<Order>(queryKeys.orders.detail(order.id), (old) => (old ? { ...updated, participant: { ...updated.participant, ...('identifiers' in old.participant ? { identifiers: old.participant.identifiers } : {}) } } : updated));
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.webhookDeliveries.all });
      toast.success(`Order ${order.code} cancelled`, 'The audit trail records the cancellation.');
      setOpen(false);
      router.refresh(); // the audit trail is rendered on the server
    },
  });
  const refusal = mutation.isError ? refusalInWords(mutation.error) : null;
  const emailError = form.formState.errors.cancelledBy?.email?.message;

  return (
    <>
      <Button
        variant="danger"
        onClick={() => {
          mutation.reset();
          form.reset({ cancelledBy: { email: userEmail } });
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
              Keep order
            </Button>
            <Button variant="danger" type="submit" form="cancel-order-form" loading={mutation.isPending}>
              Cancel order
            </Button>
          </>
        }
      >
        <form id="cancel-order-form" noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="flex flex-col gap-4">
          {refusal ? (
            <Alert tone="danger" title={refusal.title}>
              {refusal.detail}
            </Alert>
          ) : null}
          <Field
            label="Audit e-mail"
            htmlFor="cancelled-by-email"
            hint="Recorded in the audit trail as the person who cancelled."
            error={emailError ? 'Enter a valid e-mail address.' : undefined}
            required
          >
            <Input
              id="cancelled-by-email"
              type="email"
              autoComplete="email"
              invalid={Boolean(emailError)}
              aria-describedby={describedBy('cancelled-by-email', emailError, 'hint')}
              {...form.register('cancelledBy.email')}
            />
          </Field>
        </form>
      </Dialog>
    </>
  );
}
