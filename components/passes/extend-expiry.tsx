'use client';
/**
 * "Extend" next to an order's expiry: a date and time picker in a dialog, checked with the API's own
 * schema (ExtendExpirationBody) before PUT /api/v2/orders/{id}/expiration; the participant is told
 * by the delivery method. Later than the current expiry, at most 90 days after creation.
 */
import { plainResolver } from '@/components/ui/form-resolver';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { apiFetch, errorMessage, queryKeys } from '@/components/ui/api';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describedBy, Field, Input } from '@/components/ui/field';
import { useTimeZone } from '@/components/ui/time-zone';
import { useToast } from '@/components/ui/toast';
import type { Order } from '@/lib/api/representations';
import { ExtendExpirationBody, MAX_EXPIRY_DAYS } from '@/lib/domain/passes/schemas';
import { formatInstant, fromZonedInputValue, timeZoneLabel, toZonedInputValue } from '@/lib/format/time';
import { isLive } from './pass-panel';

const DAY = 86_400_000;

/** The datetime-local input's value is a wall time in the page's zone (the user's, named in the hint). */
function formSchema(current: number, latest: number, timeZone: string) {
  const when = (ms: number) => formatInstant(ms, timeZone);
  return z.object({
    expiresAt: z
      .string()
      .min(1, 'Pick a date and time.')
      .refine((local) => Number.isFinite(fromZonedInputValue(local, timeZone)), 'Pick a date and time.')
      .transform((local) => new Date(fromZonedInputValue(local, timeZone)).toISOString())
      .pipe(ExtendExpirationBody.shape.expiresAt)
      .refine((iso) => Date.parse(iso) > Math.max(current, Date.now()), `Pick a time after the current expiry (${when(current)}).`)
      .refine((iso) => Date.parse(iso) <= latest, `At most ${MAX_EXPIRY_DAYS} days after the order was created: ${when(latest)} at the latest.`),
  });
}

export function ExtendExpiry({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  /** When the dialog was opened: the earliest time offered. */
  const [openedAt, setOpenedAt] = useState(0);
  const queryClient = useQueryClient();
  const router = useRouter();
  const toast = useToast();
  const timeZone = useTimeZone();
  const localValue = (ms: number) => toZonedInputValue(ms, timeZone);
  const hint = `In ${timeZoneLabel(timeZone)}.`;
  const current = order.expiresAt ? Date.parse(order.expiresAt) : openedAt;
  const latest = Date.parse(order.createdAt) + MAX_EXPIRY_DAYS * DAY;
  const schema = formSchema(current, latest, timeZone);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: plainResolver(schema), defaultValues: { expiresAt: '' } });
  const mutation = useMutation({
    mutationFn: async (body: z.output<typeof schema>) =>
      (await apiFetch<Order>(`/api/v2/orders/${encodeURIComponent(order.id)}/expiration`, { method: 'PUT', body })).data,
    onSuccess: (updated) => {
      queryClient.setQueryData<Order>(queryKeys.orders.detail(order.id), (old) => (old ? { ...old, expiresAt: updated.expiresAt, updatedAt: updated.updatedAt } : updated));
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      setOpen(false);
      toast.success('Expiry extended', order.deliveryMethods[0]?.type === 'none' ? undefined : 'The participant is told the new date.');
      router.refresh();
    },
  });
  if (!isLive(order.status) || current >= latest) return null;
  const error = form.formState.errors.expiresAt?.message;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="-ml-2 mt-1"
        aria-label={`Extend the expiry of order ${order.code}`}
        onClick={() => {
          const now = Date.now();
          setOpenedAt(now);
          mutation.reset();
          form.reset({ expiresAt: localValue(Math.min(Math.max(current, now) + 7 * DAY, latest)) });
          setOpen(true);
        }}
      >
        Extend
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Extend order ${order.code}`}
        description={`Currently expires ${formatInstant(current, timeZone)}. The new time may be up to ${formatInstant(latest, timeZone)}.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" form="extend-expiry-form" loading={mutation.isPending}>
              Extend
            </Button>
          </>
        }
      >
        <form id="extend-expiry-form" noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="flex flex-col gap-4">
          {mutation.isError ? (
            <Alert tone="danger" title="The expiry was not extended">
              {errorMessage(mutation.error)}
            </Alert>
          ) : null}
          <Field label="New expiry" htmlFor="extend-expires-at" error={error} hint={hint}>
            <Input
              id="extend-expires-at"
              type="datetime-local"
              min={localValue(Math.max(current, openedAt) + 60_000)}
              max={localValue(latest)}
              invalid={Boolean(error)}
              aria-describedby={describedBy('extend-expires-at', error, hint)}
              {...form.register('expiresAt')}
            />
          </Field>
        </form>
      </Dialog>
    </>
  );
}
