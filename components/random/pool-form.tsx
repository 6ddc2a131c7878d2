'use client';
/**
 * Create or change a random pool (POST /api/v2/random-pools, PATCH /api/v2/random-pools/{id}) in a
 * dialog. The year's minimum rates of the chosen agencies are shown beside the rates (a DOT pool
 * below them is refused, 400 `tooSmall` at the rate). Members are never chosen by hand, and there is
 * no exclusion or weighting: the form says why where one would look for it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch, type UseFormRegister } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { describedBy, Field, Input, Select } from '@/components/ui/field';
import type { z } from 'zod';
import { CreateRandomPoolBody, UpdateRandomPoolBody } from '@/lib/domain/random/schemas';
import { bodyResolver, ErrorSummary, errorAt, FormDialog, TextField, useResourceDialog } from '@/components/setup/form-kit';
import { fetchRates } from './random-api';
import { percent, randomKeys, type RandomPool, type RandomRate } from './types';

export interface PoolOptions {
  companies: Array<{ id: string; name: string }>;
  agencies: Array<{ id: string; code: string; name: string }>;
  packages: Array<{ id: string; name: string; companyId: string | null; isDot: boolean }>;
}

interface PoolValues {
  name: string;
  kind: 'dot' | 'nonDot';
  agencies: string[];
  companies: string[];
  drugRate: string;
  alcoholRate: string;
  frequency: 'monthly' | 'quarterly';
  packages: { drug: string; alcohol: string };
}

const CONTROLS = ['name', 'kind', 'agencies', 'companies', 'drugRate', 'alcoholRate', 'frequency', 'packages', 'packages.drug', 'packages.alcohol'];

/** The form's percent ("50") as the API's rate, a fraction (0.5); blank: none (the schema says when that is wrong). */
const rateOf = (text: string) => (text.trim() === '' ? null : Number(text) / 100);
/** The API's rate (a fraction) as the form's percent. */
const percentText = (rate: number | null | undefined) => (rate === null || rate === undefined ? '' : String(Math.round(rate * 10000) / 100));

/** Form values to the request body: rates from percent to fractions, ids to references; a pool keeps its kind. */
const toBody = (editing: boolean) => (v: PoolValues) => ({
  name: v.name.trim(),
  kind: editing ? undefined : v.kind,
  agencies: v.kind === 'dot' ? v.agencies.map((id) => ({ id })) : undefined,
  companies: v.companies.map((id) => ({ id })),
  drugRate: rateOf(v.drugRate) ?? undefined,
  alcoholRate: rateOf(v.alcoholRate),
  frequency: v.frequency,
  packages: { drug: v.packages.drug ? { id: v.packages.drug } : null, alcohol: v.packages.alcohol ? { id: v.packages.alcohol } : null },
});

/** The rates of the year for the chosen agencies, and the highest (what a combined pool tests at). */
type Output = z.output<typeof UpdateRandomPoolBody>;
const createResolver = bodyResolver<PoolValues, Output>(CreateRandomPoolBody, toBody(false));
const updateResolver = bodyResolver<PoolValues, Output>(UpdateRandomPoolBody, toBody(true));

export function minimumOf(rates: RandomRate[], agencyIds: string[]) {
  const chosen = rates.filter((r) => agencyIds.includes(r.agency.id));
  const drug = chosen.length ? Math.max(...chosen.map((r) => r.drug)) : null;
  const alcohols = chosen.map((r) => r.alcohol).filter((a): a is number => a !== null);
  return { chosen, drug, alcohol: alcohols.length ? Math.max(...alcohols) : null };
}

