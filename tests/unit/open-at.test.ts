/**
 * "Open at an instant" as the clinic search computes it (SQL in the clinic's own zone, DESIGN.md
 * 6.3), run on PGlite: across zones, around midnight, `24:00`, both daylight-saving changes, and
 * the zone of a state (and of the part of a state in another zone).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '@/lib/db/client';
import { isOpenSql, openStatusSql, zoneOf, isTimeZone } from '@/lib/domain/clinics/hours';
import { OpeningHours, type OpeningHours as Hours } from '@/lib/domain/contract/clinic-hours';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const weekdays = (opens: string, closes: string): Hours[] =>
  (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).map((day) => ({ day, opens, closes }));
const everyDay = (opens: string, closes: string): Hours[] =>
  (['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const).map((day) => ({ day, opens, closes }));

/** isOpen and openStatus of one clinic at one instant, computed by the database. */
async function at(clinic: { hours: Hours[]; timeZone: string | null; state?: string }, instant: string) {
  const c = { hours: sql`${JSON.stringify(clinic.hours)}::jsonb`, timeZone: sql`${clinic.timeZone}::text`, state: sql`${clinic.state ?? null}::text` };
  const t = sql`${instant}::timestamptz`;
  const [row] = rowsOf<{ open: boolean | null; status: unknown }>(await database.db.execute(sql`select ${isOpenSql(c, t)} as open, ${openStatusSql(c, t)} as status`));
  const status = typeof row.status === 'string' ? JSON.parse(row.status) : row.status;
  return { open: row.open === true, status };
}

describe('open at an instant: the clinic zone and daylight saving', () => {
  const chicago = { hours: weekdays('08:00', '17:00'), timeZone: 'America/Chicago' };

  it('08:00-17:00 in America/Chicago is open at 13:30Z in July (08:30 CDT) and closed at 13:30Z in January (07:30 CST)', async () => {
    expect(await at(chicago, '2026-07-15T13:30:00Z')).toEqual({ open: true, status: { isOpen: true, closesAt: '2026-07-15T22:00:00Z' } });
    expect(await at(chicago, '2026-01-14T13:30:00Z')).toEqual({ open: false, status: { isOpen: false, opensAt: '2026-01-14T14:00:00Z' } });
  });

  it('the same instant is open in one zone and closed in another', async () => {
    const instant = '2026-07-15T13:30:00Z'; // 09:30 in New York, 06:30 in Los Angeles
    expect((await at({ ...chicago, timeZone: 'America/New_York' }, instant)).open).toBe(true);
    expect(await at({ ...chicago, timeZone: 'America/Los_Angeles' }, instant)).toEqual({ open: false, status: { isOpen: false, opensAt: '2026-07-15T15:00:00Z' } });
  });

  it('spring forward (America/New_York, 2026-03-08): 08:00 is 12:00Z that Sunday and 13:00Z the day before', async () => {
    const ny = { hours: [{ day: 'saturday' as const, opens: '08:00', closes: '12:00' }, { day: 'sunday' as const, opens: '08:00', closes: '12:00' }], timeZone: 'America/New_York' };
    expect((await at(ny, '2026-03-07T12:30:00Z')).open).toBe(false); // 07:30 EST
    expect((await at(ny, '2026-03-08T12:30:00Z')).status).toEqual({ isOpen: true, closesAt: '2026-03-08T16:00:00Z' }); // 08:30 EDT
    // An interval over the skipped hour: 01:00-05:00 lasts 3 hours that night.
    const night = { hours: [{ day: 'sunday' as const, opens: '01:00', closes: '05:00' }], timeZone: 'America/New_York' };
    expect((await at(night, '2026-03-08T06:30:00Z')).status).toEqual({ isOpen: true, closesAt: '2026-03-08T09:00:00Z' });
  });

  it('fall back (America/New_York, 2026-11-01): 08:00 is 13:00Z that Sunday', async () => {
    const ny = { hours: [{ day: 'sunday' as const, opens: '08:00', closes: '12:00' }], timeZone: 'America/New_York' };
    expect((await at(ny, '2026-11-01T12:30:00Z')).status).toEqual({ isOpen: false, opensAt: '2026-11-01T13:00:00Z' }); // 07:30 EST
    expect((await at(ny, '2026-10-25T12:30:00Z')).status).toEqual({ isOpen: true, closesAt: '2026-10-25T16:00:00Z' }); // 08:30 EDT
  });

  it('a null zone falls back to the state main zone (TX: America/Chicago)', async () => {
    expect((await at({ ...chicago, timeZone: null, state: 'TX' }, '2026-07-15T13:30:00Z')).open).toBe(true);
    expect((await at({ ...chicago, timeZone: null, state: 'TX' }, '2026-01-14T13:30:00Z')).open).toBe(false);
  });
});

