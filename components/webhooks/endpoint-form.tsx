'use client';
/**
 * "Add endpoint" and "Edit" of an account webhook endpoint: URL, description, the event types of the
 * catalog (or all events) and the companies (or all). The form checks the body it makes with the
 * API's own schema (CreateWebhookEndpointBody, UpdateWebhookEndpointBody); what the server refuses
 * lands on the control its pointer names (`/url`, `/enabledEvents/0`, `/companies/0/id`), the rest
 * above the form.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { bodyResolver, ErrorSummary, errorAt, useSetupRequest } from '@/components/setup/form-kit';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describedBy, Field, Input, Textarea } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { CreateWebhookEndpointBody, UpdateWebhookEndpointBody } from '@/lib/domain/webhook-endpoints/schemas';
import { ALL_EVENTS, allEvents } from './endpoint-words';
import { endpointPath, endpointsPath, invalidateEndpoints, type CompanyChoice, type CreatedWebhookEndpoint, type Endpoint, type EventTypeChoice } from './endpoints-api';

interface EndpointValues {
  url: string;
  description: string;
  allEvents: boolean;
  events: string[];
  allCompanies: boolean;
  companyIds: string[];
}

/** The controls a server error's pointer may name (`/enabledEvents/2` lands on the events). */
const CONTROLS = ['url', 'description', 'enabledEvents', 'companies'] as const;

/** The body the API takes: blank description is left out on create and cleared (null) on change. */
const toBody = (blank: undefined | null) => (v: EndpointValues) => ({
  url: v.url.trim(),
  description: v.description.trim() || blank,
  enabledEvents: v.allEvents ? [ALL_EVENTS] : v.events,
  companies: v.allCompanies ? null : v.companyIds.map((id) => ({ id })),
});

type Body = z.output<typeof CreateWebhookEndpointBody> | z.output<typeof UpdateWebhookEndpointBody>;
const createResolver: Resolver<EndpointValues, unknown, Body> = bodyResolver(CreateWebhookEndpointBody, toBody(undefined));
const updateResolver: Resolver<EndpointValues, unknown, Body> = bodyResolver(UpdateWebhookEndpointBody, toBody(null));

const valuesOf = (endpoint: Endpoint | null): EndpointValues => ({
  url: endpoint?.url ?? '',
  description: endpoint?.description ?? '',
  allEvents: endpoint ? allEvents(endpoint) : true,
  events: endpoint && !allEvents(endpoint) ? endpoint.enabledEvents : [],
  allCompanies: endpoint ? endpoint.companies === null : true,
  companyIds: endpoint?.companies?.map((c) => c.id) ?? [],
});

