'use client';
/** How the participant receives the order, where they are tested, and the order's settings. */
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Field, Input, Textarea } from '@/components/ui/field';
import { useTimeZone } from '@/components/ui/time-zone';
import { timeZoneLabel } from '@/lib/format/time';
import { ClinicPicker } from './clinic-picker';
import { optional, useFieldError, useInstant } from './controls';
import { RadioCards, Section } from './layout';
import type { FormInput } from './types';

/**
 * A clinic chosen on the clinic map ("Order at this clinic"): shown by name, read-only and
 * removable. `milesFrom` is its distance from each location the user can order for (null: the
 * location's ZIP code is unknown); beyond `maxMiles` (the clinic search's default radius, the package
 * editor's clinic check) it is refused for that location and the nearby clinics are offered instead.
 */
export interface PresetClinic {
  id: string;
  name: string;
  /** Street, city, state: what tells two clinics of one name apart. */
  address: string;
  milesFrom: Record<string, number | null>;
  maxMiles: number;
}

export function ScheduleFields({
  canSearchClinics,
  packageId,
  locationPostalCode,
  presetClinic,
}: {
  canSearchClinics: boolean;
  packageId: string | undefined;
  locationPostalCode: string | null | undefined;
  presetClinic?: PresetClinic;
}) {
  const { register, control, setValue, getValues, formState } = useFormContext<FormInput>();
  const err = useFieldError();
  const instant = useInstant();
  const timeZone = useTimeZone();
  const [delivery, strategy, locationRef] = useWatch({ control, name: ['deliveryMethods.0.type', 'settings.schedule.strategy', 'location'] });
  const [clinicIdByHand, setClinicIdByHand] = useState(false);
  // The clinic chosen on the map, until it is removed or the chosen location is too far from it.
  const [presetRemoved, setPresetRemoved] = useState(false);
  const locationId = locationRef?.id;
  const presetMiles = presetClinic && locationId ? presetClinic.milesFrom[locationId] : null;
  const presetFar = presetClinic !== undefined && presetMiles !== null && presetMiles !== undefined && presetMiles > presetClinic.maxMiles;
  const presetShown = presetClinic !== undefined && !presetRemoved && !presetFar;
  useEffect(() => {
    if (!presetClinic || strategy !== 'clinic') return;
    const current = getValues('settings.schedule.clinic.id');
    if (presetShown && current !== presetClinic.id) setValue('settings.schedule.clinic.id', presetClinic.id);
    if (!presetShown && current === presetClinic.id) setValue('settings.schedule.clinic.id', '');
  }, [presetClinic, presetShown, strategy, getValues, setValue]);
  return (
    <Section id="delivery-title" title="Delivery and scheduling" description="How the participant receives the order, and where they are tested.">
      <RadioCards
        name="delivery-method"
        legend="Delivery method"
        value={delivery}
        error={err('deliveryMethods.0.type') ?? err('deliveryMethods')}
        onChange={(v) => setValue('deliveryMethods.0.type', v, { shouldValidate: formState.isSubmitted })}
        options={[
          { value: 'email', label: 'E-mail', hint: 'We e-mail the participant a link to their pass now, and reminders before it expires while nothing is collected.' },
          { value: 'sms', label: 'Text message', hint: 'We text the participant a link to their pass now, and reminders before it expires while nothing is collected.' },
          { value: 'none', label: 'Hand over', hint: 'Nothing is sent: print the pass from the order page and give it to the participant.' },
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
        <div className="flex flex-col gap-2 sm:col-span-2">
          {presetShown ? (
            <div className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-brand-500 bg-brand-50 px-3 py-2 text-sm dark:bg-brand-500/10" data-testid="preset-clinic">
              <div className="min-w-0">
                <p className="text-xs text-slate-600 dark:text-slate-400">Clinic chosen on the clinic map</p>
                <p className="font-medium text-slate-900 dark:text-white">{presetClinic.name}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {presetClinic.address}
                  {typeof presetMiles === 'number' ? ` · ${presetMiles.toFixed(1)} miles from the location` : ''}
                </p>
              </div>
              <button type="button" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300" onClick={() => setPresetRemoved(true)}>
                Remove<span className="sr-only"> {presetClinic.name}</span>
              </button>
              <input type="hidden" {...register('settings.schedule.clinic.id')} />
            </div>
          ) : (
            <>
              {presetFar && !presetRemoved ? (
                <div data-testid="preset-clinic-far">
                  <Alert tone="warning" title={`${presetClinic.name} is too far from this location`}>
                    It is {presetMiles!.toFixed(0)} miles away; a clinic for this location must be within {presetClinic.maxMiles} miles. Choose one below, or choose another location.
                  </Alert>
                </div>
              ) : null}
              <ClinicPicker
                canSearchClinics={canSearchClinics}
                packageId={packageId}
                locationPostalCode={locationPostalCode}
                byHand={clinicIdByHand}
                onByHand={() => setClinicIdByHand(true)}
              />
            </>
          )}
        </div>
      ) : null}
      <Field label="Expires" htmlFor="expires-at" error={err('settings.expiresAt')} hint={`In ${timeZoneLabel(timeZone)}. Default: 14 days after creation.`}>
        <Input id="expires-at" type="datetime-local" invalid={Boolean(err('settings.expiresAt'))} {...register('settings.expiresAt', instant)} />
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
  );
}
