/**
 * The due rules of the action types (lib/domain/actions/rules.ts, types.ts): random periods, the
 * draw's 7 days, the untested selection's last week, the annual limited query (382.701(b)), the MIS
 * report's reminder and due day (40.26), and the types table itself.
 */
import { describe, expect, it } from 'vitest';
import { drawDue, isOverdue, limitedQueryDue, misReportWindow, periodOf, untestedWindow } from '@/lib/domain/actions/rules';
import { ACTION_TYPES, DUE_RULES } from '@/lib/domain/actions/types';

const at = (iso: string) => new Date(iso);

describe('periodOf: the random-testing period holding an instant (UTC)', () => {
  it('quarters', () => {
    expect(periodOf(at('2026-01-01T00:00:00Z'), 'quarterly')).toEqual({ period: '2026-Q1', start: '2026-01-01', end: '2026-03-31' });
    expect(periodOf(at('2026-08-15T12:00:00Z'), 'quarterly')).toEqual({ period: '2026-Q3', start: '2026-07-01', end: '2026-09-30' });
    expect(periodOf(at('2026-12-31T23:59:59Z'), 'quarterly')).toEqual({ period: '2026-Q4', start: '2026-10-01', end: '2026-12-31' });
  });
  it('months, February of a leap year included', () => {
    expect(periodOf(at('2028-02-10T00:00:00Z'), 'monthly')).toEqual({ period: '2028-02', start: '2028-02-01', end: '2028-02-29' });
    expect(periodOf(at('2026-07-31T23:00:00Z'), 'monthly')).toEqual({ period: '2026-07', start: '2026-07-01', end: '2026-07-31' });
  });
});

describe('a random draw not made 7 days into its period (382.305)', () => {
  it('is due at the start of the period plus 7 days', () => {
    expect(drawDue(periodOf(at('2026-08-15T00:00:00Z'), 'quarterly')).toISOString()).toBe('2026-07-08T00:00:00.000Z');
  });
});

describe('a random selection untested 7 days before its period ends', () => {
  it('raised 7 days before the end, due at the end (the start of the day after the last)', () => {
    expect(untestedWindow('2026-09-30', at('2026-09-20T00:00:00Z'))).toEqual({ raiseAt: at('2026-09-24T00:00:00.000Z'), dueAt: at('2026-10-01T00:00:00.000Z') });
  });
  it('none once the period is over', () => {
    expect(untestedWindow('2026-09-30', at('2026-10-01T00:00:00Z'))).toBeNull();
  });
});

describe('the annual limited query (382.701(b))', () => {
  it('due a year after the last, raised 30 days before', () => {
    expect(limitedQueryDue('2026-03-10', '2020-01-01')).toEqual({ dueAt: at('2027-03-10T00:00:00.000Z'), raiseAt: at('2027-02-08T00:00:00.000Z') });
  });
  it('29 February falls on 28 February a year on', () => {
    expect(limitedQueryDue('2028-02-29', '2020-01-01').dueAt).toEqual(at('2029-02-28T00:00:00.000Z'));
  });
  it('with no query recorded, due on the day the driver became active', () => {
    expect(limitedQueryDue(null, '2026-05-04').dueAt).toEqual(at('2026-05-04T00:00:00.000Z'));
  });
  it('the notice is 30 days', () => {
    expect(DUE_RULES.limitedQueryNoticeMs).toBe(30 * 86_400_000);
  });
});

describe('the MIS report (40.26): reminder from 1 February, due 15 March, for the year before', () => {
  it('none in January', () => {
    expect(misReportWindow(at('2027-01-31T23:59:59Z'))).toBeNull();
  });
  it('from 1 February: the previous year, due 15 March', () => {
    expect(misReportWindow(at('2027-02-01T00:00:00Z'))).toEqual({ year: 2026, remindFrom: at('2027-02-01T00:00:00Z'), dueAt: at('2027-03-15T00:00:00Z') });
    expect(misReportWindow(at('2027-11-01T00:00:00Z'))?.year).toBe(2026);
  });
});

describe('isOverdue', () => {
  it('at and after the due time; never without one', () => {
    expect(isOverdue(at('2026-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z'))).toBe(true);
    expect(isOverdue(at('2026-01-01T00:00:01Z'), at('2026-01-01T00:00:00Z'))).toBe(false);
    expect(isOverdue(null, at('2026-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('the types table', () => {
  it('each type once, with a rule; every regulatory type cites its rule', () => {
    const names = ACTION_TYPES.map((t) => t.type);
    expect(new Set(names).size).toBe(names.length);
    for (const t of ACTION_TYPES) expect(t.rule.length).toBeGreaterThan(20);
    const own = ACTION_TYPES.filter((t) => t.citation === null).map((t) => t.type);
    expect(own.sort()).toEqual(['specimenNotAtLab', 'webhookEndpointDisabled']);
  });
  it('the hour rules: 24 h result review and MRO contact (40.131), 48 h to the laboratory', () => {
    expect(DUE_RULES.resultReviewMs).toBe(24 * 3_600_000);
    expect(DUE_RULES.mroContactMs).toBe(24 * 3_600_000);
    expect(DUE_RULES.labArrivalMs).toBe(48 * 3_600_000);
  });
});
