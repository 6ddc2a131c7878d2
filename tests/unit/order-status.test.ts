import { describe, expect, it } from 'vitest';
import {
  deriveOrderStatus, isFinalOrderStatus, isFinalServiceStatus, ORDER_STATUSES, SERVICE_STATUSES, serviceStatusGroup,
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
