'use client';
/**
 * The create-order form. Its schema is the API's own `CreateOrderBody` (react-hook-form + zod
 * resolver); the only rules added here are the ones that depend on the chosen package and agency,
 * from the same shared constants the server uses. Whatever the server still refuses comes back
 * with `source.pointer` and lands on the field it names.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { get, useForm, useWatch, type FieldPath, type RegisterOptions } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { ApiError, apiFetch, apiGet, errorMessage, queryKeys, type ApiErrorEntry, type Page } from '@/components/ui/api';
import { Badge } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import {
  CreateOrderBody,
  FREE_TEXT_REASON_SERVICE_TYPES,
  JOB_CATEGORY_AGENCIES,
  OTHER_TEST_REASONS,
  TEST_REASONS,
} from '@/lib/domain/orders/schemas';
import type { Order } from './orders-api';
import { humanize } from './status';

type FormInput = z.input<typeof CreateOrderBody>;
type FormOutput = z.output<typeof CreateOrderBody>;
type Name = FieldPath<FormInput>;

export interface LocationChoice {
  id: string;
  name: string;
  companyId: string;
  companyName: string;
  city: string | null;
  state: string | null;
  postalCode: string | null;
}
export interface AgencyChoice {
  id: string;
  code: string;
  name: string;
  jobCategories: Array<{ id: string; name: string }>;
}

interface PackageService {
  id: string;
  name: string;
  type: string;
}
interface PackageRep {
  id: string;
  name: string;
  isDot: boolean;
  location: { id: string } | null;
  services: PackageService[];
}
interface ServiceRep {
  id: string;
  name: string;
  type: string;
  isDot: boolean;
  attributes: { category: string | null; type: string | null } | null;
}
interface ClinicRep {
  id: string;
  name: string;
  address: { line1: string | null; city: string | null; state: string | null; postalCode: string | null } | null;
  distance?: { miles: number };
}

/** `/participant/email` -> `participant.email`; `/agency` -> `agency.id` (the control's name). */
export function pointerToField(pointer: string, known: ReadonlySet<string>): string | null {
  const path = pointer
    .replace(/^\//, '')
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
  if (!path) return null;
  if (known.has(path)) return path;
  // References (`{ "id": ... }`) are one control each: `/agency/id` -> `agency`.
  if (path.endsWith('.id') && known.has(path.slice(0, -3))) return path.slice(0, -3);
  // A member with sub-fields (e.g. `participant.address`): show it on the group.
  return [...known].some((k) => k.startsWith(`${path}.`)) ? path : null;
}

const FIELDS = new Set<string>([
  'location', 'package', 'agency', 'jobCategory', 'testReason', 'otherTestReason',
  'participant.firstName', 'participant.middleName', 'participant.lastName', 'participant.birthDate', 'participant.email', 'participant.phone',
  'participant.address.line1', 'participant.address.line2', 'participant.address.city', 'participant.address.state', 'participant.address.postalCode', 'participant.address.country',
  'deliveryMethods.0.type', 'deliveryMethods', 'settings.schedule.strategy', 'settings.schedule.clinic.id', 'settings.expiresAt', 'settings.observedCollection', 'settings.notes',
  'requester.email', 'requester.name', 'requester.phone', 'callback', 'callback.url',
]);

/** Empty inputs are absent members, not empty strings. */
const optional = { setValueAs: (v: unknown) => (v === '' || v === null ? undefined : v) } satisfies RegisterOptions;
/** A select of ids is a reference `{ "id": ... }`, or absent when nothing is chosen. */
const reference = { setValueAs: (v: unknown) => (typeof v === 'string' && v !== '' ? { id: v } : undefined) } satisfies RegisterOptions;
/** The callback member `{ "url": ... }`, absent when the input is empty. */
const callbackUrl = { setValueAs: (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? { url: v.trim() } : undefined) } satisfies RegisterOptions;

/** zod's wording for a missing value, in plain words. */
function plainMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (/received (undefined|null)$/.test(message) || /^Too small: expected string to have >=1 characters?$/.test(message)) return 'Required.';
  if (message.startsWith('Invalid option')) return 'Choose one of the options.';
  return message;
}

