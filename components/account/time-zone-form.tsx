'use client';
/**
 * The signed-in user's time zone (issue 29): a choice among the zones the browser knows, checked
 * with the operation's own body schema, then PUT /api/v2/me/timeZone; the pages re-render in it.
 */
import { plainResolver } from '@/components/ui/form-resolver';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useMemo, useSyncExternalStore } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { ApiError, apiFetch, errorMessage } from '@/components/ui/api';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Select } from '@/components/ui/field';
import { useTimeZone } from '@/components/ui/time-zone';
import { useToast } from '@/components/ui/toast';
import type { UserTimeZone } from '@/lib/domain/contract/management';
import { SetTimeZoneBody } from '@/lib/domain/users/time-zone-schemas';
import { timeZoneLabel } from '@/lib/format/time';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
const noZone = () => '';
const unsubscribed = () => () => undefined;

/** `zones`: the server's list (the same on both renders; the browser's own list may differ). */
export function TimeZoneForm({ known, zones }: { known: boolean; zones: string[] }) {
  const current = useTimeZone();
  const browser = useSyncExternalStore(unsubscribed, browserZone, noZone);
  const router = useRouter();
  const toast = useToast();
  const choices = useMemo(() => [...new Set([current, ...(browser ? [browser] : []), ...zones])].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b))), [current, browser, zones]);
  const form = useForm<z.input<typeof SetTimeZoneBody>, unknown, z.output<typeof SetTimeZoneBody>>({
    resolver: plainResolver(SetTimeZoneBody),
    values: { timeZone: current },
  });
  const mutation = useMutation({
    mutationFn: async (body: z.output<typeof SetTimeZoneBody>) => (await apiFetch<UserTimeZone>('/api/v2/me/timeZone', { method: 'PUT', body })).data,
    onSuccess: (saved) => {
      toast.success('Time zone saved', `Times are now shown in ${saved.label}.`);
      router.refresh();
    },
    onError: (error) => {
      const entry = error instanceof ApiError ? error.entries.find((e) => e.source?.pointer === '/timeZone') : undefined;
      if (entry) form.setError('timeZone', { type: 'server', message: entry.detail });
    },
  });
  const error = form.formState.errors.timeZone?.message;
  const hint = known ? `Now: ${timeZoneLabel(current)}.` : `Not chosen yet: times are shown in ${timeZoneLabel(current)} until you choose.`;
  return (
    <form noValidate className="flex max-w-xl flex-col gap-4" onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
      {mutation.isError && !error ? (
        <Alert tone="danger" title="The time zone was not saved">
          {errorMessage(mutation.error)}
        </Alert>
      ) : null}
      <Field label="Time zone" htmlFor="time-zone" error={error} hint={hint}>
        <Select id="time-zone" invalid={Boolean(error)} aria-describedby={describedBy('time-zone', error, hint)} {...form.register('timeZone')}>
          {choices.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </Select>
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={mutation.isPending}>
          Save time zone
        </Button>
        {browser && browser !== current ? (
          <Button type="button" variant="secondary" onClick={() => form.setValue('timeZone', browser, { shouldDirty: true })}>
            Use this browser&apos;s zone ({browser.replace(/_/g, ' ')})
          </Button>
        ) : null}
      </div>
    </form>
  );
}