describe('open at an instant: midnight, 24:00, around the clock, by appointment', () => {
  const late = {
    hours: [{ day: 'friday' as const, opens: '20:00', closes: '24:00' }, { day: 'saturday' as const, opens: '00:00', closes: '06:00' }],
    timeZone: 'America/Denver',
  };

  it('a run over midnight: open at Friday 23:59, closes Saturday 06:00 local', async () => {
    // 2026-07-17 is a Friday; Denver is UTC-6 in July.
    expect(await at(late, '2026-07-18T05:59:00Z')).toEqual({ open: true, status: { isOpen: true, closesAt: '2026-07-18T12:00:00Z' } });
    expect((await at(late, '2026-07-18T06:00:00Z')).status).toEqual({ isOpen: true, closesAt: '2026-07-18T12:00:00Z' }); // Saturday 00:00
    expect((await at(late, '2026-07-18T12:00:00Z')).status).toEqual({ isOpen: false, opensAt: '2026-07-25T02:00:00Z' }); // 06:00: closed until next Friday 20:00
  });

  it('24:00 closes at midnight: open at 23:59, closed at 00:00 of the next day', async () => {
    const monday = { hours: [{ day: 'monday' as const, opens: '00:00', closes: '24:00' }], timeZone: 'UTC' };
    expect(await at(monday, '2026-07-13T23:59:30Z')).toEqual({ open: true, status: { isOpen: true, closesAt: '2026-07-14T00:00:00Z' } });
    expect(await at(monday, '2026-07-14T00:00:00Z')).toEqual({ open: false, status: { isOpen: false, opensAt: '2026-07-20T00:00:00Z' } });
  });

  it('open around the clock: open, with no closing time', async () => {
    const always = { hours: everyDay('00:00', '24:00'), timeZone: 'America/Phoenix' };
    expect(await at(always, '2026-03-08T09:00:00Z')).toEqual({ open: true, status: { isOpen: true, closesAt: null } });
  });

  it('no hours (by appointment): closed, with no opening time', async () => {
    expect(await at({ hours: [], timeZone: 'America/Chicago' }, '2026-07-15T15:00:00Z')).toEqual({ open: false, status: { isOpen: false, opensAt: null } });
  });

  it('no zone (no time zone, no known state): no open state at all, and not open', async () => {
    expect(await at({ hours: weekdays('08:00', '17:00'), timeZone: null }, '2026-07-15T15:00:00Z')).toEqual({ open: false, status: null });
    expect(await at({ hours: weekdays('08:00', '17:00'), timeZone: null, state: 'ZZ' }, '2026-07-15T15:00:00Z')).toEqual({ open: false, status: null });
    // The state's main zone stands in for a missing one.
    expect((await at({ hours: weekdays('08:00', '17:00'), timeZone: null, state: 'TX' }, '2026-07-15T15:00:00Z')).status).toEqual({ isOpen: true, closesAt: '2026-07-15T22:00:00Z' });
  });
});

describe('hours and zones as values', () => {
  it('OpeningHours: HH:MM, 24:00 only as a closing time, closes after opens', () => {
    expect(OpeningHours.safeParse({ day: 'monday', opens: '08:00', closes: '24:00' }).success).toBe(true);
    expect(OpeningHours.safeParse({ day: 'monday', opens: '24:00', closes: '24:00' }).success).toBe(false);
    expect(OpeningHours.safeParse({ day: 'monday', opens: '17:00', closes: '08:00' }).success).toBe(false);
    expect(OpeningHours.safeParse({ day: 'mon', opens: '08:00', closes: '17:00' }).success).toBe(false);
    expect(OpeningHours.safeParse({ day: 'monday', opens: '8:00', closes: '17:00' }).success).toBe(false);
  });

  it('zoneOf: the state main zone, and the part of a state in another zone by position', () => {
    expect(zoneOf('TX', 32.78, -96.8)).toBe('America/Chicago'); // Dallas
    expect(zoneOf('TX', 31.76, -106.49)).toBe('America/Denver'); // El Paso
    expect(zoneOf('FL', 30.44, -84.28)).toBe('America/New_York'); // Tallahassee
    expect(zoneOf('FL', 30.42, -87.22)).toBe('America/Chicago'); // Pensacola
    expect(zoneOf('AZ', 33.45, -112.07)).toBe('America/Phoenix');
    expect(zoneOf('tn', 36.16, -86.78)).toBe('America/Chicago'); // Nashville
    expect(zoneOf('TN', 35.96, -83.92)).toBe('America/New_York'); // Knoxville
    expect(zoneOf(null)).toBeNull();
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('America/Nowhere')).toBe(false);
  });
});
