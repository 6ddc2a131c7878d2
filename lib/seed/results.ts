/**
 * Result details (DESIGN.md 7.5) of the demo's final drug and alcohol tests, so that the demo
 * tenant's MIS report has something to count: which drugs a verified positive was positive for,
 * breath readings, the refusal kind, who cancelled. Deterministic: a PRNG stream per service, so
 * the rest of the seed draws the same numbers as before.
 */
import { isAlcoholTest, serviceStatusGroup } from '@/lib/domain/order-model/status';
import { Rng } from './random';

const DRUG_TYPES = new Set(['labBasedToxicology', 'instantDrugTest', 'confirmationTest']);
/** Rough shares of positives by drug on DOT tests (marijuana first, as in the lab indexes). */
const DRUGS: ReadonlyArray<readonly [string, number]> = [['marijuana', 55], ['amphetamines', 16], ['cocaine', 13], ['opioids', 12], ['pcp', 4]];
const REFUSALS: Readonly<Record<string, string>> = { incomplete_shyBladder: 'shyBladder', incomplete_shyLung: 'shyLung', incomplete_refusalToTest: 'other' };

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function seedResult(service: { type: string; category: string | null; specimenType: string | null }, status: string, key: string): Record<string, unknown> | null {
  const alcohol = isAlcoholTest(service);
  if (!alcohol && !DRUG_TYPES.has(service.type) && service.category !== 'drug') return null;
  const group = serviceStatusGroup(status);
  const rng = new Rng(`${key}/result`);
  const none = { positiveFor: [], alcohol: null, refusal: null, cancellation: null, dilute: false, recollection: null };
  if (status in REFUSALS || group === 'adulterated') return { ...none, refusal: { kind: REFUSALS[status] ?? 'adulterated' } };
  if (group === 'cancelled') return { ...none, cancellation: { by: 'employer', reason: 'The order was cancelled before collection.' } };
  if (group === 'lostInTransit') return { ...none, cancellation: { by: 'mro', reason: 'The specimen was lost in transit: no result.' } };
  if (alcohol) {
    if (group === 'negative') return { ...none, alcohol: { screening: rng.chance(0.9) ? 0 : round3(rng.float(0.005, 0.019)), confirmation: null } };
    if (group === 'nonNegative') {
      // Non-negative: the confirmation, which decides, is 0.02 or more too (49 CFR 40.253).
      const screening = round3(rng.float(0.02, 0.09));
      return { ...none, alcohol: { screening, confirmation: round3(Math.max(0.02, screening - rng.float(0, 0.01))) } };
    }
    return null;
  }
  if (group === 'negative') {
    const dilute = status === 'negative_negativeDilute';
    return { ...none, dilute, recollection: dilute && rng.chance(0.5) ? 'observed' : null };
  }
  if (group === 'nonNegative') {
    const first = rng.weighted(DRUGS);
    const second = rng.chance(0.1) ? rng.weighted(DRUGS) : first;
    return { ...none, positiveFor: [...new Set([first, second])] };
  }
  return null;
}
