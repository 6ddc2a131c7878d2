'use client';
/**
 * Create or change a package (POST /api/v2/packages, PATCH /api/v2/packages/{id}) in a dialog:
 * a name, the company and optionally one of its locations (create only), and 1 to 20 services
 * picked from the tenant's catalog, in the order picked. Beside the picker, how many clinics near a
 * location of the company offer every chosen service (GET /api/v2/locations/{id}/nearbyClinics).
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { NearbyClinics, Package } from '@/lib/api/representations';
import { CreatePackageBody, MAX_PACKAGE_SERVICES, UpdatePackageBody } from '@/lib/domain/packages/schemas';
import { apiGet, errorMessage } from '@/components/ui/api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Input, Select } from '@/components/ui/field';
import { plainWords } from '@/lib/domain/issue-words';
import { bodyResolver, ErrorSummary, errorAt, FormDialog, TextField, useResourceDialog } from './form-kit';

export interface CatalogService {
  id: string;
  name: string;
  type: string;
  isDot: boolean;
}
export interface LocationOption {
  id: string;
  name: string;
  companyId: string;
  postalCode: string | null;
}

interface PackageValues {
  name: string;
  company: { id: string };
  locationId: string;
  services: Array<{ id: string }>;
}

const CONTROLS = ['name', 'company', 'company.id', 'location', 'location.id', 'services'];

type Output = z.output<typeof UpdatePackageBody>;
const createResolver = bodyResolver<PackageValues, Output>(CreatePackageBody, (v) => ({
  name: v.name.trim(),
  company: v.company,
  ...(v.locationId ? { location: { id: v.locationId } } : {}),
  services: v.services,
}));
const updateResolver = bodyResolver<PackageValues, Output>(UpdatePackageBody, (v) => ({ name: v.name.trim(), services: v.services }));

export function PackageEditorDialog(
  props: {
    catalog: CatalogService[];
    locations: LocationOption[];
  } & (
    | { mode: 'create'; companies: Array<{ id: string; name: string }>; companyId?: string; /** Preset "Orderable at" (a location page's New package). */ locationId?: string }
    | { mode: 'edit'; pkg: Package }
  ),
) {
  const pkg = props.mode === 'edit' ? props.pkg : null;
  const companies = props.mode === 'create' ? props.companies : [];
  const form = useForm<PackageValues, unknown, Output>({
    resolver: pkg ? updateResolver : createResolver,
    defaultValues: {
      name: pkg?.name ?? '',
      company: { id: pkg?.company?.id ?? (props.mode === 'create' ? (props.companyId ?? companies[0]?.id ?? '') : '') },
      locationId: pkg?.location?.id ?? (props.mode === 'create' ? (props.locationId ?? '') : ''),
      services: pkg?.services.map((s) => ({ id: s.id })) ?? [],
    },
  });
  const { unplaced, summary, dialog } = useResourceDialog<PackageValues, Output, Package>({
    form,
    controls: CONTROLS,
    collection: '/api/v2/packages',
    existingId: pkg?.id,
    savedTitle: (saved, created) => `${saved.name} ${created ? 'created' : 'saved'}`,
    pageOf: (saved) => `/packages/${saved.id}`,
  });
  const idPrefix = pkg ? 'edit-package' : 'new-package';
  const [companyId, locationId, chosen] = useWatch({ control: form.control, name: ['company.id', 'locationId', 'services'] });
  const companyLocations = props.locations.filter((l) => l.companyId === companyId);
  const errors = form.formState.errors;
  const companyError = errorAt(errors, 'company.id') ?? errorAt(errors, 'company');
  const locationError = errorAt(errors, 'location.id') ?? errorAt(errors, 'location') ?? errorAt(errors, 'locationId');
  const servicesError = servicesMessage(errors.services);

  const setServices = (next: Array<{ id: string }>) => form.setValue('services', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  return (
    <FormDialog
      trigger={pkg ? 'Edit package' : 'New package'}
      triggerVariant={pkg ? 'secondary' : 'primary'}
      title={pkg ? `Edit ${pkg.name}` : 'New package'}
      description={pkg ? 'Orders already placed keep their services.' : 'The services an order names. A company package is orderable at all its locations.'}
      submitLabel={pkg ? 'Save changes' : 'Create package'}
      formLabel={pkg ? 'Edit package' : 'New package'}
      className="max-w-3xl"
      {...dialog}
    >
      <ErrorSummary entries={unplaced} summaryRef={summary} />
      <TextField form={form} idPrefix={idPrefix} name="name" label="Name" required />
      {pkg ? null : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label="Company" htmlFor={`${idPrefix}-company`} required error={companyError}>
            <Select
              id={`${idPrefix}-company`}
              invalid={Boolean(companyError)}
              aria-describedby={describedBy(`${idPrefix}-company`, companyError)}
              {...form.register('company.id', { onChange: () => form.setValue('locationId', '') })}
            >
              {companies.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Orderable at" htmlFor={`${idPrefix}-location`} error={locationError}>
            <Select id={`${idPrefix}-location`} invalid={Boolean(locationError)} aria-describedby={describedBy(`${idPrefix}-location`, locationError)} {...form.register('locationId')}>
              <option value="">Every location of the company</option>
              {companyLocations.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      )}
      <ServicePicker idPrefix={idPrefix} catalog={props.catalog} chosen={chosen ?? []} onChange={setServices} error={servicesError} />
      <ClinicCheck
        key={companyId}
        idPrefix={idPrefix}
        locations={companyLocations}
        defaultLocationId={locationId || pkg?.location?.id || companyLocations.find((l) => l.postalCode)?.id || ''}
        serviceIds={(chosen ?? []).map((s) => s.id)}
      />
    </FormDialog>
  );
}

function servicesMessage(error: unknown): string | undefined {
  if (!error) return undefined;
  const direct = errorAt({ services: error }, 'services');
  if (direct) return direct;
  if (Array.isArray(error)) for (const item of error) if (item?.id?.message) return plainWords(String(item.id.message));
  return undefined;
}

/** The catalog as a filterable list of checkboxes; the chosen services listed in order. */
function ServicePicker({
  idPrefix,
  catalog,
  chosen,
  onChange,
  error,
}: {
  idPrefix: string;
  catalog: CatalogService[];
  chosen: Array<{ id: string }>;
  onChange: (next: Array<{ id: string }>) => void;
  error?: string;
}) {
  const [filter, setFilter] = useState('');
  const byId = useMemo(() => new Map(catalog.map((s) => [s.id, s])), [catalog]);
  const chosenIds = new Set(chosen.map((s) => s.id));
  const shown = catalog.filter((s) => s.name.toLowerCase().includes(filter.trim().toLowerCase()));
  const listId = useId();
  const full = chosen.length >= MAX_PACKAGE_SERVICES;
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? `${idPrefix}-services-error` : `${idPrefix}-services-hint`}>
      <legend className="mb-1 text-sm font-semibold text-slate-800 dark:text-slate-100">
        Services<span className="ml-0.5 text-red-600 dark:text-red-400" aria-hidden="true">*</span>
      </legend>
      <p id={`${idPrefix}-services-hint`} className="text-xs text-slate-500 dark:text-slate-400">
        {chosen.length} of up to {MAX_PACKAGE_SERVICES} chosen, in this order:{' '}
        {chosen.length ? chosen.map((s) => byId.get(s.id)?.name ?? s.id).join(', ') : 'none yet'}.
      </p>
      {error ? (
        <p id={`${idPrefix}-services-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <Field label="Find a service" htmlFor={`${idPrefix}-service-filter`}>
        <Input id={`${idPrefix}-service-filter`} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="e.g. urine, alcohol" aria-controls={listId} />
      </Field>
      <ul id={listId} className="max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-700" aria-label="Service catalog">
        {shown.length === 0 ? <li className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">No service matches.</li> : null}
        {shown.map((s) => {
          const checked = chosenIds.has(s.id);
          return (
            <li key={s.id}>
              <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm text-slate-800 hover:bg-slate-50 dark:text-slate-100 dark:hover:bg-slate-800/60">
                <input
                  type="checkbox"
                  className="h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500 dark:border-slate-600"
                  checked={checked}
                  disabled={!checked && full}
                  onChange={() => onChange(checked ? chosen.filter((c) => c.id !== s.id) : [...chosen, { id: s.id }])}
                />
                <span className="flex-1">{s.name}</span>
                {s.isDot ? <Badge tone="brand">DOT</Badge> : null}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** How many clinics within the search radius of a location's ZIP code offer every chosen service. */
function ClinicCheck({
  idPrefix,
  locations,
  defaultLocationId,
  serviceIds,
}: {
  idPrefix: string;
  locations: LocationOption[];
  defaultLocationId: string;
  serviceIds: string[];
}) {
  const [locationId, setLocationId] = useState(defaultLocationId);
  const query = useQuery({
    queryKey: ['setup', 'clinicsNear', locationId, serviceIds],
    enabled: Boolean(locationId) && serviceIds.length > 0,
    queryFn: ({ signal }) => apiGet<NearbyClinics>(`/api/v2/locations/${encodeURIComponent(locationId)}/nearbyClinics`, { serviceIds }, signal),
  });
  if (locations.length === 0)
    return <p className="text-sm text-slate-500 dark:text-slate-400">The company has no location yet: add one to see which clinics near it offer these services.</p>;
  return (
    <section aria-labelledby={`${idPrefix}-clinics-title`} className="rounded-lg border border-slate-200 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-800/40">
      <h3 id={`${idPrefix}-clinics-title`} className="text-sm font-semibold text-slate-800 dark:text-slate-100">
        Clinics that offer all of them
      </h3>
      <Field label="Near" htmlFor={`${idPrefix}-clinics-near`} className="mt-2 max-w-sm">
        <Select id={`${idPrefix}-clinics-near`} value={locationId} onChange={(e) => setLocationId(e.target.value)}>
          {locations.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
              {l.postalCode ? ` (${l.postalCode})` : ''}
            </option>
          ))}
        </Select>
      </Field>
      <div className="mt-3 text-sm text-slate-700 dark:text-slate-200" role="status" aria-live="polite" data-testid="clinic-check">
        {serviceIds.length === 0 ? (
          'Choose services to see the clinics near this location that offer them all.'
        ) : query.isPending ? (
          'Looking for clinics…'
        ) : query.isError ? (
          <span className="flex items-center gap-2">
            {errorMessage(query.error)}
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </span>
        ) : query.data.postalCode === null ? (
          'This location has no known ZIP code.'
        ) : (
          <>
            <p>
              <strong>{query.data.total}</strong> {query.data.total === 1 ? 'clinic' : 'clinics'} within {query.data.radiusMiles} miles of {query.data.postalCode} offer{query.data.total === 1 ? 's' : ''} all{' '}
              {serviceIds.length} {serviceIds.length === 1 ? 'service' : 'services'}.
            </p>
            {query.data.clinics.length ? (
              <ul className="mt-2 list-disc pl-5 text-slate-600 dark:text-slate-300">
                {query.data.clinics.map((c) => (
                  <li key={c.id}>
                    {c.name}
                    {c.city ? `, ${c.city}` : ''} — {c.miles} mi
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-amber-800 dark:text-amber-200">No clinic offers every one of them nearby: orders here would find no clinic.</p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
