/**
 * Order and order-service statuses (spec 3.1, 3.2) and the one function that derives an order's
 * status from its services (DESIGN.md "Service lifecycle").
 */

export const ORDER_STATUSES = [
  'adulterated', 'cancelled', 'complete', 'expired', 'fail', 'fitForDuty', 'incomplete',
  'integrationError', 'negative', 'lostInTransit', 'nonNegative', 'noShow', 'notFitForDuty',
  'ordered', 'pass', 'pending', 'positive', 'released', 'scheduled', 'substituted',
  'testCancelled', 'testNotPerformed', 'unobtainable',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses of an order still under way: no outcome yet, and it can still move. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['ordered', 'scheduled', 'pending', 'integrationError'];

export function isOpenOrderStatus(status: string): boolean {
  return OPEN_ORDER_STATUSES.includes(status as OrderStatus);
}

/**
 * Statuses an order gets from outside, by a lab's or an MRO's word, never from its services:
 * `deriveOrderStatus` does not produce them.
 */
export const EXTERNAL_ORDER_STATUSES: readonly OrderStatus[] = ['positive', 'released', 'substituted', 'testCancelled', 'unobtainable'];

/**
 * Spec 2.1: `isFinal` is true when the order has reached an outcome. Cancelled, expired and
 * no-show orders are over but report false.
 */
export function isFinalOrderStatus(status: string): boolean {
  return !isOpenOrderStatus(status) && !['cancelled', 'expired', 'noShow'].includes(status);
}

export const SERVICE_TOP_STATUSES = [
  'adulterated', 'cancelled', 'lostInTransit', 'complete', 'declined', 'expired', 'fail',
  'fitForDuty', 'incomplete', 'integrationError', 'negative', 'nonNegative', 'noShow',
  'notFitForDuty', 'notRun', 'ordered', 'pass', 'pending',
] as const;
export type ServiceTopStatus = (typeof SERVICE_TOP_STATUSES)[number];

export const SERVICE_SUB_STATUSES: Record<string, readonly string[]> = {
  adulterated: ['failACTC', 'failTC'],
  complete: [
    'abnormal', 'critical', 'allergy', 'allergy_fever', 'clear', 'deferred', 'discrepancy',
    'disqualified', 'dryMouth', 'fever', 'hits', 'meetsStandards', 'meetsStandardsWithRestrictions',
    'MROReportReleased', 'noHits', 'noMatch', 'noRecord', 'noReviewNoReport', 'notClear',
    'notMeetsStandards', 'outOfScope', 'periodicMonitoringRequired', 'record', 'reject',
    'seeComments', 'forBilling', 'requiresProviderAssessment', 'unableToVerify', 'unknown', 'verified',
  ],
  incomplete: [
    'collectionCompletedNoInsufficientSpecimenProvided', 'collectionCompleteNotEnoughSpecimenProvided',
    'qnsQuantityNotSufficient', 'donorUnable', 'excused', 'incompleteExamination', 'invalid',
    'labReject', 'refusalToTest', 'shyBladder', 'shyLung',
  ],
  negative: ['negativeDilute', 'negativeSeeReport'],
  pending: [
    'additionalResearchNeeded', 'arrivedAtTheClinic', 'atTheLab', 'awaitingMROContact',
    'awaitingReview', 'awaitingSignOff', 'collectionCompleted', 'collectionInitiated',
    'collectionSuspended', 'derNotificationRequired', 'determinationPending', 'inMROReview',
    'inProcess', 'inRecovery',
  ],
};

/** Every service status value this service accepts: top-level and `<group>_<detail>`. */
export const SERVICE_STATUSES: readonly string[] = [
  ...SERVICE_TOP_STATUSES,
  ...Object.entries(SERVICE_SUB_STATUSES).flatMap(([group, details]) => details.map((d) => `${group}_${d}`)),
];

/** The group of a service status: `pending_atTheLab` -> `pending`. */
export function serviceStatusGroup(status: string): string {
  const i = status.indexOf('_');
  return i === -1 ? status : status.slice(0, i);
}

const OPEN_SERVICE_GROUPS = new Set(['ordered', 'pending', 'integrationError']);

/** Spec 2.5: a service is final when its status is terminal. */
export function isFinalServiceStatus(status: string): boolean {
  return !OPEN_SERVICE_GROUPS.has(serviceStatusGroup(status));
}

export const BACKGROUND_CHECK_TYPE = 'backgroundCheckService';

/** Order outcome for each terminal service group, most severe first. */
const OUTCOME_BY_SEVERITY: ReadonlyArray<[group: string, order: OrderStatus]> = [
  ['adulterated', 'adulterated'],
  ['nonNegative', 'nonNegative'],
  ['fail', 'fail'],
  ['notFitForDuty', 'notFitForDuty'],
  ['lostInTransit', 'lostInTransit'],
  ['incomplete', 'incomplete'],
  ['declined', 'testNotPerformed'],
  ['notRun', 'testNotPerformed'],
  ['noShow', 'noShow'],
  ['expired', 'expired'],
];

const GOOD_OUTCOMES: Readonly<Record<string, OrderStatus>> = {
  negative: 'negative',
  pass: 'pass',
  fitForDuty: 'fitForDuty',
  complete: 'complete',
};

/**
 * Derives an order's status from its services.
 * - `cancelled` and `expired` orders keep their status (they win over anything a service does).
 * - While any service is open: `integrationError` if one is in error, `pending` once one has
 *   moved past `ordered`, else the current `ordered`/`scheduled` status.
 * - When every service is terminal: the most severe outcome; otherwise a single shared good result
 *   (`negative`, `pass`, `fitForDuty`), or `complete` for a mix. Cancelled services are ignored
 *   unless all are cancelled.
 */
export function deriveOrderStatus(current: string, serviceStatuses: readonly string[]): OrderStatus | string {
  if (current === 'cancelled' || current === 'expired') return current;
  const groups = serviceStatuses.map(serviceStatusGroup);
  if (groups.length === 0) return current;
  if (groups.some((g) => OPEN_SERVICE_GROUPS.has(g))) {
    if (groups.includes('integrationError')) return 'integrationError';
    if (groups.some((g) => g !== 'ordered')) return 'pending';
    return current === 'scheduled' ? 'scheduled' : 'ordered';
  }
  const results = groups.filter((g) => g !== 'cancelled');
  if (results.length === 0) return 'cancelled';
  for (const [group, outcome] of OUTCOME_BY_SEVERITY) if (results.includes(group)) return outcome;
  const good = new Set(results.map((g) => GOOD_OUTCOMES[g] ?? 'complete'));
  return good.size === 1 ? [...good][0] : 'complete';
}

/**
 * Whether services in `serviceStatuses` can stand under an order in `status` (the demo seed and the
 * data generator check their stories with it): an order with an outcome has no open service, an
 * open order has one, and a status the derivation gives is the one these services derive from the
 * status the order had before they moved (`scheduled`, `cancelled` and `expired` as they are, any
 * other `ordered`). A status set from outside (`EXTERNAL_ORDER_STATUSES`) is not derived.
 */
export function servicesFitOrderStatus(status: string, serviceStatuses: readonly string[]): boolean {
  const anyOpen = serviceStatuses.some((s) => !isFinalServiceStatus(s));
  if (isFinalOrderStatus(status) && anyOpen) return false;
  if (isOpenOrderStatus(status) && !anyOpen) return false;
  if (EXTERNAL_ORDER_STATUSES.includes(status as OrderStatus)) return true;
  const before = status === 'cancelled' || status === 'expired' || status === 'scheduled' ? status : 'ordered';
  return deriveOrderStatus(before, serviceStatuses) === status;
}

/** An alcohol test by its catalog facts: category `alcohol`, type `breathAlcoholTest` or a breath specimen. */
export function isAlcoholTest(s: { type?: string | null; category?: string | null; specimenType?: string | null }): boolean {
  return s.category === 'alcohol' || s.type === 'breathAlcoholTest' || s.specimenType === 'breath';
}

/**
 * A `nonNegative` result in the words of its papers: a drug test's is the MRO's verified positive
 * (the MRO letter reads POSITIVE); an alcohol test's is a screening result of 0.02 or more that
 * needs its confirmation test (49 CFR 40.247).
 */
export function nonNegativeWords(alcohol: boolean): string {
  return alcohol ? 'Non-negative · confirmation required' : 'Positive (MRO verified)';
}
