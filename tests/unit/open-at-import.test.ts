/** The clinic facts columns of `clinics import` (timeZone, hours, capabilities; DESIGN.md 6.3, 6.4). */
import { describe, expect, it } from 'vitest';
import { CLINIC_COLUMNS, parseHours, validateClinicRow } from '@/lib/domain/clinics/import-clinics';

const resolve = () => undefined;
const line = (fields: Record<string, string>) =>
  validateClinicRow({ ...Object.fromEntries(CLINIC_COLUMNS.map((c) => [c, ''])), externalId: 'c-1', name: 'Clinic', postalCode: '78701', state: 'TX', ...fields }, resolve);

describe('clinics import: hours', () => {
  it('mon-fri 08:00-17:00;sat 09:00-13:00', () => {
    const parsed = parseHours('mon-fri 08:00-17:00;sat 09:00-13:00');
    expect(parsed).toEqual({
      hours: [
        ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({ day, opens: '08:00', closes: '17:00' })),
        { day: 'saturday', opens: '09:00', closes: '13:00' },
      ],
    });
  });

  it('daily, day lists, wrapping ranges, two intervals a day, 24:00', () => {
    expect(parseHours('daily 00:00-24:00')).toEqual({ hours: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({ day, opens: '00:00', closes: '24:00' })) });
    expect(parseHours('sat-mon 10:00-14:00')).toEqual({ hours: ['monday', 'saturday', 'sunday'].map((day) => ({ day, opens: '10:00', closes: '14:00' })) });
    expect(parseHours('MON,wed 08:00-12:00,13:00-17:00')).toEqual({
      hours: [
        { day: 'monday', opens: '08:00', closes: '12:00' },
        { day: 'monday', opens: '13:00', closes: '17:00' },
        { day: 'wednesday', opens: '08:00', closes: '12:00' },
        { day: 'wednesday', opens: '13:00', closes: '17:00' },
      ],
    });
    expect(parseHours('')).toEqual({ hours: [] });
  });

  it('wrong hours name the problem', () => {
    expect(parseHours('monday 08:00-17:00')).toMatchObject({ problem: expect.stringContaining('"monday" is not a day') });
    expect(parseHours('mon 17:00-08:00')).toMatchObject({ problem: expect.stringContaining('"17:00-08:00"') });
    expect(parseHours('mon 08:00-25:00')).toMatchObject({ problem: expect.stringContaining('"08:00-25:00"') });
    expect(parseHours('mon 08:00')).toMatchObject({ problem: expect.stringContaining('"08:00"') });
    expect(parseHours('mon 08:00-12:00,11:00-17:00')).toMatchObject({ problem: expect.stringContaining('overlap') });
    expect(parseHours('mon-fri')).toMatchObject({ problem: expect.stringContaining('is not "days HH:MM-HH:MM"') });
  });
});

describe('clinics import: a line with timeZone, hours and capabilities', () => {
  it('read into the row; capabilities de-duplicated in the documented order', () => {
    const result = line({ timeZone: 'America/Denver', hours: 'mon-fri 07:00-19:00', capabilities: 'walkIn;breathAlcohol;walkIn' });
    expect('row' in result && result.row).toMatchObject({ timeZone: 'America/Denver', capabilities: ['breathAlcohol', 'walkIn'] });
    expect('row' in result && result.row.hours).toHaveLength(5);
  });

  it('empty columns: the zone of the state and position, no hours (by appointment), no capabilities', () => {
    expect(line({})).toMatchObject({ row: { timeZone: 'America/Chicago', hours: [], capabilities: [] } });
    expect(line({ postalCode: '79901', lat: '31.76', long: '-106.49' })).toMatchObject({ row: { timeZone: 'America/Denver' } }); // El Paso
  });

  it('every problem of the line, by column', () => {
    const result = line({ timeZone: 'Mars/Olympus', hours: 'mon 9-5', capabilities: 'breathAlcohol,teleport' });
    expect(result).toEqual({
      problems: [
        'timeZone "Mars/Olympus" is not an IANA time zone (America/Chicago...).',
        'hours: "9-5" is not an interval HH:MM-HH:MM within a day (opens 00:00 to 23:59, closes after it, 24:00 for midnight).',
        expect.stringContaining('capabilities: "teleport" is not one of breathAlcohol'),
      ],
    });
  });
});
