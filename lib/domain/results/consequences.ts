/**
 * What a result causes in the action center (DESIGN.md 7.4, 7.5), in the transaction of the service
 * event that brought it: an employer's Clearinghouse item raises `clearinghouseReportDue` (due at
 * its dueAt), an observed recollection the MRO directs raises `recollectionDirected` (due at once). The service
 * events route and the sandbox hand `afterServiceEvent` to lib/domain/orders/record-service-event.ts,
 * which sits below the action center.
 */
import { raiseWithEvent } from '@/lib/domain/actions';
import type { AfterServiceEvent, ServiceEventChange } from '@/lib/domain/orders/record-service-event';
import { RESULT_ACTIONS } from './action-types';

const KIND_WORDS: Record<string, string> = {
  refusal: 'a refusal to test',
  alcohol04: 'an alcohol result of 0.04 or more',
  returnToDutyNegative: 'a negative return-to-duty result',
  followUpCompleted: 'the completed follow-up testing',
};

/** Raises the actions a service event's result calls for. */
export const afterServiceEvent: AfterServiceEvent = async (tx, change: ServiceEventChange) => {
  const acting = { ...tx, tenantId: change.tenantId };
  const employerItems = (change.clearinghouse ?? []).filter((i) => i.reporter === 'employer' && i.dueAt !== null && i.reportedAt === null);
  if (employerItems.length) {
    const first = employerItems.reduce((a, b) => (a.dueAt! <= b.dueAt! ? a : b));
    const def = RESULT_ACTIONS.clearinghouseReportDue;
    await raiseWithEvent(acting, {
      companyId: change.companyId,
      type: def.type,
      severity: def.severity,
      citation: def.citation,
      title: `Report ${employerItems.map((i) => KIND_WORDS[i.kind] ?? i.kind).join(' and ')} to the FMCSA Clearinghouse`,
      subject: { object: 'order', id: change.orderId },
      dueAt: new Date(first.dueAt!),
    }, change.now);
  }
  if (change.result?.recollection === 'observed') {
    const def = RESULT_ACTIONS.recollectionDirected;
    await raiseWithEvent(acting, {
      companyId: change.companyId,
      type: def.type,
      severity: def.severity,
      citation: def.citation,
      title: 'Order the observed recollection the MRO directs, immediately',
      subject: { object: 'order', id: change.orderId },
      dueAt: change.now,
    }, change.now);
  }
};
