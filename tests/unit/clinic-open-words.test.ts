/**
 * components/map/hours.ts: the clinic map shows the open state the search computed (`openStatus`)
 * in words in the clinic's zone, and never works it out from the hours itself.
 */
import { describe, expect, it } from 'vitest';
import { nextOpenStateChange, openState, weeklyHoursText } from '@/components/map/hours';

const chicago = 'America/Chicago';

describe('openState: the search\'s openStatus in words', () => {
  it('open until the end of the run, in the clinic\'s zone', () => {
    expect(openState({ timeZone: chicago, openStatus: { isOpen: true, closesAt: '2026-07-15T22:00:00Z' } })).toEqual({ isOpen: true, label: 'Open until 17:00 CDT' });
    expect(openState({ timeZone: chicago, openStatus: { isOpen: true, closesAt: null } })).toEqual({ isOpen: true, label: 'Open 24 hours' });
  });

  it('closed: when it opens next (day, time, zone), or by appointment', () => {
    expect(openState({ timeZone: chicago, openStatus: { isOpen: false, opensAt: '2026-01-19T14:00:00Z' } })).toEqual({ isOpen: false, label: 'Closed · opens Mon 08:00 CST' });
    expect(openState({ timeZone: chicago, openStatus: { isOpen: false, opensAt: null } })).toEqual({ isOpen: false, label: 'By appointment' });
  });

  it('nothing when the search gave no state (a clinic whose zone is unknown)', () => {
    expect(openState({ timeZone: chicago })).toBeNull();
    expect(openState({ timeZone: null, openStatus: { isOpen: false, opensAt: null } })).toBeNull();
  });
});

describe('nextOpenStateChange: when the states shown run out', () => {
  it('the first closing or opening among them; none for clinics that never change', () => {
    expect(
      nextOpenStateChange([
        { openStatus: { isOpen: true, closesAt: '2026-07-15T22:00:00Z' } },
        { openStatus: { isOpen: false, opensAt: '2026-07-15T21:00:00Z' } },
        { openStatus: { isOpen: true, closesAt: null } },
        {},
      ]),
    ).toBe(Date.parse('2026-07-15T21:00:00Z'));
    expect(nextOpenStateChange([{ openStatus: { isOpen: true, closesAt: null } }, { openStatus: { isOpen: false, opensAt: null } }, {}])).toBeNull();
  });
});

describe('weeklyHoursText', () => {
  it('days with the same hours together; around the clock; by appointment', () => {
    const weekdays = (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).map((day) => ({ day, opens: '08:00', closes: '17:00' }));
    expect(weeklyHoursText([...weekdays, { day: 'saturday', opens: '09:00', closes: '13:00' }])).toBe('Mon–Fri 08:00–17:00 · Sat 09:00–13:00');
    expect(weeklyHoursText([])).toBe('By appointment');
  });
});
