'use client';
/** The test reason; for "other", its detail: free text or one of the listed values, as the package decides. */
import { useFormContext, useWatch } from 'react-hook-form';
import { Field, Input, Select } from '@/components/ui/field';
import { OTHER_TEST_REASONS, TEST_REASONS } from '@/lib/domain/orders/schemas';
import { humanize } from '../status';
import { optional, useFieldError } from './controls';
import { Section } from './layout';
import type { FormInput } from './types';

export function ReasonFields({ freeTextOtherReason }: { freeTextOtherReason: boolean }) {
  const { register, control } = useFormContext<FormInput>();
  const err = useFieldError();
  const testReason = useWatch({ control, name: 'testReason' });
  return (
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
        freeTextOtherReason ? (
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
  );
}
