/**
 * Observed collection (DESIGN.md 7.3, 49 CFR 40.67(b)): a DOT return-to-duty or follow-up
 * collection is always directly observed. For such an order `settings.observedCollection` defaults
 * to true and `false` is refused; any other order keeps the request's value (default false).
 */
import { DomainError } from '@/lib/domain/errors';
import type { PackageRules } from './package-rules';
import type { CreateOrderBody } from './schemas';

export const ALWAYS_OBSERVED_TEST_REASONS = ['returnToDuty', 'followUp'] as const;

export function observedCollectionOf(input: Pick<CreateOrderBody, 'testReason' | 'settings'>, rules: Pick<PackageRules, 'needsAgency'>): boolean {
  const requested = input.settings.observedCollection;
  if (!rules.needsAgency || !(ALWAYS_OBSERVED_TEST_REASONS as readonly string[]).includes(input.testReason)) return requested ?? false;
  if (requested === false)
    throw new DomainError('invalidValue', `A DOT ${input.testReason} collection is always directly observed (49 CFR 40.67(b)): settings.observedCollection cannot be false.`, {
      pointer: '/settings/observedCollection',
    });
  return true;
}
