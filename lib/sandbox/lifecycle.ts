/**
 * The staging sandbox's script: which statuses each order service goes through, chosen by the
 * kind of service and by the participant's last name (pure functions, unit-tested).
 *
 * Magic last names. The last name is lower-cased and stripped of everything but letters, then
 * searched for these words; the first match in this list wins, no match means a negative result.
 *
 * | Last name contains | Outcome |
 * | - | - |
 * | `Manual`      | the sandbox leaves the order alone (drive it with the service-events endpoint) |
 * | `Expired`     | every service `expired` without a visit; the order ends `expired` |
 * | `NoShow`      | clinic services `noShow` (the participant never came); the order ends `noShow` |
 * | `Refusal`     | drug and alcohol collections end `incomplete_refusalToTest` after collection starts; order `incomplete` |
 * | `Lost`        | lab-based specimens are picked up by the courier and end `lostInTransit`; order `lostInTransit` |
 * | `Adulterated` | lab-based urine tests end `adulterated_failTC` after MRO review; order `adulterated` |
 * | `Dilute`      | drug and alcohol tests end `negative_negativeDilute`; order `negative` |
 * | `Positive`    | drug tests (lab and instant) screen non-negative at the lab, go to MRO review, wait for the MRO's call with the donor and end `nonNegative` (the MRO-verified positive); order `nonNegative` |
 * | `Alcohol`     | breath alcohol tests end `nonNegative` with a confirmation reading (0.02-0.039 or 0.04 and more); drug tests negative |
 * | `Hits`        | background checks end `complete_hits` (others `complete_clear`) |
 * | anything else | drug and alcohol tests `negative`; physicals `complete_meetsStandards`; fit tests and trainings `pass`; other clinical services `complete_clear` (`complete_verified` for MRO services, `complete_forBilling` for fees); background checks `complete_clear` |
 *
 * Background checks are not affected by NoShow, Refusal, Lost, Adulterated or Dilute: they run
 * without a clinic visit. Every step is one status change, so each one is one `order.updated` event.
 */

import type { ResultInput } from '@/lib/domain/order-model/result-details';

export type ServiceKind = 'lab' | 'instant' | 'alcohol' | 'physical' | 'passFail' | 'clinical' | 'background';

export type SandboxOutcome = 'manual' | 'expired' | 'noShow' | 'refusal' | 'lost' | 'adulterated' | 'dilute' | 'positive' | 'alcohol' | 'hits' | 'negative';

/** Magic words, in precedence order (normalised: lower case, letters only). */
export const MAGIC_LAST_NAMES: ReadonlyArray<readonly [word: string, outcome: SandboxOutcome]> = [
  ['manual', 'manual'],
  ['expired', 'expired'],
  ['noshow', 'noShow'],
  ['refusal', 'refusal'],
  ['lost', 'lost'],
  ['adulterated', 'adulterated'],
  ['dilute', 'dilute'],
  ['positive', 'positive'],
  ['alcohol', 'alcohol'],
  ['hits', 'hits'],
];

export function outcomeOf(lastName: string | null | undefined): SandboxOutcome {
  const normalised = (lastName ?? '').toLowerCase().replace(/[^a-z]/g, '');
  return MAGIC_LAST_NAMES.find(([word]) => normalised.includes(word))?.[1] ?? 'negative';
}

/** How a service moves, from its catalog columns (the seed's service kinds, by type). */
export function serviceKind(s: { type: string; category: string | null; specimenType: string | null }): ServiceKind {
  switch (s.type) {
    case 'labBasedToxicology':
    case 'confirmationTest':
      return 'lab';
    case 'instantDrugTest':
      return 'instant';
    case 'breathAlcoholTest':
      return 'alcohol';
    case 'backgroundCheckService':
      return 'background';
    case 'occupationalHealthService':
      return s.category === 'physical' ? 'physical' : 'passFail';
    case 'safetyTraining':
      return 'passFail';
    default:
      return 'clinical';
  }
}

/** One step of a service: the status it moves to and what the event carries. */
export interface Step {
  status: string;
  /** Screen-history milestone reached with this step. */
  milestone?: string;
  /** The specimen gets its id (collection completed). */
  specimen?: boolean;
  /** A courier picks the specimen up: courier name and tracking number. */
  ship?: boolean;
  /** The lab receives it: the lab vendor is named. */
  lab?: boolean;
}

const initiated: Step = { status: 'pending_collectionInitiated', milestone: 'collectionInitiated' };
const collected = (ship: boolean): Step => ({ status: 'pending_collectionCompleted', milestone: 'collected', specimen: true, ...(ship ? { ship: true } : {}) });
const atLab: Step = { status: 'pending_atTheLab', milestone: 'atLab', lab: true };
const mroReview: Step = { status: 'pending_inMROReview', milestone: 'labResulted' };
const mroContact: Step = { status: 'pending_awaitingMROContact' };
const reviewed = (status: string): Step => ({ status, milestone: 'mroReviewed' });
const visit: Step[] = [{ status: 'pending_arrivedAtTheClinic' }, { status: 'pending_inProcess' }];

function clinicalResult(type: string): string {
  if (type === 'mroService') return 'complete_verified';
  if (type === 'additionalService') return 'complete_forBilling';
  if (type === 'unknown') return 'complete_unknown';
  return 'complete_clear';
}

