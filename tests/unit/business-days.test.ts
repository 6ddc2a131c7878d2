/** Business days of the Clearinghouse's deadline (49 CFR 382.705(b)(3)): weekends and US federal holidays (5 U.S.C. 6103) excepted. */
import { describe, expect, it } from 'vitest';
import { addBusinessDays, closeOfBusinessDay, FEDERAL_HOLIDAYS, federalHolidays, isBusinessDay } from '@/lib/domain/order-model/business-days';
import { clearinghouseItems, reportableItems } from '@/lib/domain/order-model/clearinghouse';

describe('federal holidays (data with its source)', () => {
  it('names its source and eleven holidays', () => {
    expect(FEDERAL_HOLIDAYS.source).toContain('5 U.S.C. 6103');
    expect(FEDERAL_HOLIDAYS.rules).toHaveLength(11);
  });

  it('2026 as OPM lists it: Independence Day (a Saturday) observed Friday 3 July', () => {
    expect([...federalHolidays(2026).keys()].sort()).toEqual([
      '2026-01-01', '2026-01-19', '2026-02-16', '2026-05-25', '2026-06-19', '2026-07-03', '2026-09-07', '2026-10-12', '2026-11-11', '2026-11-26', '2026-12-25',
    ]);
  });

  it('a Sunday holiday is observed on Monday; New Year\'s Day on a Saturday closes 31 December before', () => {
    expect(federalHolidays(2027).get('2027-07-05')).toBe('Independence Day'); // 4 July 2027 is a Sunday
    expect(isBusinessDay('2021-12-31')).toBe(false); // 1 January 2022 was a Saturday
    expect(isBusinessDay('2026-12-31')).toBe(true);
  });
});

describe('the 3rd business day after the employer learns of it', () => {
  it('across Thanksgiving: learned Wednesday 25 November 2026, due Tuesday 1 December', () => {
    expect(addBusinessDays('2026-11-25', 3)).toBe('2026-12-01'); // Fri 27, Mon 30, Tue 1
  });

  it('across a weekend: learned Friday 9 October 2026, Columbus Day Monday 12: due Thursday 15', () => {
    expect(addBusinessDays('2026-10-09', 3)).toBe('2026-10-15');
  });

  it('learned on a Saturday: the days count from Monday', () => {
    expect(addBusinessDays('2026-11-14', 3)).toBe('2026-11-18');
  });

  it('closes at the end of that day in the location\'s time zone', () => {
    // 02:30 UTC on Thursday 26 November is still Wednesday 25 November in Chicago.
    const due = closeOfBusinessDay(new Date('2026-11-26T02:30:00Z'), 3, 'America/Chicago');
    expect(due.toISOString()).toBe('2026-12-02T05:59:59.999Z'); // 23:59:59.999 CST on Tuesday 1 December
    // Learned Thursday 2 July 2026: Friday 3 is Independence Day observed; Mon 6, Tue 7, Wed 8: due 23:59:59.999 EDT on the 8th.
    expect(closeOfBusinessDay(new Date('2026-07-02T15:00:00Z'), 3, 'America/New_York').toISOString()).toBe('2026-07-09T03:59:59.999Z');
  });
});

describe('reportable items of a final order (382.705)', () => {
  const EMPTY = { positiveFor: [], alcohol: null, refusal: null, cancellation: null, dilute: false, recollection: null };
  const drug = (status: string, result: object | null) => ({ status, category: 'drug', type: 'labBasedToxicology', result: result && { ...EMPTY, ...result } });
  const alcohol = (status: string, result: object | null) => ({ status, category: 'alcohol', type: 'breathAlcoholTest', result: result && { ...EMPTY, ...result } });
  const fmcsa = { agencyCode: 'FMCSA', testReason: 'random', status: 'nonNegative' };

  it('only FMCSA orders', () => {
    expect(reportableItems({ ...fmcsa, agencyCode: 'FAA' }, [drug('nonNegative', { positiveFor: ['cocaine'] })])).toEqual([]);
  });

  it('the MRO reports verified positives, adulterated and substituted specimens and shy bladders; the employer the rest', () => {
    expect(reportableItems(fmcsa, [drug('nonNegative', { positiveFor: ['cocaine'] })])).toEqual([{ kind: 'verifiedPositive', reporter: 'mro' }]);
    expect(reportableItems(fmcsa, [drug('adulterated_failTC', { refusal: { kind: 'substituted' } })])).toEqual([{ kind: 'substituted', reporter: 'mro' }]);
    expect(reportableItems(fmcsa, [drug('incomplete_refusalToTest', { refusal: { kind: 'shyBladder' } })])).toEqual([{ kind: 'refusal', reporter: 'mro' }]);
    expect(reportableItems(fmcsa, [drug('incomplete_refusalToTest', null)])).toEqual([{ kind: 'refusal', reporter: 'employer' }]);
    expect(reportableItems(fmcsa, [alcohol('nonNegative', { alcohol: { screening: 0.045, confirmation: 0.041 } })])).toEqual([{ kind: 'alcohol04', reporter: 'employer' }]);
  });

  it('nothing for 0.02-0.039, a cancelled test, or a negative; a negative return-to-duty result is the employer\'s', () => {
    expect(reportableItems(fmcsa, [alcohol('nonNegative', { alcohol: { screening: 0.035, confirmation: 0.039 } })])).toEqual([]);
    expect(reportableItems(fmcsa, [drug('cancelled', { cancellation: { by: 'mro', reason: 'Fatal flaw' } })])).toEqual([]);
    expect(reportableItems({ ...fmcsa, status: 'negative' }, [drug('negative', {})])).toEqual([]);
    expect(reportableItems({ ...fmcsa, testReason: 'returnToDuty', status: 'negative' }, [drug('negative', {})])).toEqual([{ kind: 'returnToDutyNegative', reporter: 'employer' }]);
  });

  it('the employer\'s items are due at the close of the 3rd business day, the MRO\'s have no due time', () => {
    const items = clearinghouseItems([{ kind: 'refusal', reporter: 'employer' }, { kind: 'verifiedPositive', reporter: 'mro' }], new Date('2026-11-25T15:00:00Z'), 'America/New_York');
    expect(items).toEqual([
      { kind: 'refusal', reporter: 'employer', dueAt: '2026-12-02T04:59:59.999Z', reportedAt: null, reportedBy: null },
      { kind: 'verifiedPositive', reporter: 'mro', dueAt: null, reportedAt: null, reportedBy: null },
    ]);
  });
});