/** "All …" and, unless it is checked, one checkbox per choice: a fieldset with its legend and error. */
function ChoiceFieldset({
  id,
  legend,
  allLabel,
  allName,
  listName,
  choices,
  mono = false,
  control,
  error,
  empty,
}: {
  id: string;
  legend: string;
  allLabel: string;
  allName: 'allEvents' | 'allCompanies';
  listName: 'events' | 'companyIds';
  choices: ReadonlyArray<{ value: string; label: string; hint?: string }>;
  /** Event types are code: set in the code face. */
  mono?: boolean;
  control: Control<EndpointValues, unknown, Body>;
  error?: string;
  empty: string;
}) {
  const all = useWatch({ control, name: allName });
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{legend}</legend>
      <Controller
        control={control}
        name={allName}
        render={({ field }) => (
          <label className="mt-2 flex items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} ref={field.ref} />
            {allLabel}
          </label>
        )}
      />
      {all ? null : choices.length ? (
        <Controller
          control={control}
          name={listName}
          render={({ field }) => (
            <div className="mt-2 grid grid-cols-1 gap-1 sm:grid-cols-2" id={`${id}-choices`}>
              {choices.map((c) => {
                const checked = field.value.includes(c.value);
                return (
                  <label key={c.value} className="flex items-start gap-2 rounded-md px-1 py-1 text-sm">
                    <input
                      type="checkbox"
                      className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
                      checked={checked}
                      onChange={() => field.onChange(checked ? field.value.filter((v) => v !== c.value) : [...field.value, c.value])}
                    />
                    <span className="min-w-0">
                      <span className={mono ? 'font-mono text-xs text-slate-900 dark:text-slate-100' : 'text-slate-900 dark:text-slate-100'}>{c.label}</span>
                      {c.hint ? <span className="block text-xs text-slate-500 dark:text-slate-400">{c.hint}</span> : null}
                    </span>
                  </label>
                );
              })}
            </div>
          )}
        />
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{empty}</p>
      )}
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Create (`endpoint` null) or change an endpoint, in a dialog; `onCreated` receives the answer with its secret. */
export function EndpointFormDialog(props: {
  open: boolean;
  endpoint: Endpoint | null;
  eventTypes: readonly EventTypeChoice[];
  companies: readonly CompanyChoice[];
  onClose: () => void;
  onCreated?: (created: CreatedWebhookEndpoint) => void;
}) {
  // Mounted while open: every opening starts from the endpoint's values.
  return props.open ? <EndpointForm key={props.endpoint?.id ?? 'new'} {...props} /> : null;
}

function EndpointForm({
  endpoint,
  eventTypes,
  companies,
  onClose,
  onCreated,
}: {
  endpoint: Endpoint | null;
  eventTypes: readonly EventTypeChoice[];
  companies: readonly CompanyChoice[];
  onClose: () => void;
  onCreated?: (created: CreatedWebhookEndpoint) => void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const form = useForm<EndpointValues, unknown, Body>({ resolver: endpoint ? updateResolver : createResolver, defaultValues: valuesOf(endpoint) });
  const { mutation, unplaced, summary } = useSetupRequest<EndpointValues, Body, CreatedWebhookEndpoint | Endpoint>({
    form,
    controls: CONTROLS,
    request: () => (endpoint ? { path: endpointPath(endpoint.id), method: 'PATCH' } : { path: endpointsPath, method: 'POST' }),
    onDone: (saved) => {
      void invalidateEndpoints(queryClient);
      onClose();
      if (!endpoint && 'secret' in saved) onCreated?.(saved);
      else toast.success('Endpoint saved', saved.url);
    },
  });
  const errors = form.formState.errors;
  const urlError = errorAt(errors, 'url');
  const descriptionError = errorAt(errors, 'description');
  const urlHint = 'https and a public host name; the events are POSTed to it.';
  // "Must have at least 1 item." says little here: the form names what to choose.
  const tooFew = (name: string) => (errors as Record<string, { type?: unknown } | undefined>)[name]?.type === 'too_small';
  const eventsError = tooFew('enabledEvents') ? 'Choose at least one event type, or All events.' : errorAt(errors, 'enabledEvents');
  const companiesError = tooFew('companies') ? 'Choose at least one company, or All companies.' : errorAt(errors, 'companies');
  const title = endpoint ? 'Edit endpoint' : 'Add endpoint';

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={endpoint ? endpoint.url : 'Where your system receives the events it chooses, signed with a secret of its own (Standard Webhooks).'}
      className="max-w-2xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="endpoint-form" loading={mutation.isPending}>
            {endpoint ? 'Save changes' : 'Add endpoint'}
          </Button>
        </>
      }
    >
      <form id="endpoint-form" aria-label={title} noValidate onSubmit={form.handleSubmit((body) => mutation.mutate(body))} className="flex max-h-[65vh] flex-col gap-4 overflow-y-auto px-0.5 pb-1">
        <ErrorSummary entries={unplaced} summaryRef={summary} />
        <Field label="URL" htmlFor="endpoint-url" required error={urlError} hint={urlHint}>
          <Input
            id="endpoint-url"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/webhooks"
            invalid={Boolean(urlError)}
            aria-required
            aria-describedby={describedBy('endpoint-url', urlError, urlHint)}
            {...form.register('url')}
          />
        </Field>
        <Field label="Description" htmlFor="endpoint-description" error={descriptionError}>
          <Textarea id="endpoint-description" rows={2} invalid={Boolean(descriptionError)} aria-describedby={describedBy('endpoint-description', descriptionError)} {...form.register('description')} />
        </Field>
        <ChoiceFieldset
          id="endpoint-events"
          legend="Events"
          allLabel="All events, including types added later"
          allName="allEvents"
          listName="events"
          choices={eventTypes.map((t) => ({ value: t.type, label: t.type, hint: t.summary }))}
          mono
          control={form.control}
          error={eventsError}
          empty="The catalog is empty."
        />
        <ChoiceFieldset
          id="endpoint-companies"
          legend="Companies"
          allLabel="All companies, present and future"
          allName="allCompanies"
          listName="companyIds"
          choices={companies.map((c) => ({ value: c.id, label: c.name }))}
          control={form.control}
          error={companiesError}
          empty="No companies yet: the endpoint receives the events of all of them."
        />
      </form>
    </Dialog>
  );
}
