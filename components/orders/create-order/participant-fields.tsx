'use client';
/** The person to be tested; the address is asked for when wanted, and always for the nearest clinic. */
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { describedBy, Field, Input, Select } from '@/components/ui/field';
import { optional, useFieldError } from './controls';
import { Section } from './layout';
import type { FormInput } from './types';

export function ParticipantFields() {
  const { register, control } = useFormContext<FormInput>();
  const err = useFieldError();
  const [delivery, strategy] = useWatch({ control, name: ['deliveryMethods.0.type', 'settings.schedule.strategy'] });
  const [withAddress, setWithAddress] = useState(false);
  const addressNeeded = strategy === 'nearestClinic';
  return (
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
      <Field label="Mobile phone" htmlFor="participant-phone" required={delivery === 'sms'} error={err('participant.phone')} hint="E.164, e.g. +12145550123">
        <Input id="participant-phone" type="tel" autoComplete="off" invalid={Boolean(err('participant.phone'))} {...register('participant.phone', optional)} />
      </Field>
      <Field label="Language" htmlFor="participant-language" error={err('participant.language')} hint="Of the participant's messages and pass page.">
        <Select id="participant-language" invalid={Boolean(err('participant.language'))} aria-describedby={describedBy('participant-language', err('participant.language'), 'hint')} {...register('participant.language', optional)}>
          <option value="">The company&apos;s setting</option>
          <option value="en">English</option>
          <option value="es">Spanish (Español)</option>
        </Select>
      </Field>
      <div className="sm:col-span-2">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-200">
          <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={withAddress || addressNeeded} disabled={addressNeeded} onChange={(e) => setWithAddress(e.target.checked)} />
          Add the participant&apos;s address
          {addressNeeded ? <span className="text-xs font-normal text-slate-500">(needed for the nearest clinic)</span> : null}
        </label>
        {err('participant.address') ? (
          <p role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
            {err('participant.address')}
          </p>
        ) : null}
      </div>
      {withAddress || addressNeeded ? <AddressFields /> : null}
    </Section>
  );
}

function AddressFields() {
  const { register } = useFormContext<FormInput>();
  const err = useFieldError();
  return (
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
  );
}