export function PoolFormDialog(props: ({ mode: 'create' } | { mode: 'edit'; pool: RandomPool }) & { options: PoolOptions; year: number }) {
  const pool = props.mode === 'edit' ? props.pool : null;
  const { companies, agencies, packages } = props.options;
  const queryClient = useQueryClient();
  const form = useForm<PoolValues, unknown, Output>({
    resolver: pool ? updateResolver : createResolver,
    defaultValues: {
      name: pool?.name ?? '',
      kind: pool?.kind ?? 'dot',
      agencies: pool?.agencies.map((a) => a.id) ?? [],
      companies: pool?.companies.map((c) => c.id) ?? (companies.length === 1 ? [companies[0].id] : []),
      drugRate: percentText(pool?.drugRate),
      alcoholRate: percentText(pool?.alcoholRate),
      frequency: pool?.frequency ?? 'quarterly',
      packages: { drug: pool?.packages.drug?.id ?? '', alcohol: pool?.packages.alcohol?.id ?? '' },
    },
  });
  const { open, unplaced, summary, dialog } = useResourceDialog<PoolValues, Output, RandomPool>({
    form,
    controls: CONTROLS,
    collection: '/api/v2/random-pools',
    existingId: pool?.id,
    savedTitle: (saved, created) => `${saved.name} ${created ? 'created' : 'saved'}`,
    pageOf: (saved) => `/random/pools/${saved.id}`,
    onSaved: () => void queryClient.invalidateQueries({ queryKey: randomKeys.all }),
  });
  const rates = useQuery({ queryKey: randomKeys.rates(props.year), queryFn: ({ signal }) => fetchRates(props.year, signal), enabled: open });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const chosenAgencies = useWatch({ control: form.control, name: 'agencies' });
  const chosenCompanies = useWatch({ control: form.control, name: 'companies' });
  const minimum = minimumOf(rates.data ?? [], kind === 'dot' ? chosenAgencies : []);
  const orderable = packages.filter((p) => (p.companyId === null || chosenCompanies.includes(p.companyId)) && p.isDot === (kind === 'dot'));
  const idPrefix = pool ? 'edit-pool' : 'new-pool';
  const errors = form.formState.errors;

  const rateField = (name: 'drugRate' | 'alcoholRate', label: string, min: number | null) => {
    const id = `${idPrefix}-${name}`;
    const error = errorAt(errors, name);
    const hint = kind === 'dot' && min !== null ? `At least ${percent(min)} in ${props.year}` : name === 'alcoholRate' ? 'Empty: no alcohol randoms' : 'Percent of the mean pool size a year';
    return (
      <Field label={label} htmlFor={id} error={error} hint={hint}>
        <Input id={id} type="number" min={0} max={100} step="0.1" inputMode="decimal" invalid={Boolean(error)} aria-describedby={describedBy(id, error, hint)} {...form.register(name)} />
      </Field>
    );
  };


  return (
    <FormDialog
      trigger={pool ? 'Edit pool' : 'New pool'}
      triggerVariant={pool ? 'secondary' : 'primary'}
      title={pool ? `Edit ${pool.name}` : 'New random pool'}
      description={pool ? undefined : "Its members are computed from the roster at each draw: the active employees of its companies that its agencies cover (or, non-DOT, that no agency covers)."}
      submitLabel={pool ? 'Save changes' : 'Create pool'}
      formLabel={pool ? 'Edit pool' : 'New pool'}
      {...dialog}
    >
      <ErrorSummary entries={unplaced} summaryRef={summary} />
      <TextField form={form} idPrefix={idPrefix} name="name" label="Name" required />
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">Kind</legend>
        <div className="flex flex-wrap gap-4">
          {(
            [
              ['dot', 'DOT: covered employees of one or more agencies'],
              ['nonDot', 'Non-DOT: employees no agency covers'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
              <input type="radio" value={value} disabled={Boolean(pool)} className="h-4 w-4 border-slate-300 text-brand-600 dark:border-slate-600" {...form.register('kind')} />
              {label}
            </label>
          ))}
        </div>
        {errorAt(errors, 'kind') ? <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">{errorAt(errors, 'kind')}</p> : null}
      </fieldset>
      {kind === 'dot' ? (
        <CheckboxGroup legend="Agencies" name="agencies" error={errorAt(errors, 'agencies')} hint="A combined pool tests at the highest rate of its agencies." options={agencies.map((a) => ({ value: a.id, label: `${a.code} — ${a.name}` }))} register={form.register('agencies')} />
      ) : null}
      <CheckboxGroup
        legend="Companies"
        name="companies"
        error={errorAt(errors, 'companies')}
        hint="One company: an employer pool. Several: a consortium pool."
        options={companies.map((c) => ({ value: c.id, label: c.name }))}
        register={form.register('companies')}
      />
      <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">Rates and frequency</legend>
        {rateField('drugRate', 'Drug rate (%)', minimum.drug)}
        {rateField('alcoholRate', 'Alcohol rate (%)', minimum.alcohol)}
        <Field label="Frequency" htmlFor={`${idPrefix}-frequency`} error={errorAt(errors, 'frequency')}>
          <Select id={`${idPrefix}-frequency`} {...form.register('frequency')}>
            <option value="quarterly">Quarterly</option>
            <option value="monthly">Monthly</option>
          </Select>
        </Field>
      </fieldset>
      {kind === 'dot' && minimum.chosen.length ? (
        <div data-testid="rate-minimum" className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-300">
          <p className="font-medium">
            {props.year} minimum: {percent(minimum.drug)} drug, {percent(minimum.alcohol)} alcohol
          </p>
          <ul className="mt-1 list-disc pl-5 text-xs text-slate-600 dark:text-slate-400">
            {minimum.chosen.map((r) => (
              <li key={`${r.agency.id}-${r.category ?? ''}`}>
                {r.agency.code}
                {r.category ? ` (${r.category})` : ''}: {percent(r.drug)} drug, {percent(r.alcohol)} alcohol — {r.source}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">What a selection orders</legend>
        {(['drug', 'alcohol'] as const).map((k) => {
          const id = `${idPrefix}-package-${k}`;
          const error = errorAt(errors, `packages.${k}`);
          return (
            <Field key={k} label={k === 'drug' ? 'Drug test package' : 'Alcohol test package'} htmlFor={id} error={error}>
              <Select id={id} invalid={Boolean(error)} aria-describedby={describedBy(id, error)} {...form.register(`packages.${k}`)}>
                <option value="">None</option>
                {orderable.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </Select>
            </Field>
          );
        })}
      </fieldset>
      <Alert tone="info" title="Why there is no option to exclude or weight anyone">
        DOT requires every covered employee to have an equal chance at every draw: someone selected last quarter can be selected again, and nobody is left out or
        favoured. Who is in the pool follows the roster: deactivate an employee who left.
      </Alert>
    </FormDialog>
  );
}

function CheckboxGroup({
  legend,
  name,
  options,
  error,
  hint,
  register,
}: {
  legend: string;
  name: string;
  options: Array<{ value: string; label: string }>;
  error?: string;
  hint?: string;
  register: ReturnType<UseFormRegister<PoolValues>>;
}) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : hint ? `${name}-hint` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">{legend}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
            <input type="checkbox" value={o.value} className="h-4 w-4 rounded border-slate-300 text-brand-600 dark:border-slate-600" {...register} />
            {o.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${name}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={`${name}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
