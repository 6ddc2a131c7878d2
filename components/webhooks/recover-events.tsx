'use client';
/**
 * "Recover": every event of a time range this endpoint subscribes to, sent again with its original
 * `webhook-id` (POST .../{id}/recovery `{ since, until }`, 202 with how many were queued). The
 * pickers are wall times in the user's zone, named in the hint; the default is the last 24 hours of
 * the tenant's clock (`now`, read by the page: a sandbox tenant's clock may be ahead), until now.
 * Events are kept 30 days: an older `since` comes back as an error at /since, shown on its picker.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { pointerToControl } from '@/components/setup/form-kit';
import { Alert } from '@/components/ui/alert';
import { ApiError, apiFetch, errorMessage } from '@/components/ui/api';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { describedBy, Field, Input } from '@/components/ui/field';
import { plainResolver } from '@/components/ui/form-resolver';
import { useTimeZone } from '@/components/ui/time-zone';
import { WebhookRecoveryBody } from '@/lib/domain/webhook-endpoints/schemas';
import { fromZonedInputValue, timeZoneLabel, toZonedInputValue } from '@/lib/format/time';
import { endpointPath, invalidateEndpoints, type WebhookRecovery } from './endpoints-api';

const DAY = 86_400_000;

/** The pickers' wall times in `timeZone`, as the body the API takes (its own schema); `until` may stay empty (now). */
function recoverySchema(timeZone: string) {
  const instant = (local: string) => fromZonedInputValue(local, timeZone);
  return z
    .object({
      since: z
        .string()
        .min(1, 'Pick a date and time.')
        .refine((local) => Number.isFinite(instant(local)), 'Pick a date and time.'),
      until: z.string().refine((local) => local === '' || Number.isFinite(instant(local)), 'Pick a date and time, or leave it empty for now.'),
    })
    .refine((v) => v.until === '' || instant(v.until) > instant(v.since), { message: 'Must be after "From".', path: ['until'] })
    .transform((v) => ({
      since: new Date(instant(v.since)).toISOString(),
      ...(v.until ? { until: new Date(instant(v.until)).toISOString() } : {}),
    }))
    .pipe(WebhookRecoveryBody);
}

type RecoveryInput = { since: string; until: string };

export function RecoverEvents({ endpointId, now, disabled }: { endpointId: string; /** The tenant's clock when the page was read. */ now: string; disabled: boolean }) {
  const queryClient = useQueryClient();
  const timeZone = useTimeZone();
  const [schema] = useState(() => recoverySchema(timeZone));
  // The last 24 hours of the tenant's clock, until now.
  const [defaultValues] = useState<RecoveryInput>(() => ({ since: toZonedInputValue(Date.parse(now) - DAY, timeZone), until: '' }));
  const form = useForm<RecoveryInput, unknown, z.output<typeof schema>>({ resolver: plainResolver(schema), defaultValues });
  const recover = useMutation({
    mutationFn: async (body: z.output<typeof schema>) => (await apiFetch<WebhookRecovery>(endpointPath(endpointId, '/recovery'), { method: 'POST', body })).data,
    onSuccess: () => void invalidateEndpoints(queryClient),
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      for (const entry of error.entries) {
        const control = entry.source?.pointer ? pointerToControl(entry.source.pointer, ['since', 'until']) : null;
        if (control) form.setError(control as keyof RecoveryInput, { type: 'server', message: entry.detail });
      }
    },
  });
  const errors = form.formState.errors;
  const placed = recover.error instanceof ApiError && recover.error.entries.every((e) => e.source?.pointer && pointerToControl(e.source.pointer, ['since', 'until']));
  const hint = `In ${timeZoneLabel(timeZone)}.`;
  const result = recover.data;

  return (
    <Card aria-labelledby="recover-title">
      <CardHeader id="recover-title" title="Recover" description="Send again every event of a period this endpoint subscribes to, with its original webhook-id (events are kept 30 days)." />
      <CardBody>
        <form noValidate aria-label="Recover events" className="flex flex-col gap-3" onSubmit={form.handleSubmit((body) => recover.mutate(body))}>
          {recover.isError && !placed ? (
            <Alert tone="danger" title="Nothing was recovered">
              {errorMessage(recover.error)}
            </Alert>
          ) : null}
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Field label="From" htmlFor="recover-since" required error={errors.since?.message} hint={hint}>
              <Input id="recover-since" type="datetime-local" invalid={Boolean(errors.since)} aria-describedby={describedBy('recover-since', errors.since?.message, hint)} {...form.register('since')} />
            </Field>
            <Field label="Until" htmlFor="recover-until" error={errors.until?.message} hint="Empty: until now.">
              <Input id="recover-until" type="datetime-local" invalid={Boolean(errors.until)} aria-describedby={describedBy('recover-until', errors.until?.message, 'Empty: until now.')} {...form.register('until')} />
            </Field>
          </div>
          {result ? (
            <p role="status" data-testid="recovery-result" className="text-sm text-slate-700 dark:text-slate-200">
              From <DateTime iso={result.since} /> to <DateTime iso={result.until} />:{' '}
              <strong data-testid="recovery-count">{result.events === 0 ? 'no event to send again' : `${result.events} event${result.events === 1 ? '' : 's'} queued to be sent again`}</strong>.
            </p>
          ) : null}
          {disabled ? <p className="text-sm text-slate-600 dark:text-slate-300">The endpoint is disabled: enable it first.</p> : null}
          <div className="flex justify-end">
            <Button type="submit" loading={recover.isPending} disabled={disabled}>
              Recover events
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
