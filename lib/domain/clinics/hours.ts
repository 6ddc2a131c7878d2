/**
 * Clinic facts of DESIGN.md 6.3: the IANA time zone of a clinic's hours, its weekly hours and its
 * capabilities, and the SQL that answers "is it open at this instant" in the clinic's own zone.
 *
 * Time zones: a clinic's `time_zone` column, or when it is null the main zone of its state. States
 * that span two zones are split by position where the seed and the import know it (`zoneOf`): the
 * split lines are simplified county lines (e.g. Texas west of -104.9 long is El Paso's Mountain
 * time, the Florida panhandle west of the Apalachicola River -85.0 is Central); the SQL fallback for
 * a null column knows the state only and uses its main zone (`mainZoneSql`).
 *
 * Hours: `[{ day: 'monday'..'sunday', opens: 'HH:MM', closes: 'HH:MM' }]` in the clinic's zone, an
 * interval within one day (`closes` after `opens`; `24:00` closes at midnight; a clinic open
 * around the clock has `00:00`-`24:00` every day); empty means by appointment.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DAYS } from '@/lib/domain/contract/clinic-hours';


// ---------------------------------------------------------------------------------------------
// Time zones by state

interface Split {
  zone: string;
  /** The part of the state west of this longitude. */
  westOf?: number;
  /** The part east of this longitude. */
  eastOf?: number;
  /** The part north of this latitude. */
  northOf?: number;
  /** The part south of this latitude. */
  southOf?: number;
}

const ET = 'America/New_York';
const CT = 'America/Chicago';
const MT = 'America/Denver';
const PT = 'America/Los_Angeles';

/** Each state's main zone (most of its people), and the parts of it in another zone. */
export const STATE_ZONES: Readonly<Record<string, { main: string; splits?: readonly Split[] }>> = {
  AL: { main: CT }, AK: { main: 'America/Anchorage', splits: [{ zone: 'America/Adak', westOf: -169.5 }] },
  AZ: { main: 'America/Phoenix' }, AR: { main: CT }, CA: { main: PT }, CO: { main: MT }, CT: { main: ET },
  DE: { main: ET }, DC: { main: ET }, FL: { main: ET, splits: [{ zone: CT, westOf: -85.0, northOf: 29.6 }] },
  GA: { main: ET }, HI: { main: 'Pacific/Honolulu' }, ID: { main: 'America/Boise', splits: [{ zone: PT, northOf: 45.5 }] },
  IL: { main: CT }, IN: { main: 'America/Indiana/Indianapolis', splits: [{ zone: CT, westOf: -87.0, northOf: 41.0 }, { zone: CT, westOf: -87.0, southOf: 38.6 }] },
  IA: { main: CT }, KS: { main: CT, splits: [{ zone: MT, westOf: -101.5 }] },
  KY: { main: 'America/Kentucky/Louisville', splits: [{ zone: CT, westOf: -86.0 }] }, LA: { main: CT }, ME: { main: ET },
  MD: { main: ET }, MA: { main: ET }, MI: { main: 'America/Detroit', splits: [{ zone: 'America/Menominee', westOf: -87.6, northOf: 45.0 }] },
  MN: { main: CT }, MS: { main: CT }, MO: { main: CT }, MT: { main: MT }, NE: { main: CT, splits: [{ zone: MT, westOf: -101.0 }] },
  NV: { main: PT }, NH: { main: ET }, NJ: { main: ET }, NM: { main: MT }, NY: { main: ET }, NC: { main: ET },
  ND: { main: CT, splits: [{ zone: MT, westOf: -101.3, southOf: 47.5 }] }, OH: { main: ET }, OK: { main: CT },
  OR: { main: PT, splits: [{ zone: 'America/Boise', eastOf: -117.8, southOf: 44.5 }] }, PA: { main: ET }, RI: { main: ET },
  SC: { main: ET }, SD: { main: CT, splits: [{ zone: MT, westOf: -100.5 }] }, TN: { main: CT, splits: [{ zone: ET, eastOf: -85.3 }] },
  TX: { main: CT, splits: [{ zone: MT, westOf: -104.9 }] }, UT: { main: MT }, VT: { main: ET }, VA: { main: ET },
  WA: { main: PT }, WV: { main: ET }, WI: { main: CT }, WY: { main: MT },
  AS: { main: 'Pacific/Pago_Pago' }, GU: { main: 'Pacific/Guam' }, MP: { main: 'Pacific/Saipan' }, PR: { main: 'America/Puerto_Rico' },
  VI: { main: 'America/St_Thomas' },
};

