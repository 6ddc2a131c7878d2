'use client';
/**
 * The test reason (the DOT reasons first for a DOT package); for "other", its detail: free text
 * (trimmed, with a character counter) or one of the listed values, as the package decides.
 */
import { useFormContext, useWatch } from 'react-hook-form';
import { Field, Input, Select } from '@/components/ui/field';
import { OTHER_TEST_REASONS, TEST_REASONS } from '@/lib/domain/orders/schemas';
import { humanize } from '../status';
import { optional, useFieldError } from './controls';
import { Section } from './layout';
import type { FormInput } from './types';

/** 49 CFR 40: the reasons for a DOT test. */
const DOT_REASONS = ['preEmployment', 'random', 'postAccident', 'reasonableSuspicion', 'returnToDuty', 'followUp'] as const;
const OTHER_REASON_MAX = 30;

function ReasonOptions({ reasons }: { reasons: readonly string[] }) {
  return reasons.map((r) => (
    <option key={r} value={r}>
      {humanize(r)}
    </option>
  ));
}

export function ReasonFields({ freeTextOtherReason, isDot }: { freeTextOtherReason: boolean; isDot: boolean }) {
  const { register, control } = useFormContext<FormInput>();
  const err = useFieldError();
  const [testReason, otherTestReason] = useWatch({ control, name: ['testReason', 'otherTestReason'] });
  const otherLength = typeof otherTestReason === 'string' ? otherTestReason.length : 0;
  return (
    <Section id="reason-title" title="Reason for testing">
      <Field label="Test reason" htmlFor="test-reason" required error={err('testReason')}>
        <Select id="test-reason" invalid={Boolean(err('testReason'))} {...register('testReason', optional)}>
          <option value="">Choose a reason…</option>
          {isDot ? (
            <>
              <optgroup label="DOT reasons">
                <ReasonOptions reasons={DOT_REASONS} />
              </optgroup>
              <optgroup label="Other reasons">
                <ReasonOptions reasons={TEST_REASONS.filter((r) => !(DOT_REASONS as readonly string[]).includes(r))} />
              </optgroup>
            </>
          ) : (
            <ReasonOptions reasons={TEST_REASONS} />
          )}
        </Select>
      </Field>
      {testReason === 'other' ? (
        freeTextOtherReason ? (
          <Field
            label="Other test reason"
            htmlFor="other-test-reason"
            required
            error={err('otherTestReason')}
            hint={
              <>
                Free text (the package has a DOT drug, alcohol or occupational-health test).{' '}
                <span data-testid="other-reason-counter">
                  {otherLength}/{OTHER_REASON_MAX} characters
                </span>
              </>
            }
          >
            <Input
              id="other-test-reason"
              maxLength={OTHER_REASON_MAX}
              invalid={Boolean(err('otherTestReason'))}
              aria-describedby={err('otherTestReason') ? 'other-test-reason-error' : 'other-test-reason-hint'}
              {...register('otherTestReason', optional)}
            />
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
