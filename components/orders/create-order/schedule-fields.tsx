'use client';
/** How the participant receives the order, where they are tested, and the order's settings. */
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Field, Input, Textarea } from '@/components/ui/field';
import { ClinicPicker } from './clinic-picker';
import { instant, optional, useFieldError } from './controls';
import { RadioCards, Section } from './layout';
import type { FormInput } from './types';

export function ScheduleFields({
  canSearchClinics,
  packageId,
  locationPostalCode,
  presetClinic,
}: {
  canSearchClinics: boolean;
  packageId: string | undefined;
  locationPostalCode: string | null | undefined;
  presetClinic?: { id: string; name: string };
}) {
  const { register, control, setValue, formState } = useFormContext<FormInput>();
  const err = useFieldError();
  const [delivery, strategy] = useWatch({ control, name: ['deliveryMethods.0.type', 'settings.schedule.strategy'] });
  // A clinic chosen on the map arrives as its id, shown by name above the id field.
  const [clinicIdByHand, setClinicIdByHand] = useState(Boolean(presetClinic));
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
          {presetClinic ? (
            <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="preset-clinic">
              Chosen on the clinic map: <span className="font-medium">{presetClinic.name}</span>
            </p>
          ) : null}
          <ClinicPicker
            canSearchClinics={canSearchClinics}
            packageId={packageId}
            locationPostalCode={locationPostalCode}
            byHand={clinicIdByHand}
            onByHand={() => setClinicIdByHand(true)}
          />
        </div>
      ) : null}
      <Field label="Expires" htmlFor="expires-at" error={err('settings.expiresAt')} hint="Default: 14 days after creation.">
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
