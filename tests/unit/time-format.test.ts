/**
 * lib/format/time.ts, the one home of the dashboard's times (issue 29): an instant is written in
 * the zone it is given, whatever the process's own; zone names are IANA names only; a
 * datetime-local value is a wall time of the user's zone, across daylight-saving changes.
 */
import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, formatInstant, formatRemaining, formatSpreadsheetTime, fromZonedInputValue, timeZoneLabel, toZonedInputValue } from '@/lib/format/time';

const AT = '2026-11-27T13:16:00.000Z';

describe('formatInstant', () => {
  it('writes the instant in the zone given, in each style', () => {
    expect(formatInstant(AT, 'America/Chicago')).toBe('Nov 27, 2026, 7:16 AM');
    expect(formatInstant(AT, 'UTC')).toBe('Nov 27, 2026, 1:16 PM');
    expect(formatInstant(AT, 'Asia/Tokyo', 'date')).toBe('Nov 27, 2026');
    expect(formatInstant(AT, 'America/Chicago', 'clock')).toBe('Fri 7:16 AM');
    expect(formatInstant(Date.parse(AT), 'Europe/Berlin')).toBe('Nov 27, 2026, 2:16 PM');
  });

  it('a dash for no instant or an unreadable one', () => {
    for (const value of [null, undefined, '', 'yesterday']) expect(formatInstant(value, 'UTC')).toBe('—');
  });
});

describe('zone names', () => {
  it('IANA names only, spelled as Intl spells them', () => {
    expect(canonicalTimeZone('america/chicago')).toBe('America/Chicago');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Etc/GMT+5')).toBe('Etc/GMT+5');
    for (const bad of ['+01:00', '-05:00', 'Mars/Olympus_Mons', '', ' America/Chicago', 'America/Chicago/', '../etc', 'x'.repeat(65)]) expect(canonicalTimeZone(bad), bad).toBeNull();
  });

  it('labels name the zone in words and by its IANA name', () => {
    expect(timeZoneLabel('America/Chicago')).toBe('Central Time (America/Chicago)');
    expect(timeZoneLabel('Europe/Berlin')).toBe('Central European Time (Europe/Berlin)');
    expect(timeZoneLabel('UTC')).toBe('Coordinated Universal Time (UTC)');
  });
});

describe('datetime-local values in a zone', () => {
  it('round-trips a wall time of the zone', () => {
    expect(toZonedInputValue(Date.parse(AT), 'America/Chicago')).toBe('2026-11-27T07:16');
    expect(new Date(fromZonedInputValue('2026-11-27T07:16', 'America/Chicago')).toISOString()).toBe(AT);
    expect(new Date(fromZonedInputValue('2026-07-01T12:00', 'America/Chicago')).toISOString()).toBe('2026-07-01T17:00:00.000Z');
    expect(new Date(fromZonedInputValue('2026-11-27T22:16', 'Asia/Tokyo')).toISOString()).toBe(AT);
  });

  it('the hour repeated when daylight saving ends is its first; the hour skipped when it starts moves forward', () => {
    // 1 Nov 2026, Chicago: 1:30 AM happens at 06:30Z (CDT) and again at 07:30Z (CST).
    expect(new Date(fromZonedInputValue('2026-11-01T01:30', 'America/Chicago')).toISOString()).toBe('2026-11-01T06:30:00.000Z');
    // 8 Mar 2026, Chicago: 2:30 AM never happens (2:00 CST is 3:00 CDT): it is 3:30 CDT.
    expect(new Date(fromZonedInputValue('2026-03-08T02:30', 'America/Chicago')).toISOString()).toBe('2026-03-08T08:30:00.000Z');
  });

  it('NaN for what is not a datetime-local value', () => {
    expect(fromZonedInputValue('2026-11-27', 'UTC')).toBeNaN();
    expect(fromZonedInputValue('07:16', 'UTC')).toBeNaN();
  });
});

describe('the CSV export and the countdowns', () => {
  it('a spreadsheet date and time in the zone', () => {
    expect(formatSpreadsheetTime(AT, 'America/Chicago')).toBe('2026-11-27 07:16');
    expect(formatSpreadsheetTime('2026-11-27T05:30:00.000Z', 'America/Chicago')).toBe('2026-11-26 23:30');
    expect(formatSpreadsheetTime('2026-11-27T00:05:00.000Z', 'UTC')).toBe('2026-11-27 00:05');
  });

  it('time left in words', () => {
    expect(formatRemaining(6 * 3_600_000 + 5 * 60_000)).toBe('6 h 05 min');
    expect(formatRemaining(12 * 60_000 + 30_000)).toBe('12 min 30 s');
    expect(formatRemaining(-5)).toBe('0 min 00 s');
  });
});