const inSplit = (s: Split, lat: number, long: number) =>
  (s.westOf === undefined || long < s.westOf) &&
  (s.eastOf === undefined || long > s.eastOf) &&
  (s.northOf === undefined || lat > s.northOf) &&
  (s.southOf === undefined || lat < s.southOf);

/** The zone of a place: its state's, by position where the state spans two zones; null for no state. */
export function zoneOf(state: string | null, lat?: number | null, long?: number | null): string | null {
  if (!state) return null;
  const entry = STATE_ZONES[state.toUpperCase()];
  if (!entry) return null;
  if (lat != null && long != null) for (const split of entry.splits ?? []) if (inSplit(split, lat, long)) return split.zone;
  return entry.main;
}

/** A known IANA time zone name (the runtime's list, the same tz database PostgreSQL uses). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){1,2}$/.test(name) && name !== 'UTC') return false;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The state's main zone as SQL: a lookup in one constant JSON object (`{"TX": "America/Chicago",
 * ...} ->> upper(state)`), small to plan and quick to run; null for an unknown state.
 */
export function mainZoneSql(state: SQL | AnyPgColumn): SQL {
  const byState = JSON.stringify(Object.fromEntries(Object.entries(STATE_ZONES).map(([code, { main }]) => [code, main])));
  return sql`(${sql.raw(`${quote(byState)}::jsonb`)} ->> upper(${state}))`;
}

/** The zone by state and position as SQL, as `zoneOf` computes it (for bulk generators). */
export function zoneByPositionSql(state: string, lat: string, long: string): string {
  const cases = Object.entries(STATE_ZONES).flatMap(([code, { splits = [] }]) =>
    splits.map((s) => {
      const parts = [`upper(${state}) = ${quote(code)}`];
      if (s.westOf !== undefined) parts.push(`${long} < ${s.westOf}`);
      if (s.eastOf !== undefined) parts.push(`${long} > ${s.eastOf}`);
      if (s.northOf !== undefined) parts.push(`${lat} > ${s.northOf}`);
      if (s.southOf !== undefined) parts.push(`${lat} < ${s.southOf}`);
      return `when ${parts.join(' and ')} then ${quote(s.zone)}`;
    }),
  );
  const mains = Object.entries(STATE_ZONES).map(([code, { main }]) => `when upper(${state}) = ${quote(code)} then ${quote(main)}`);
  return `(case ${[...cases, ...mains].join(' ')} end)`;
}

// ---------------------------------------------------------------------------------------------
// Open at an instant, in SQL

/** The columns (or expressions) the "open" SQL reads. */
export interface HoursColumns {
  hours: SQL | AnyPgColumn;
  timeZone: SQL | AnyPgColumn;
  state: SQL | AnyPgColumn;
}

/** The clinic's zone: its column, else its state's main zone. */
export const effectiveZoneSql = (c: Pick<HoursColumns, 'timeZone' | 'state'>): SQL => sql`coalesce(${c.timeZone}, ${mainZoneSql(c.state)})`;

const dayNames = sql.raw(`array[${DAYS.map(quote).join(',')}]`);
const dayOf = (date: SQL) => sql`(${dayNames})[extract(isodow from ${date})::int]`;

/**
 * True when the clinic is open at `instant` (a timestamptz expression): an interval of its day, in
 * its zone, holds the local time (`opens <= time < closes`, minutes; HH:MM text compares like the
 * time, and `24:00` is after every time of the day). Daylight saving follows from `at time zone`.
 * Null (not true) for a clinic without a zone.
 */
