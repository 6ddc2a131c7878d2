/**
 * The FMCSA Clearinghouse duties of a final order (DESIGN.md 7.5, 49 CFR 382.705): which items a
 * result makes reportable and who reports each. The MRO reports verified positives, adulterated and
 * substituted specimens and the refusals it determines (a shy bladder without a medical
 * explanation); the employer reports alcohol results of 0.04 or more, the other refusals and a
 * negative return-to-duty result, by the close of the 3rd business day. Pure.
 */
import { CLEARINGHOUSE_ITEM_KINDS, type ClearinghouseItem, type ClearinghouseItemKind, type ServiceResult } from '@/lib/domain/contract/result-details';
import { closeOfBusinessDay } from './business-days';
import { ALCOHOL_VIOLATION_AT, resultKindOf } from './result-details';
import { serviceStatusGroup } from './status';

export type { ClearinghouseItem, ClearinghouseItemKind };

/** The agency whose drivers the Clearinghouse covers (49 CFR 382 subpart G). */
export const CLEARINGHOUSE_AGENCY = 'FMCSA';

/** Who reports each kind (382.705(a) the MRO, (b) the employer). */
export const CLEARINGHOUSE_REPORTERS: Record<ClearinghouseItemKind, 'mro' | 'employer'> = {
  verifiedPositive: 'mro',
  adulterated: 'mro',
  substituted: 'mro',
  refusal: 'employer',
  alcohol04: 'employer',
  returnToDutyNegative: 'employer',
  followUpCompleted: 'employer',
};

/** 382.705(b)(3): the employer reports by the close of the 3rd business day after it learns of it. */
export const EMPLOYER_REPORT_BUSINESS_DAYS = 3;
export const CLEARINGHOUSE_CITATION = '49 CFR 382.705(b)';

/** One reportable item and who reports it (the MRO reports a refusal it determines itself). */
type Found = { kind: ClearinghouseItemKind; reporter: 'mro' | 'employer' };

/**
 * The reportable items of a final order of `agencyCode` (none but for FMCSA): from its services'
 * statuses and result details, and its test reason.
 */
export function reportableItems(
  order: { agencyCode: string | null; testReason: string | null; status: string },
  services: ReadonlyArray<{ status: string; category: string | null; type?: string | null; result: ServiceResult | null }>,
): Found[] {
  if (order.agencyCode !== CLEARINGHOUSE_AGENCY) return [];
  const found: Found[] = [];
  const add = (kind: ClearinghouseItemKind, reporter = CLEARINGHOUSE_REPORTERS[kind]) => {
    if (!found.some((f) => f.kind === kind)) found.push({ kind, reporter });
  };
  for (const s of services) {
    const group = serviceStatusGroup(s.status);
    const r = s.result;
    if (r?.cancellation || group === 'cancelled') continue;
    const kind = resultKindOf(s);
    if (kind === 'drug' && (r?.positiveFor.length || (group === 'nonNegative' && !r))) add('verifiedPositive');
    if (r?.refusal?.kind === 'adulterated' || (group === 'adulterated' && !r?.refusal)) add('adulterated');
    if (r?.refusal?.kind === 'substituted') add('substituted');
    // A shy bladder without a medical explanation is the MRO's determination; other refusals are the employer's.
    if (r?.refusal?.kind === 'shyBladder') add('refusal', 'mro');
    else if (r?.refusal && r.refusal.kind !== 'adulterated' && r.refusal.kind !== 'substituted') add('refusal');
    else if (s.status === 'incomplete_refusalToTest' && !r?.refusal) add('refusal');
    const alcohol = r?.alcohol;
    if (kind === 'alcohol' && alcohol && (alcohol.confirmation ?? 0) >= ALCOHOL_VIOLATION_AT) add('alcohol04');
  }
  if (found.length === 0 && order.testReason === 'returnToDuty' && order.status === 'negative') add('returnToDutyNegative');
  // In the vocabulary's order, whatever the order of the services.
  return found.sort((a, b) => CLEARINGHOUSE_ITEM_KINDS.indexOf(a.kind) - CLEARINGHOUSE_ITEM_KINDS.indexOf(b.kind));
}

/** The items as the order stores them: the employer's due at the close of the 3rd business day after `learnedAt`, in `timeZone`. */
export function clearinghouseItems(found: readonly Found[], learnedAt: Date, timeZone: string): ClearinghouseItem[] {
  return found.map((f) => ({
    kind: f.kind,
    reporter: f.reporter,
    dueAt: f.reporter === 'employer' ? closeOfBusinessDay(learnedAt, EMPLOYER_REPORT_BUSINESS_DAYS, timeZone).toISOString() : null,
    reportedAt: null,
    reportedBy: null,
  }));
}
