'use client';
/**
 * Create or change a location (POST /api/v2/locations, PATCH /api/v2/locations/{id}) in a dialog,
 * validated with the API's own schemas. The ZIP code must be a known US one: the server says so on
 * the ZIP code control.
 */
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { Location } from '@/lib/api/representations';
import { CreateLocationBody, UpdateLocationBody } from '@/lib/domain/locations/schemas';
import { SCHEDULE_STRATEGIES } from '@/lib/domain/contract/inputs';
import { describedBy, Field, Input, Select } from '@/components/ui/field';
import { ADDRESS_CONTROLS, AddressFields, addressValues, bodyResolver, cleanValues, ErrorSummary, errorAt, FormDialog, TextField, useResourceDialog, type AddressValues } from './form-kit';

interface LocationValues {
  company: { id: string };
  name: string;
  phone: string;
  address: AddressValues;
  scheduleStrategies: string[];
  feeCap: number;
  /** Own order-matching setting instead of the company's. */
  ownMatching: boolean;
  orderMatching: { enabled: boolean; windowDays: number };
}

const STRATEGY_LABELS: Record<(typeof SCHEDULE_STRATEGIES)[number], string> = {
  participantChoice: 'The participant chooses a clinic',
  nearestClinic: 'The clinic nearest the participant',
  clinic: 'A clinic named on the order',
};

const CONTROLS = ['company', 'company.id', 'name', 'phone', ...ADDRESS_CONTROLS, 'scheduleStrategies', 'feeCap', 'orderMatching', 'orderMatching.enabled', 'orderMatching.windowDays'];

const toBody = (editing: boolean) => (v: LocationValues) => {
  const blank = editing ? null : undefined;
  const { ownMatching, orderMatching, company, ...rest } = v;
  return {
    ...(cleanValues(rest, blank) as object),
    ...(editing ? {} : { company }),
    name: v.name.trim(),
    address: cleanValues(v.address, undefined),
    orderMatching: ownMatching ? orderMatching : blank,
  };
};
type Output = z.output<typeof UpdateLocationBody>;
const createResolver = bodyResolver<LocationValues, Output>(CreateLocationBody, toBody(false));
const updateResolver = bodyResolver<LocationValues, Output>(UpdateLocationBody, toBody(true));

const checkbox = 'h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500 dark:border-slate-600';

export function LocationFormDialog(
  props: { mode: 'create'; companies: Array<{ id: string; name: string }>; companyId?: string } | { mode: 'edit'; location: Location },
) {
  const location = props.mode === 'edit' ? props.location : null;
  const companies = props.mode === 'create' ? props.companies : [];
  const form = useForm<LocationValues, unknown, Output>({
    resolver: location ? updateResolver : createResolver,
    defaultValues: {
      company: { id: props.mode === 'create' ? (props.companyId ?? companies[0]?.id ?? '') : '' },
      name: location?.name ?? '',
      phone: location?.phone ?? '',
      address: addressValues(location?.address ?? null),
      scheduleStrategies: location?.scheduleStrategies ?? [...SCHEDULE_STRATEGIES],
      feeCap: location?.feeCap ?? Number.NaN,
      ownMatching: Boolean(location?.orderMatching),
      orderMatching: location?.orderMatching ?? { enabled: true, windowDays: 30 },
    },
  });
  const { unplaced, summary, dialog } = useResourceDialog<LocationValues, Output, Location>({
    form,
    controls: CONTROLS,
    collection: '/api/v2/locations',
    existingId: location?.id,
    savedTitle: (saved, created) => `${saved.name} ${created ? 'created' : 'saved'}`,
    pageOf: (saved) => `/locations/${saved.id}`,
  });
  const idPrefix = location ? 'edit-location' : 'new-location';
  const errors = form.formState.errors;
  const companyError = errorAt(errors, 'company.id') ?? errorAt(errors, 'company');
  const strategiesError = errorAt(errors, 'scheduleStrategies');
  const feeCapError = errorAt(errors, 'feeCap');
  const windowError = errorAt(errors, 'orderMatching.windowDays');
  const ownMatching = useWatch({ control: form.control, name: 'ownMatching' });
  const feeHint = 'US dollars; empty: no cap';
  return (
    <FormDialog
      trigger={location ? 'Edit location' : 'New location'}
      triggerVariant={location ? 'secondary' : 'primary'}
      title={location ? `Edit ${location.name}` : 'New location'}
      description={location ? `A location of ${location.company.name}.` : 'A site where orders are placed; clinics are searched near its ZIP code.'}
      submitLabel={location ? 'Save changes' : 'Create location'}
      formLabel={location ? 'Edit location' : 'New location'}
      {...dialog}
    >
      <ErrorSummary entries={unplaced} summaryRef={summary} />
      {location ? null : (
        <Field label="Company" htmlFor={`${idPrefix}-company`} required error={companyError}>
          <Select id={`${idPrefix}-company`} invalid={Boolean(companyError)} aria-describedby={describedBy(`${idPrefix}-company`, companyError)} {...form.register('company.id')}>
            {companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <TextField form={form} idPrefix={idPrefix} name="name" label="Name" required />
      <TextField form={form} idPrefix={idPrefix} name="phone" label="Phone" type="tel" autoComplete="tel" hint="E.164, e.g. +12145550100" />
      <AddressFields form={form} idPrefix={idPrefix} required />
      <fieldset aria-describedby={strategiesError ? `${idPrefix}-strategies-error` : undefined} className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">How orders placed here choose a clinic</legend>
        {SCHEDULE_STRATEGIES.map((s) => (
          <label key={s} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
            <input type="checkbox" value={s} className={checkbox} {...form.register('scheduleStrategies')} />
            {STRATEGY_LABELS[s]}
          </label>
        ))}
        {strategiesError ? (
          <p id={`${idPrefix}-strategies-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
            {strategiesError}
          </p>
        ) : null}
      </fieldset>
      <Field label="Fee cap" htmlFor={`${idPrefix}-feeCap`} hint={feeHint} error={feeCapError} className="max-w-48">
        <Input id={`${idPrefix}-feeCap`} type="number" min={0} step="0.01" inputMode="decimal" invalid={Boolean(feeCapError)} aria-describedby={describedBy(`${idPrefix}-feeCap`, feeCapError, feeHint)} {...form.register('feeCap', { valueAsNumber: true })} />
      </Field>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">Order matching</legend>
        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
          <input type="checkbox" className={checkbox} {...form.register('ownMatching')} />
          This location has its own setting (else the company&apos;s applies)
        </label>
        {ownMatching ? (
          <>
            <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
              <input type="checkbox" className={checkbox} {...form.register('orderMatching.enabled')} />
              Return an equivalent open order instead of a duplicate
            </label>
            <Field label="Matching window (days)" htmlFor={`${idPrefix}-window`} error={windowError} hint="1 to 365" className="max-w-48">
              <Input id={`${idPrefix}-window`} type="number" min={1} max={365} inputMode="numeric" invalid={Boolean(windowError)} aria-describedby={describedBy(`${idPrefix}-window`, windowError, '1 to 365')} {...form.register('orderMatching.windowDays', { valueAsNumber: true })} />
            </Field>
          </>
        ) : null}
      </fieldset>
    </FormDialog>
  );
}