export function isOpenSql(c: HoursColumns, instant: SQL): SQL<boolean> {
  const local = sql`(${instant} at time zone ${effectiveZoneSql(c)})`;
  return sql<boolean>`jsonb_path_exists(${c.hours}, '$[*] ? (@.day == $d && @.opens <= $t && @.closes > $t)',
    jsonb_build_object('d', ${dayOf(local)}, 't', to_char(${local}, 'HH24:MI')))`;
}

/** The columns the index-only "open" check reads: the zone columns and `open_week` (migration 0023). */
export interface WeekColumns {
  /** `clinics.open_week`: the weekly hours as minutes of the week in the clinic's zone (not in the drizzle schema). */
  openWeek: SQL | AnyPgColumn;
  timeZone: SQL | AnyPgColumn;
  state: SQL | AnyPgColumn;
}

const MINUTES_PER_WEEK = 7 * 24 * 60;

/**
 * The local minute of the week (Monday 00:00 = 0) of a `timestamp` (without zone): whole minutes
 * since 1970-01-01 00:00, a Thursday (3 days after a Monday), modulo a week. One `date_part` of
 * the local time, so `at time zone` runs once per row.
 */
export const minuteOfWeekSql = (local: SQL): SQL<number> =>
  sql<number>`(((floor(date_part('epoch', ${local}) / 60)::bigint + ${sql.raw(String(3 * 24 * 60))}) % ${sql.raw(String(MINUTES_PER_WEEK))} + ${sql.raw(
    String(MINUTES_PER_WEEK),
  )}) % ${sql.raw(String(MINUTES_PER_WEEK))})::int`;

/**
 * True when the clinic is open at `instant`, the same answer as `isOpenSql` (tests/unit/open-at.test.ts)
 * from the columns the clinic search's GiST index INCLUDEs: `open_week` (migration 0023: each
 * interval `[opens, closes)` of a day as minutes of the week, kept by a trigger from `hours`)
 * contains the instant's local minute of the week in the clinic's zone. One multirange containment
 * per candidate instead of a JSON path over the row's hours, and no heap page. Null (not true) for
 * a clinic without a zone.
 */
export function isOpenInWeekSql(c: WeekColumns, instant: SQL): SQL<boolean> {
  return sql<boolean>`(${c.openWeek} @> ${minuteOfWeekSql(sql`(${instant} at time zone ${effectiveZoneSql(c)})`)})`;
}

const iso = (value: SQL) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * `{ isOpen, closesAt }` or `{ isOpen, opensAt }` at `instant`, as JSON: the clinic's intervals
 * from the day before to a week after, as instants in its zone (so a 24:00 closing and the next
 * day's 00:00 opening meet). Open: `closesAt` is the end of the run of touching intervals (null
 * when it lasts the whole week: open around the clock). Closed: `opensAt` is the next start (null
 * when it has no hours: by appointment). Null for a clinic without a zone: its hours say nothing
 * about an instant (as `isOpenSql` is not true for it).
 * The one opening state: the clinic search returns it for every result (`openStatus`) and the
 * dashboard's clinic map shows it as it is (components/map/hours.ts), never working it out again.
 */
export function openStatusSql(c: HoursColumns, instant: SQL): SQL<{ isOpen: boolean; closesAt?: string | null; opensAt?: string | null } | null> {
  const zone = effectiveZoneSql(c);
  const t = sql`(${instant})`;
  return sql`(select case when ${zone} is null then null else (with iv as (
      select k, ((d + (h->>'opens')::time) at time zone ${zone}) as s, ((d + (h->>'closes')::time) at time zone ${zone}) as e
      from generate_series(-1, 7) k
      cross join lateral (select ((${t} at time zone ${zone})::date + k) as d) dd
      cross join lateral jsonb_array_elements(${c.hours}) h
      where h->>'day' = ${dayOf(sql`d`)})
    select case when exists (select 1 from iv where s <= ${t} and ${t} < e)
      then json_build_object('isOpen', true, 'closesAt',
        (select ${iso(sql`min(a.e)`)} from iv a where a.e > ${t} and a.k < 7 and not exists (select 1 from iv b where b.s <= a.e and a.e < b.e)))
      else json_build_object('isOpen', false, 'opensAt', (select ${iso(sql`min(s)`)} from iv where s > ${t}))
      end) end)`;
}