async function allPages<T>(path: string, query: Record<string, string>, signal?: AbortSignal): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= 50; page++) {
    const result = await apiGet<Page<T>>(path, { ...query, page, limit: 20 }, signal);
    items.push(...result.data);
    if (result.data.length === 0 || items.length >= result.total) break;
  }
  return items;
}

function Section({ title, description, children, id }: { title: string; description?: ReactNode; children: ReactNode; id: string }) {
  return (
    <Card aria-labelledby={id}>
      <CardHeader id={id} title={title} description={description} />
      <CardBody className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</CardBody>
    </Card>
  );
}

function RadioCards<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  error,
}: {
  name: string;
  legend: string;
  options: Array<{ value: T; label: string; hint: string }>;
  value: T | undefined;
  onChange: (value: T) => void;
  error?: string;
}) {
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{legend}</legend>
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex cursor-pointer flex-col rounded-lg border px-3 py-2.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
              value === o.value
                ? 'border-brand-500 bg-brand-50 dark:border-brand-400 dark:bg-brand-500/10'
                : 'border-slate-300 hover:border-slate-400 dark:border-slate-700 dark:hover:border-slate-500',
            )}
          >
            <span className="flex items-center gap-2 font-medium text-slate-900 dark:text-white">
              <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} className="accent-brand-600" />
              {o.label}
            </span>
            <span className="mt-0.5 pl-5 text-xs text-slate-600 dark:text-slate-300">{o.hint}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${name}-error`} role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function CreateOrderForm({
  locations,
  agencies,
  requester,
  canSearchClinics,
}: {
  locations: LocationChoice[];
  agencies: AgencyChoice[];
  requester: { email: string; name: string | null };
  canSearchClinics: boolean;
}) {
  const router = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [formErrors, setFormErrors] = useState<ApiErrorEntry[]>([]);
  const [matched, setMatched] = useState<Order | null>(null);
  const [withAddress, setWithAddress] = useState(false);
  const [clinicIdByHand, setClinicIdByHand] = useState(false);
  const errorSummary = useRef<HTMLDivElement>(null);

  // Facts about the chosen package and agency, which decide the conditional fields.
  const [facts, setFacts] = useState({ hasDot: false, dotUrine: false, freeTextReason: false, agencyCode: '' });
  const schema = useMemo(
    () =>
      CreateOrderBody.superRefine((body, ctx) => {
        if (facts.hasDot && !body.agency)
          ctx.addIssue({ code: 'custom', path: ['agency'], message: 'Choose the agency: the package includes a DOT service.' });
        if (facts.dotUrine && (JOB_CATEGORY_AGENCIES as readonly string[]).includes(facts.agencyCode) && !body.jobCategory)
          ctx.addIssue({ code: 'custom', path: ['jobCategory'], message: `Choose the job category: the package includes a DOT urine test under ${facts.agencyCode}.` });
        if (body.testReason === 'other' && body.otherTestReason === undefined)
          ctx.addIssue({ code: 'custom', path: ['otherTestReason'], message: 'Say what the other test reason is.' });
      }),
    [facts],
  );

  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    shouldUnregister: true,
    mode: 'onTouched',
    defaultValues: {
      deliveryMethods: [{ type: 'email' }],
      settings: { schedule: { strategy: 'participantChoice' } },
      requester: { email: requester.email, name: requester.name ?? undefined },
    },
  });
  const { register, control, setValue, formState } = form;
  const errors = formState.errors;
  const err = (name: string): string | undefined =>
    plainMessage((get(errors, name) as { message?: string } | undefined)?.message ?? (get(errors, `${name}.root`) as { message?: string } | undefined)?.message);

  const [locationRef, packageRef, agencyRef, testReason, delivery, strategy, postalCode] = useWatch({
    control,
    name: ['location', 'package', 'agency', 'testReason', 'deliveryMethods.0.type', 'settings.schedule.strategy', 'participant.address.postalCode'],
  });
  const locationId = (locationRef as { id?: string } | undefined)?.id;
  const packageId = (packageRef as { id?: string } | undefined)?.id;
  const agencyId = (agencyRef as { id?: string } | undefined)?.id;
  const location = locations.find((l) => l.id === locationId);

  const packagesQuery = useQuery({
    queryKey: queryKeys.packages.list({ locationId, all: true }),
    queryFn: ({ signal }) => allPages<PackageRep>('/api/v2/packages', { locationId: locationId! }, signal),
    enabled: Boolean(locationId),
  });
  const pkg = packagesQuery.data?.find((p) => p.id === packageId);

  // The package lists its services without attributes: read each service for isDot and specimen type.
  const serviceQueries = useQueries({
    queries: (pkg?.services ?? []).map((s) => ({
      queryKey: queryKeys.services.detail(s.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<ServiceRep>(`/api/v2/services/${encodeURIComponent(s.id)}`, undefined, signal),
      staleTime: 5 * 60_000,
    })),
  });
  const services = serviceQueries.map((q) => q.data).filter((s): s is ServiceRep => Boolean(s));
  const servicesLoading = serviceQueries.some((q) => q.isPending);
  const agency = agencies.find((a) => a.id === agencyId);
  const nextFacts = {
    hasDot: Boolean(pkg?.isDot),
    dotUrine: services.some((s) => s.isDot && s.attributes?.type === 'urine'),
    freeTextReason: services.some((s) => s.isDot && (FREE_TEXT_REASON_SERVICE_TYPES as readonly string[]).includes(s.type)),
    agencyCode: agency?.code ?? '',
  };
  if (JSON.stringify(nextFacts) !== JSON.stringify(facts)) setFacts(nextFacts);
  const showJobCategory = facts.hasDot && (JOB_CATEGORY_AGENCIES as readonly string[]).includes(facts.agencyCode);

  // Clinic picker: clinics near the participant (or the location) offering every service of the package.
  const near = (postalCode && /^\d{5}$/.test(postalCode) ? postalCode : null) ?? (location?.postalCode && /^\d{5}/.test(location.postalCode) ? location.postalCode.slice(0, 5) : null);
  const clinicFilters = { near, packageId, limit: 10 };
  const clinicsQuery = useQuery({
    queryKey: queryKeys.clinics.search(clinicFilters),
    queryFn: ({ signal }) => apiGet<Page<ClinicRep>>('/api/v2/clinics', { near: near!, packageId: packageId!, limit: 10 }, signal),
    enabled: canSearchClinics && strategy === 'clinic' && Boolean(near && packageId) && !clinicIdByHand,
  });
  const clinicSearchUnavailable = !canSearchClinics || (clinicsQuery.isError && clinicsQuery.error instanceof ApiError && clinicsQuery.error.status !== 400) || !near;

  const mutation = useMutation({
    mutationFn: async (body: FormOutput) =>
      apiFetch<Order>('/api/v2/orders', { method: 'POST', body, headers: { 'Idempotency-Key': crypto.randomUUID() } }),
    onSuccess: ({ status, data }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      if (status === 200 && (data as Order & { matched?: unknown }).matched) {
        setMatched(data);
        toast.show({ title: 'An equivalent order already exists', description: `Order ${data.code} was returned instead of a new one.` });
        requestAnimationFrame(() => errorSummary.current?.focus());
        return;
      }
      toast.success(`Order ${data.code} created`);
      router.push(`/orders/${data.id}`);
    },
    onError: (error) => {
      const unplaced: ApiErrorEntry[] = [];
      let first: string | null = null;
      const entries = error instanceof ApiError ? error.entries : [{ code: 'internalError', detail: errorMessage(error) }];
      for (const entry of entries) {
        const field = entry.source?.pointer !== undefined ? pointerToField(entry.source.pointer, FIELDS) : null;
        if (field) {
          form.setError(field as Name, { type: 'server', message: entry.detail });
          first ??= field;
        } else unplaced.push(entry);
      }
      setFormErrors(unplaced);
      if (first && !unplaced.length) form.setFocus(first as Name);
      else requestAnimationFrame(() => errorSummary.current?.focus());
    },
  });

  const onSubmit = form.handleSubmit(
    (body) => {
      setFormErrors([]);
      setMatched(null);
      mutation.mutate(body);
    },
    () => setFormErrors([]),
  );

  const groupedLocations = useMemo(() => {
    const groups = new Map<string, { name: string; items: LocationChoice[] }>();
    for (const l of locations) {
      const group = groups.get(l.companyId) ?? { name: l.companyName, items: [] };
      group.items.push(l);
      groups.set(l.companyId, group);
    }
    return [...groups.values()];
  }, [locations]);

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-label="New order">
      <div ref={errorSummary} tabIndex={-1} className="outline-none">
        {matched ? (
          <Alert tone="info" title="An equivalent open order already exists" role="status">
            <p>
              The service returned order{' '}
              <Link href={`/orders/${matched.id}`} className="font-mono font-semibold underline" data-testid="matched-order-link">
                {matched.code}
              </Link>{' '}
              instead of creating a new one
              {(matched as Order & { matched?: { score: number; originalSource: string } }).matched
                ? ` (match score ${(matched as Order & { matched: { score: number } }).matched.score}, created via ${(matched as Order & { matched: { originalSource: string } }).matched.originalSource})`
                : ''}
              .
            </p>
          </Alert>
        ) : null}
        {formErrors.length ? (
          <Alert tone="danger" title="The order was not created">
            <ul className="list-disc pl-5">
              {formErrors.map((e, i) => (
                <li key={i}>{e.detail}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
      </div>

      <Section id="what-title" title="Location and package" description="Where the order is placed, and which tests it orders.">
        <Field label="Location" htmlFor="location" required error={err('location')} className="sm:col-span-2">
          <Select id="location" invalid={Boolean(err('location'))} {...register('location', reference)} aria-describedby={err('location') ? 'location-error' : undefined}>
            <option value="">Choose a location…</option>
            {groupedLocations.map((g) => (
              <optgroup key={g.name} label={g.name}>
                {g.items.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                    {l.city ? ` — ${l.city}, ${l.state ?? ''}` : ''}
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
        </Field>
        <Field
          label="Package"
          htmlFor="package"
          required
          error={err('package')}
          hint={!locationId ? 'Choose a location first: it decides the packages available.' : undefined}
          className="sm:col-span-2"
        >
          {packagesQuery.isFetching && !packagesQuery.data ? (
            <Skeleton className="h-9 w-full" />
          ) : (
            <Select id="package" disabled={!locationId} invalid={Boolean(err('package'))} {...register('package', reference)}>
              <option value="">{locationId ? (packagesQuery.data?.length === 0 ? 'No package is available here' : 'Choose a package…') : '—'}</option>
              {packagesQuery.data?.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                  {p.isDot ? ' (DOT)' : ''}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {pkg ? (
          <div className="sm:col-span-2">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">Services in this package</p>
            <ul className="mt-2 flex flex-wrap gap-2" data-testid="package-services">
              {pkg.services.map((s) => {
                const detail = services.find((d) => d.id === s.id);
                return (
                  <li key={s.id} className="flex items-center gap-1.5 rounded-lg border border-slate-200 px-2.5 py-1.5 text-sm dark:border-slate-700">
                    {s.name}
                    {detail?.isDot ? <Badge tone="brand">DOT</Badge> : null}
                    {detail?.attributes?.type ? <Badge tone="neutral">{humanize(detail.attributes.type)}</Badge> : null}
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}
        {facts.hasDot ? (
          <Field label="Agency" htmlFor="agency" required error={err('agency')} hint="The package includes a DOT-regulated test.">
            <Select id="agency" invalid={Boolean(err('agency'))} {...register('agency', reference)}>
              <option value="">Choose the agency…</option>
              {agencies.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.code} — {a.name}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        {showJobCategory && agency ? (
          <Field
            label="Job category"
            htmlFor="job-category"
            required={facts.dotUrine}
            error={err('jobCategory')}
            hint={facts.dotUrine ? `Required for a DOT urine test under ${agency.code}.` : `Optional under ${agency.code} for this package.`}
          >
            <Select id="job-category" invalid={Boolean(err('jobCategory'))} {...register('jobCategory', reference)}>
              <option value="">Choose the job category…</option>
              {agency.jobCategories.map((j) => (
                <option key={j.id} value={j.id}>
                  {j.name}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        {pkg && servicesLoading ? <p className="text-xs text-slate-500 sm:col-span-2">Reading the package&apos;s services…</p> : null}
      </Section>

      <Section id="reason-title" title="Reason for testing">
        <Field label="Test reason" htmlFor="test-reason" required error={err('testReason')}>
          <Select id="test-reason" invalid={Boolean(err('testReason'))} {...register('testReason', optional)}>
            <option value="">Choose a reason…</option>
            {TEST_REASONS.map((r) => (
              <option key={r} value={r}>
                {humanize(r)}
              </option>
            ))}
          </Select>
        </Field>
        {testReason === 'other' ? (
          facts.freeTextReason ? (
            <Field label="Other test reason" htmlFor="other-test-reason" required error={err('otherTestReason')} hint="Free text, up to 30 characters (the package has a DOT drug, alcohol or occupational-health test).">
              <Input id="other-test-reason" maxLength={30} invalid={Boolean(err('otherTestReason'))} {...register('otherTestReason', optional)} />
            </Field>
          ) : (
            <Field label="Other test reason" htmlFor="other-test-reason" required error={err('otherTestReason')}>
              <Select id="other-test-reason" invalid={Boolean(err('otherTestReason'))} {...register('otherTestReason', optional)}>
                <option value="">Choose…</option>
                {OTHER_TEST_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {humanize(r)}
                  </option>
                ))}
              </Select>
            </Field>
          )
        ) : null}
      </Section>

      <Section id="participant-title" title="Participant" description="The person to be tested.">
        <Field label="First name" htmlFor="first-name" required error={err('participant.firstName')}>
          <Input id="first-name" autoComplete="off" invalid={Boolean(err('participant.firstName'))} {...register('participant.firstName')} />
        </Field>
        <Field label="Last name" htmlFor="last-name" required error={err('participant.lastName')}>
          <Input id="last-name" autoComplete="off" invalid={Boolean(err('participant.lastName'))} {...register('participant.lastName')} />
        </Field>
        <Field label="Middle name" htmlFor="middle-name" error={err('participant.middleName')}>
          <Input id="middle-name" autoComplete="off" {...register('participant.middleName', optional)} />
        </Field>
        <Field label="Date of birth" htmlFor="birth-date" error={err('participant.birthDate')}>
          <Input id="birth-date" type="date" invalid={Boolean(err('participant.birthDate'))} {...register('participant.birthDate', optional)} />
        </Field>
        <Field label="E-mail" htmlFor="participant-email" required={delivery === 'email'} error={err('participant.email')}>
          <Input id="participant-email" type="email" autoComplete="off" invalid={Boolean(err('participant.email'))} {...register('participant.email', optional)} />
        </Field>
        <Field label="Mobile phone" htmlFor="participant-phone" required={delivery === 'sms'} error={err('participant.phone')} hint="E.164, e.g. +15555550123">
          <Input id="participant-phone" type="tel" autoComplete="off" invalid={Boolean(err('participant.phone'))} {...register('participant.phone', optional)} />
        </Field>
        <div className="sm:col-span-2">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-200">
            <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={withAddress || strategy === 'nearestClinic'} disabled={strategy === 'nearestClinic'} onChange={(e) => setWithAddress(e.target.checked)} />
            Add the participant&apos;s address
            {strategy === 'nearestClinic' ? <span className="text-xs font-normal text-slate-500">(needed for the nearest clinic)</span> : null}
          </label>
          {err('participant.address') ? (
            <p role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
              {err('participant.address')}
            </p>
          ) : null}
        </div>
        {withAddress || strategy === 'nearestClinic' ? (
          <>
            <Field label="Address line 1" htmlFor="address-line1" required error={err('participant.address.line1')} className="sm:col-span-2">
              <Input id="address-line1" autoComplete="off" invalid={Boolean(err('participant.address.line1'))} {...register('participant.address.line1')} />
            </Field>
            <Field label="Address line 2" htmlFor="address-line2" error={err('participant.address.line2')} className="sm:col-span-2">
              <Input id="address-line2" autoComplete="off" {...register('participant.address.line2', optional)} />
            </Field>
            <Field label="City" htmlFor="address-city" required error={err('participant.address.city')}>
              <Input id="address-city" autoComplete="off" invalid={Boolean(err('participant.address.city'))} {...register('participant.address.city')} />
            </Field>
            <Field label="State" htmlFor="address-state" required error={err('participant.address.state')}>
              <Input id="address-state" autoComplete="off" placeholder="TX" invalid={Boolean(err('participant.address.state'))} {...register('participant.address.state')} />
            </Field>
            <Field label="ZIP code" htmlFor="address-postal-code" required error={err('participant.address.postalCode')}>
              <Input id="address-postal-code" autoComplete="off" inputMode="numeric" invalid={Boolean(err('participant.address.postalCode'))} {...register('participant.address.postalCode')} />
            </Field>
            <Field label="Country" htmlFor="address-country" required error={err('participant.address.country')} hint="ISO code, e.g. US">
              <Input id="address-country" autoComplete="off" defaultValue="US" invalid={Boolean(err('participant.address.country'))} {...register('participant.address.country')} />
            </Field>
          </>
        ) : null}
      </Section>

      <Section id="delivery-title" title="Delivery and scheduling" description="How the participant receives the order, and where they are tested.">
        <RadioCards
          name="delivery-method"
          legend="Delivery method"
          value={delivery}
          error={err('deliveryMethods.0.type') ?? err('deliveryMethods')}
          onChange={(v) => setValue('deliveryMethods.0.type', v, { shouldValidate: formState.isSubmitted })}
          options={[
            { value: 'email', label: 'E-mail', hint: 'A link to the participant’s e-mail.' },
            { value: 'sms', label: 'Text message', hint: 'A link to the participant’s mobile phone.' },
            { value: 'none', label: 'Hand over', hint: 'You give the order to the participant.' },
          ]}
        />
        <input type="hidden" {...register('deliveryMethods.0.type')} />
        <RadioCards
          name="schedule-strategy"
          legend="Collection site"
          value={strategy}
          error={err('settings.schedule.strategy')}
          onChange={(v) => setValue('settings.schedule.strategy', v, { shouldValidate: formState.isSubmitted })}
          options={[
            { value: 'participantChoice', label: 'Participant chooses', hint: 'They pick a clinic themselves.' },
            { value: 'nearestClinic', label: 'Nearest clinic', hint: 'The closest clinic to their address.' },
            { value: 'clinic', label: 'A specific clinic', hint: 'You choose the clinic now.' },
          ]}
        />
        <input type="hidden" {...register('settings.schedule.strategy')} />
        {strategy === 'clinic' ? (
          <div className="sm:col-span-2">
            {!clinicSearchUnavailable && !clinicIdByHand ? (
              <fieldset aria-describedby={err('settings.schedule.clinic.id') ? 'clinic-error' : 'clinic-hint'}>
                <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">
                  Clinic <span className="text-red-600" aria-hidden="true">*</span>
                </legend>
                <p id="clinic-hint" className="text-xs text-slate-500 dark:text-slate-400">
                  Clinics near {postalCode && /^\d{5}$/.test(postalCode) ? `the participant (${near})` : `the location (${near})`} offering every service of the package, nearest first.
                  {!packageId ? ' Choose a package first.' : ''}
                </p>
                {clinicsQuery.isFetching ? (
                  <div className="mt-2 flex flex-col gap-2">
                    <Skeleton className="h-12 w-full" />
                    <Skeleton className="h-12 w-full" />
                  </div>
                ) : clinicsQuery.data?.data.length === 0 ? (
                  <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">No clinic within 25 miles offers every service of this package.</p>
                ) : (
                  <div className="mt-2 grid max-h-72 grid-cols-1 gap-2 overflow-y-auto sm:grid-cols-2" data-testid="clinic-choices">
                    {clinicsQuery.data?.data.map((c) => (
                      <label key={c.id} className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 dark:border-slate-700 dark:has-[:checked]:bg-brand-500/10">
                        <input type="radio" value={c.id} className="mt-1 accent-brand-600" {...register('settings.schedule.clinic.id')} />
                        <span className="min-w-0">
                          <span className="block font-medium text-slate-900 dark:text-white">{c.name}</span>
                          <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                            {[c.address?.line1, c.address?.city].filter(Boolean).join(', ')}
                            {c.distance ? ` · ${c.distance.miles.toFixed(1)} mi` : ''}
                          </span>
                        </span>
                      </label>
                    ))}
                  </div>
                )}
                {err('settings.schedule.clinic.id') ? (
                  <p id="clinic-error" role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
                    {err('settings.schedule.clinic.id')}
                  </p>
                ) : null}
                <button type="button" className="mt-2 text-sm text-brand-700 underline-offset-2 hover:underline dark:text-brand-300" onClick={() => setClinicIdByHand(true)}>
                  Enter a clinic id instead
                </button>
              </fieldset>
            ) : (
              <Field label="Clinic id" htmlFor="clinic-id" required error={err('settings.schedule.clinic.id')} hint="The id of the clinic (from the clinic map or the API).">
                <Input id="clinic-id" autoComplete="off" className="font-mono" invalid={Boolean(err('settings.schedule.clinic.id'))} {...register('settings.schedule.clinic.id')} />
              </Field>
            )}
          </div>
        ) : null}
        <Field label="Expires" htmlFor="expires-at" error={err('settings.expiresAt')} hint="Default: 14 days after creation.">
          <Input
            id="expires-at"
            type="datetime-local"
            invalid={Boolean(err('settings.expiresAt'))}
            {...register('settings.expiresAt', { setValueAs: (v: string) => (v ? new Date(v).toISOString() : undefined) })}
          />
        </Field>
        <div className="flex items-end pb-2">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-200">
            <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('settings.observedCollection')} />
            Observed collection
          </label>
        </div>
        <Field label="Notes" htmlFor="notes" error={err('settings.notes')} className="sm:col-span-2">
          <Textarea id="notes" rows={3} maxLength={1000} {...register('settings.notes', optional)} />
        </Field>
      </Section>

      <Section id="requester-title" title="Requester" description="Who is placing the order.">
        <Field label="E-mail" htmlFor="requester-email" required error={err('requester.email')}>
          <Input id="requester-email" type="email" invalid={Boolean(err('requester.email'))} {...register('requester.email')} />
        </Field>
        <Field label="Name" htmlFor="requester-name" error={err('requester.name')}>
          <Input id="requester-name" {...register('requester.name', optional)} />
        </Field>
        <Field label="Phone" htmlFor="requester-phone" error={err('requester.phone')} hint="E.164, optional">
          <Input id="requester-phone" type="tel" invalid={Boolean(err('requester.phone'))} {...register('requester.phone', optional)} />
        </Field>
        <Field label="Callback URL" htmlFor="callback-url" error={err('callback.url') ?? err('callback')} hint="Optional: receives order.updated webhook events.">
          <Input
            id="callback-url"
            type="url"
            placeholder="https://example.com/webhooks"
            invalid={Boolean(err('callback.url') ?? err('callback'))}
            {...register('callback', callbackUrl)}
          />
        </Field>
      </Section>

      <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-end gap-3 border-t border-slate-200 bg-slate-50/90 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8 dark:border-slate-800 dark:bg-slate-950/90">
        <ButtonLink href="/orders" variant="secondary">
          Cancel
        </ButtonLink>
        <Button type="submit" loading={mutation.isPending}>
          Create order
        </Button>
      </div>
    </form>
  );
}