/**
 * The statuses a service goes through after `ordered`, in order; the last one is terminal.
 * `service` gives the catalog columns that refine the path (specimen type, category, type).
 */
export function lifecycle(
  service: { type: string; category: string | null; specimenType: string | null },
  outcome: SandboxOutcome,
): Step[] {
  const kind = serviceKind(service);
  if (outcome === 'manual') return [];
  if (kind === 'background') return [{ status: 'pending_inProcess' }, { status: outcome === 'hits' ? 'complete_hits' : 'complete_clear' }];
  if (outcome === 'expired') return [{ status: 'expired' }];
  if (outcome === 'noShow') return [{ status: 'noShow' }];
  const isDrug = service.category === 'drug';
  switch (kind) {
    case 'lab': {
      if (outcome === 'refusal') return [initiated, { status: 'incomplete_refusalToTest' }];
      if (outcome === 'lost') return [initiated, collected(true), { status: 'lostInTransit' }];
      const toReview = [initiated, collected(true), atLab, mroReview];
      if (outcome === 'adulterated' && service.specimenType === 'urine') return [...toReview, reviewed('adulterated_failTC')];
      if (outcome === 'positive' && isDrug) return [...toReview, mroContact, reviewed('nonNegative')];
      return [...toReview, reviewed(outcome === 'dilute' ? 'negative_negativeDilute' : 'negative')];
    }
    case 'instant': {
      if (outcome === 'refusal') return [initiated, { status: 'incomplete_refusalToTest' }];
      // A non-negative instant screen goes to a lab for confirmation and MRO review.
      if (outcome === 'positive' && isDrug) return [initiated, collected(true), atLab, mroReview, mroContact, reviewed('nonNegative')];
      return [initiated, collected(false), { status: outcome === 'dilute' ? 'negative_negativeDilute' : 'negative' }];
    }
    case 'alcohol':
      if (outcome === 'refusal') return [initiated, { status: 'incomplete_refusalToTest' }];
      if (outcome === 'alcohol') return [initiated, collected(false), { status: 'nonNegative' }];
      return [initiated, collected(false), { status: outcome === 'dilute' ? 'negative_negativeDilute' : 'negative' }];
    case 'physical':
      return [...visit, { status: 'pending_awaitingSignOff' }, { status: 'complete_meetsStandards' }];
    case 'passFail':
      return [...visit, { status: 'pass' }];
    case 'clinical':
      return [...visit, { status: clinicalResult(service.type) }];
  }
}

/** The next step of a service in `status`, or null when it is done or off the sandbox's path. */
export function nextStep(steps: readonly Step[], status: string): Step | null {
  if (status === 'ordered') return steps[0] ?? null;
  const i = steps.findIndex((s) => s.status === status);
  return i === -1 ? null : (steps[i + 1] ?? null);
}

/** A stable choice among `items` for one purpose (the simulator seeds it with the service id). */
export type Pick = <T>(purpose: string, items: readonly T[]) => T;

/**
 * The result details (DESIGN.md 7.5) the terminal step of a drug or alcohol test carries, with the
 * variety a real program sees: positives for one or two drugs, dilute negatives (some with an
 * observed recollection directed), alcohol readings of 0.02-0.039 and of 0.04 or more, refusals of
 * each kind, a lost specimen cancelled by the MRO. Undefined for other services and for ends
 * without a test (expired, no-show).
 */
export function sandboxResult(
  service: { type: string; category: string | null; specimenType: string | null },
  outcome: SandboxOutcome,
  status: string,
  pick: Pick,
): ResultInput | undefined {
  const kind = serviceKind(service);
  const alcohol = service.category === 'alcohol' || kind === 'alcohol';
  const drug = service.category === 'drug';
  if (!alcohol && !drug) return undefined;
  if (status === 'expired' || status === 'noShow') return undefined;
  if (status === 'lostInTransit') return { cancellation: { by: 'mro', reason: 'Specimen lost in transit: no specimen reached the laboratory.' } };
  if (status === 'incomplete_refusalToTest') return { refusal: { kind: pick('refusal', alcohol ? (['other', 'shyLung'] as const) : (['other', 'shyBladder'] as const)) } };
  if (status.startsWith('adulterated')) return { refusal: { kind: pick('adulterated', ['adulterated', 'substituted'] as const) } };
  if (status === 'nonNegative' && drug)
    return { positiveFor: pick('drugs', [['marijuana'], ['marijuana'], ['cocaine'], ['amphetamines'], ['opioids'], ['fentanyl'], ['amphetamines', 'marijuana']] as const).slice() };
  if (status === 'nonNegative' && alcohol) {
    const confirmation = pick('alcohol', [0.021, 0.028, 0.034, 0.039, 0.041, 0.052, 0.087, 0.12]);
    return { alcohol: { screening: Math.round((confirmation + pick('screening', [0, 0.002, 0.004])) * 1000) / 1000, confirmation } };
  }
  if (status === 'negative_negativeDilute') return drug ? { dilute: true, recollection: pick('recollection', [null, null, 'observed'] as const) } : undefined;
  if (status.startsWith('negative')) return alcohol ? { alcohol: { screening: pick('screening', [0, 0, 0, 0.008, 0.012]), confirmation: null } } : {};
  return undefined;
}
