/**
 * Order and service statuses in words and colours by outcome: green for a good result, red for a
 * bad one, amber for "needs attention", blue while under way, grey when it ended without a result.
 * Unknown statuses (the lists are open) fall back to neutral.
 */
import { Badge, type Tone } from '@/components/ui/badge';
import { isAlcoholTest, nonNegativeWords, serviceStatusGroup } from '@/lib/domain/order-model/status';
import { orderResultWords, type ServiceResult } from '@/lib/domain/order-model/result-details';

const TONE_BY_STATUS: Record<string, Tone> = {
  // under way
  ordered: 'info',
  scheduled: 'info',
  pending: 'brand',
  // good outcomes
  negative: 'success',
  pass: 'success',
  fitForDuty: 'success',
  complete: 'success',
  released: 'success',
  // bad outcomes
  positive: 'danger',
  nonNegative: 'danger',
  fail: 'danger',
  adulterated: 'danger',
  substituted: 'danger',
  notFitForDuty: 'danger',
  // needs attention
  incomplete: 'warning',
  integrationError: 'warning',
  lostInTransit: 'warning',
  unobtainable: 'warning',
  testNotPerformed: 'warning',
  noShow: 'warning',
  declined: 'warning',
  notRun: 'warning',
  // ended without a result
  cancelled: 'muted',
  testCancelled: 'muted',
  expired: 'muted',
};

export function statusTone(status: string): Tone {
  return TONE_BY_STATUS[serviceStatusGroup(status)] ?? 'neutral';
}

const WORDS: Record<string, string> = {
  nonNegative: 'Non-negative',
  fitForDuty: 'Fit for duty',
  notFitForDuty: 'Not fit for duty',
  noShow: 'No-show',
  MROReportReleased: 'MRO report released',
  awaitingMROContact: 'Awaiting MRO contact',
  inMROReview: 'In MRO review',
  derNotificationRequired: 'DER notification required',
  qnsQuantityNotSufficient: 'QNS: quantity not sufficient',
  failACTC: 'Fail (ACTC)',
  failTC: 'Fail (TC)',
  ssnLast4: 'SSN (last 4)',
  employeeId: 'Employee ID',
  driversLicense: 'Driver’s license',
  probableCause: 'Probable cause',
};

/** `fitForDuty` -> "Fit for duty"; keeps acronyms (`MRO`, `DOT`). */
export function humanize(value: string): string {
  if (WORDS[value]) return WORDS[value];
  const words = value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((w) => (/^[A-Z]{2,}$/.test(w) ? w : /^(mro|dot|der|qns)$/i.test(w) ? w.toUpperCase() : w.toLowerCase()));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `pending_atTheLab` -> "Pending · At the lab". */
export function statusLabel(status: string): string {
  const i = status.indexOf('_');
  if (i === -1) return humanize(status);
  return `${humanize(status.slice(0, i))} · ${humanize(status.slice(i + 1))}`;
}

/**
 * A status badge. With `services` (the order's, or the one service shown), a final result reads in
 * the words of its details (DESIGN.md 7.5: "Positive: marijuana", "Alcohol 0.041 (confirmation)",
 * "Refusal: adulterated", "Cancelled by the MRO: <reason>", "Negative-dilute"); without details a
 * `nonNegative` result reads as its papers do: a drug test's is a verified positive (see nonNegativeWords).
 */
export function StatusBadge({
  status,
  services,
  className,
}: {
  status: string;
  services?: ReadonlyArray<{ status: string; attributes: { category: string | null; type: string | null } | null; result?: ServiceResult | null }>;
  className?: string;
}) {
  const words = services ? orderResultWords(services) : null;
  if (words)
    return (
      <Badge tone={statusTone(status)} dot className={className} title={status}>
        {words}
      </Badge>
    );
  // The services whose own result is non-negative say which kind of test it was.
  const results = serviceStatusGroup(status) === 'nonNegative' ? (services ?? []).filter((s) => serviceStatusGroup(s.status) === 'nonNegative') : [];
  const alcohol = results.every((s) => isAlcoholTest({ category: s.attributes?.category, specimenType: s.attributes?.type }));
  return (
    <Badge tone={statusTone(status)} dot className={className} title={status}>
      {results.length ? nonNegativeWords(alcohol) : statusLabel(status)}
    </Badge>
  );
}
