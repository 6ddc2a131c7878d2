'use client';
/**
 * The clinic of the "a specific clinic" strategy: clinics near the participant (or the location)
 * offering every service of the package, nearest first, from the clinic search; or an id typed in
 * when the search cannot help (no ZIP code, no clinic.search scope, or the user prefers to).
 */
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { ApiError, apiGet, queryKeys, type Page } from '@/components/ui/api';
import { Field, Input } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { useFieldError } from './controls';
import type { ClinicResponse, FormInput } from './types';

const zip5 = (value: string | null | undefined) => (value && /^\d{5}$/.test(value) ? value : null);

export function ClinicPicker({
  canSearchClinics,
  packageId,
  locationPostalCode,
  byHand,
  onByHand,
}: {
  canSearchClinics: boolean;
  packageId: string | undefined;
  locationPostalCode: string | null | undefined;
  /** The user chose to type the clinic id. */
  byHand: boolean;
  onByHand: () => void;
}) {
  const { register, control } = useFormContext<FormInput>();
  const err = useFieldError();
  const postalCode = useWatch({ control, name: 'participant.address.postalCode' });
  const participantZip = zip5(postalCode);
  const near = participantZip ?? (locationPostalCode && /^\d{5}/.test(locationPostalCode) ? locationPostalCode.slice(0, 5) : null);
  const clinicsQuery = useQuery({
    queryKey: queryKeys.clinics.search({ near, packageId, limit: 10 }),
    queryFn: ({ signal }) => apiGet<Page<ClinicResponse>>('/api/v2/clinics', { near: near!, packageId: packageId!, limit: 10 }, signal),
    enabled: canSearchClinics && Boolean(near && packageId) && !byHand,
  });
  const searchUnavailable = !canSearchClinics || (clinicsQuery.isError && clinicsQuery.error instanceof ApiError && clinicsQuery.error.status !== 400) || !near;
  const error = err('settings.schedule.clinic.id');

  if (searchUnavailable || byHand)
    return (
      <Field label="Clinic id" htmlFor="clinic-id" required error={error} hint="The id of the clinic (from the clinic map or the API).">
        <Input id="clinic-id" autoComplete="off" className="font-mono" invalid={Boolean(error)} {...register('settings.schedule.clinic.id')} />
      </Field>
    );
  return (
    <fieldset aria-describedby={error ? 'clinic-error' : 'clinic-hint'}>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">
        Clinic <span className="text-red-600" aria-hidden="true">*</span>
      </legend>
      <p id="clinic-hint" className="text-xs text-slate-500 dark:text-slate-400">
        Clinics near {participantZip ? `the participant (${near})` : `the location (${near})`} offering every service of the package, nearest first.
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
      {error ? (
        <p id="clinic-error" role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <button type="button" className="mt-2 text-sm text-brand-700 underline-offset-2 hover:underline dark:text-brand-300" onClick={onByHand}>
        Enter a clinic id instead
      </button>
    </fieldset>
  );
}
