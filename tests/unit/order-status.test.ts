import { describe, expect, it } from 'vitest';
import {
  deriveOrderStatus, EXTERNAL_ORDER_STATUSES, isFinalOrderStatus, isFinalServiceStatus, isOpenOrderStatus, ORDER_STATUSES, SERVICE_STATUSES,
  SERVICE_TOP_STATUSES, serviceStatusGroup, servicesFitOrderStatus,
} from '@/lib/domain/order-model/status';

describe('isFinal of an order (spec 2.1)', () => {
  it.each(['cancelled', 'expired', 'noShow'])('%s reports false: the order is over without an outcome', (status) => {
    expect(isFinalOrderStatus(status)).toBe(false);
  });
  it.each(['ordered', 'scheduled', 'pending', 'integrationError'])('%s is still under way', (status) => {
    expect(isFinalOrderStatus(status)).toBe(false);
  });
  it('every other status of spec 3.1 is an outcome', () => {
    const outcomes = ORDER_STATUSES.filter((s) => !['cancelled', 'expired', 'noShow', 'ordered', 'scheduled', 'pending', 'integrationError'].includes(s));
    expect(outcomes).toHaveLength(16);
    for (const s of outcomes) expect(isFinalOrderStatus(s)).toBe(true);
  });
});

describe('service statuses (spec 3.2)', () => {
  it('sub-statuses are <group>_<detail> and belong to their group', () => {
    expect(SERVICE_STATUSES).toContain('pending_inRecovery');
    expect(SERVICE_STATUSES).toContain('complete_allergy_fever');
    expect(serviceStatusGroup('complete_allergy_fever')).toBe('complete');
    expect(serviceStatusGroup('negative')).toBe('negative');
  });
  it('ordered, pending_* and integrationError are open; results are final', () => {
    for (const s of ['ordered', 'pending', 'pending_atTheLab', 'integrationError']) expect(isFinalServiceStatus(s)).toBe(false);
    for (const s of ['negative', 'negative_negativeDilute', 'cancelled', 'complete_MROReportReleased', 'incomplete_shyBladder', 'noShow']) expect(isFinalServiceStatus(s)).toBe(true);
  });
});

describe('deriveOrderStatus', () => {
  const cases: Array<[string, string, string[], string]> = [
    ['cancelled wins', 'cancelled', ['negative'], 'cancelled'],
    ['expired wins', 'expired', ['pending_atTheLab'], 'expired'],
    ['all ordered stays ordered', 'ordered', ['ordered', 'ordered'], 'ordered'],
    ['all ordered keeps scheduled', 'scheduled', ['ordered'], 'scheduled'],
    ['one service moving makes it pending', 'scheduled', ['pending_collectionInitiated', 'ordered'], 'pending'],
    ['pending while any service is open', 'pending', ['negative', 'pending_atTheLab'], 'pending'],
    ['integration error while open', 'pending', ['integrationError', 'negative'], 'integrationError'],
    ['all negative', 'pending', ['negative', 'negative_negativeDilute'], 'negative'],
    ['all pass', 'pending', ['pass'], 'pass'],
    ['all fit for duty', 'pending', ['fitForDuty'], 'fitForDuty'],
    ['mixed good results are complete', 'pending', ['negative', 'pass'], 'complete'],
    ['complete_* results are complete', 'pending', ['complete_meetsStandards'], 'complete'],
    ['adulterated is most severe', 'pending', ['negative', 'nonNegative', 'adulterated_failTC'], 'adulterated'],
    ['non-negative beats fail', 'pending', ['fail', 'nonNegative'], 'nonNegative'],
    ['fail', 'pending', ['fail', 'negative'], 'fail'],
    ['not fit for duty', 'pending', ['notFitForDuty', 'pass'], 'notFitForDuty'],
    ['lost in transit', 'pending', ['lostInTransit', 'negative'], 'lostInTransit'],
    ['incomplete (refusal)', 'pending', ['incomplete_refusalToTest', 'negative'], 'incomplete'],
    ['declined is test not performed', 'pending', ['declined'], 'testNotPerformed'],
    ['not run is test not performed', 'pending', ['notRun'], 'testNotPerformed'],
    ['no show', 'scheduled', ['noShow', 'noShow'], 'noShow'],
    ['expired services', 'pending', ['expired'], 'expired'],
    ['cancelled services are ignored beside results', 'pending', ['cancelled', 'negative'], 'negative'],
    ['all services cancelled', 'pending', ['cancelled', 'cancelled'], 'cancelled'],
    ['no services: unchanged', 'ordered', [], 'ordered'],
  ];
  it.each(cases)('%s', (_title, current, services, expected) => {
    expect(deriveOrderStatus(current, services)).toBe(expected);
  });
});

describe('statuses set from outside', () => {
  it('the derivation never gives them, whatever the services and the status before', () => {
    const groups = SERVICE_TOP_STATUSES;
    const derived = new Set<string>();
    for (const before of ORDER_STATUSES) for (const a of groups) for (const b of groups) derived.add(deriveOrderStatus(before, [a, b]));
    for (const status of EXTERNAL_ORDER_STATUSES) expect(derived.has(status), status).toBe(false);
    // Every other status of spec 3.1 is one the derivation gives (or keeps: cancelled, expired).
    for (const status of ORDER_STATUSES.filter((s) => !EXTERNAL_ORDER_STATUSES.includes(s))) expect(derived.has(status), status).toBe(true);
  });
  it('an order under way is open; the rest are not', () => {
    expect(ORDER_STATUSES.filter(isOpenOrderStatus)).toEqual(['integrationError', 'ordered', 'pending', 'scheduled']);
  });
});

describe('servicesFitOrderStatus: services that can stand under an order', () => {
  const cases: Array<[string, string, string[], boolean]> = [
    ['negative results under a negative order', 'negative', ['negative', 'negative_negativeDilute'], true],
    ['an open service under an order with an outcome', 'negative', ['negative', 'pending_atTheLab'], false],
    ['no open service under an open order', 'pending', ['negative'], false],
    ['a moving service under a pending order', 'pending', ['pending_atTheLab', 'ordered'], true],
    ['untouched services keep a scheduled order', 'scheduled', ['ordered'], true],
    ['untouched services do not make an order pending', 'pending', ['ordered'], false],
    ['a status from outside over final services', 'positive', ['nonNegative', 'negative'], true],
    ['a status from outside over an open service', 'released', ['pending_inMROReview'], false],
    ['a cancelled order keeps its status over results', 'cancelled', ['negative'], true],
    ['services that derive another outcome', 'fail', ['negative'], false],
    ['no-show services under a no-show order', 'noShow', ['noShow', 'noShow'], true],
  ];
  it.each(cases)('%s', (_title, status, services, expected) => {
    expect(servicesFitOrderStatus(status, services)).toBe(expected);
  });
});
