'use client';
/** Who places the order, and where its webhook events go. */
import { useFormContext } from 'react-hook-form';
import { Field, Input } from '@/components/ui/field';
import { callbackUrl, optional, useFieldError } from './controls';
import { Section } from './layout';
import type { FormInput } from './types';

export function RequesterFields() {
  const { register } = useFormContext<FormInput>();
  const err = useFieldError();
  return (
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
  );
}
