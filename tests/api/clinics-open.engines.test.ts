/**
 * GET /api/v2/clinics with `capabilities` and `openAt` / `openNow` (DESIGN.md 6.3): only clinics
 * with every capability, open at the instant in their own time zone, still nearest first, with
 * exact totals; `openStatus` at that instant, or at the time of the search without one; the clinic
 * facts on every clinic; 400s. The test's clinics stand
 * in the Pacific, far from every seeded clinic, so a search around them sees only them.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { clinics } from '@/lib/db/schema';
import { DEMO } from '@/lib/seed';
import { authenticateToken } from '@/lib/domain/api-tokens/tokens';
import { clinicSearchStatement, SearchClinicsQuery } from '@/lib/domain/clinics/search';
import { isOpenInWeekSql, isOpenSql } from '@/lib/domain/clinics/hours';
import { rowsOf } from '@/lib/db/client';
import type { Ctx } from '@/lib/domain/context';
import type { OpeningHours } from '@/lib/domain/contract/clinic-hours';
import type { Position } from '@/lib/geo/geocode';
import { db, expectError, get, token, withTestDatabase } from './harness';

withTestDatabase();

const PATH = '/api/v2/clinics';
const run = randomBytes(4).toString('hex');
const O: Position = { lat: 33.5 + (parseInt(run.slice(0, 2), 16) % 50) / 100, long: -135.25 };
const MILES_PER_DEGREE = 69.09;
const north = (p: Position, miles: number): Position => ({ lat: p.lat + miles / MILES_PER_DEGREE, long: p.long });

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const weekdays: OpeningHours[] = DAYS.slice(0, 5).map((day) => ({ day, opens: '08:00', closes: '17:00' }));
const always: OpeningHours[] = DAYS.map((day) => ({ day, opens: '00:00', closes: '24:00' }));

interface Fixture {
  key: string;
  miles: number;
  timeZone: string;
  hours: OpeningHours[];
  capabilities: string[];
  isActive?: boolean;
  tenantId?: string;
}
const FIXTURES: Fixture[] = [
  { key: 'a', miles: 0, timeZone: 'America/Chicago', hours: weekdays, capabilities: ['breathAlcohol', 'dotCollection'] },
  { key: 'b', miles: 2, timeZone: 'America/Chicago', hours: weekdays, capabilities: ['breathAlcohol'] },
  { key: 'c', miles: 1, timeZone: 'America/Chicago', hours: always, capabilities: ['dotCollection'] }, // lacks breathAlcohol
  { key: 'd', miles: 3, timeZone: 'America/Los_Angeles', hours: weekdays, capabilities: ['breathAlcohol'] }, // 06:30 there
  { key: 'e', miles: 4, timeZone: 'America/New_York', hours: always, capabilities: ['breathAlcohol', 'walkIn'] },
  { key: 'f', miles: 5, timeZone: 'America/New_York', hours: always, capabilities: ['breathAlcohol', 'walkIn'], isActive: false },
  { key: 'g', miles: 6, timeZone: 'America/Chicago', hours: [], capabilities: ['breathAlcohol', 'walkIn'] }, // by appointment
  { key: 'n', miles: 0, timeZone: 'America/Chicago', hours: always, capabilities: ['breathAlcohol', 'walkIn'], tenantId: DEMO.tenants.northwind.id },
];
const idOf = (key: string) => `cot-${run}-${key}`;
const keysOf = (body: { data: Array<{ id: string }> }) => body.data.map((c) => c.id.replace(`cot-${run}-`, ''));

/** Wednesday 15 July 2026, 13:30Z: 08:30 in Chicago (CDT), 06:30 in Los Angeles. */
const JULY = '2026-07-15T13:30:00Z';
/** Wednesday 14 January 2026, 13:30Z: 07:30 in Chicago (CST). */
const JANUARY = '2026-01-14T13:30:00Z';

let acmeToken: string;
beforeAll(async () => {
  await db()
    .insert(clinics)
    .values(
      FIXTURES.map((f) => {
        const at = north(O, f.miles);
        return {
          id: idOf(f.key),
          tenantId: f.tenantId ?? DEMO.tenants.acme.id,
          name: `Opentest ${run} ${f.key}`,
          lat: at.lat,
          long: at.long,
          isActive: f.isActive ?? true,
          timeZone: f.timeZone,
          hours: f.hours,
          capabilities: f.capabilities,
        };
      }),
    );
  acmeToken = await token({ scopes: ['clinic.search'] });
});
afterAll(async () => {
  await db().delete(clinics).where(inArray(clinics.id, FIXTURES.map((f) => idOf(f.key))));
});

const search = (query: Record<string, string | number | undefined>) => get(PATH, { token: acmeToken, query: { lat: O.lat, long: O.long, radius: 20, ...query } });

describe('GET /api/v2/clinics: capabilities and openAt', () => {
  it('capabilities=breathAlcohol&openAt (July): only clinics with it, open then in their zone, nearest first, exact total', async () => {
    const res = await search({ capabilities: 'breathAlcohol', openAt: JULY });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(keysOf(res.body)).toEqual(['a', 'b', 'e']);
    expect(res.body.total).toBe(3);
    expect(res.body.data.map((c) => c.openStatus)).toEqual([
      { isOpen: true, closesAt: '2026-07-15T22:00:00Z' },
      { isOpen: true, closesAt: '2026-07-15T22:00:00Z' },
      { isOpen: true, closesAt: null },
    ]);
    const miles = res.body.data.map((c) => c.distance!.miles);
    expect(miles).toEqual([...miles].sort((x, y) => x - y));
  });

  it('the same clinics in January, when 08:00-17:00 Chicago time has not begun at 13:30Z: only the one open around the clock', async () => {
    const res = await search({ capabilities: 'breathAlcohol', openAt: JANUARY });
    expect(keysOf(res.body)).toEqual(['e']);
    expect(res.body.total).toBe(1);
  });

  it('an offset in openAt is the same instant', async () => {
    const res = await search({ capabilities: 'breathAlcohol', openAt: '2026-07-15T08:30:00-05:00' });
    expect(keysOf(res.body)).toEqual(['a', 'b', 'e']);
  });

  it('exact totals on every page', async () => {
    const second = await search({ capabilities: 'breathAlcohol', openAt: JULY, limit: 1, page: 2 });
    expect(keysOf(second.body)).toEqual(['b']);
    expect(second.body.total).toBe(3);
    const past = await search({ capabilities: 'breathAlcohol', openAt: JULY, limit: 2, page: 3 });
    expect(past.body.data).toEqual([]);
    expect(past.body.total).toBe(3);
  });

  it('every capability listed is required', async () => {
    const res = await search({ capabilities: 'breathAlcohol,dotCollection' });
    expect(keysOf(res.body)).toEqual(['a']);
    expect(res.body.total).toBe(1);
    // Not a filter on opening: the state is still there, at the time of the search.
    expect(res.body.data[0].openStatus).toMatchObject({ isOpen: expect.any(Boolean) });
  });

  it('openAt alone: every open clinic, whatever its capabilities', async () => {
    const res = await search({ openAt: JULY });
    expect(keysOf(res.body)).toEqual(['a', 'c', 'b', 'e']);
    expect(res.body.total).toBe(4);
  });

  it('openNow=true: open at the time of the request (a clinic open around the clock)', async () => {
    const res = await search({ capabilities: 'walkIn', openNow: 'true' });
    expect(keysOf(res.body)).toEqual(['e']);
    expect(res.body.data[0].openStatus).toEqual({ isOpen: true, closesAt: null });
    expect(res.body.total).toBe(1);
  });

  it('without a position, by name: the same filters', async () => {
    const res = await get(PATH, { token: acmeToken, query: { name: `Opentest ${run}`, capabilities: 'breathAlcohol', openAt: JULY } });
    expect(keysOf(res.body)).toEqual(['a', 'b', 'e']);
    expect(res.body.total).toBe(3);
  });

  it('every clinic shows its time zone, hours and capabilities, and in a search its open state at the time of the search', async () => {
    const res = await search({});
    const byKey = (key: string) => res.body.data.find((c) => c.id === idOf(key));
    const a = byKey('a');
    expect(a).toMatchObject({ timeZone: 'America/Chicago', hours: weekdays, capabilities: ['breathAlcohol', 'dotCollection'] });
    // Weekdays 08:00-17:00: open until 17:00 or closed until the next 08:00, in Chicago, after now.
    // Its zone is known (asserted above), so the search gives its open state; weekday hours: a next change.
    const status = a!.openStatus!;
    const next = (status.isOpen ? status.closesAt : status.opensAt)!;
    expect(Date.parse(next)).toBeGreaterThan(Date.now() - 60_000);
    expect(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(next))).toBe(status.isOpen ? '17:00' : '08:00');
    expect(byKey('e')?.openStatus).toEqual({ isOpen: true, closesAt: null }); // around the clock
    expect(byKey('g')?.openStatus).toEqual({ isOpen: false, opensAt: null }); // by appointment
    const one = await get(`${PATH}/${idOf('g')}`, { token: await token({ scopes: ['clinic.read'] }) });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ timeZone: 'America/Chicago', hours: [], capabilities: ['breathAlcohol', 'walkIn'] });
  });

  it('still the distance (GiST) index with these filters (EXPLAIN of the statement the endpoint runs)', async () => {
    const principal = (await authenticateToken(db(), acmeToken))!;
    const ctx: Ctx = { ...principal, db: db(), requestId: 'explain', source: 'api' };
    const built = await clinicSearchStatement(ctx, SearchClinicsQuery.parse({ lat: String(O.lat), long: String(O.long), capabilities: 'breathAlcohol', openAt: JULY }));
    const client = (db() as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Array<Record<string, string>> }> } }).$client;
    const plan = (await client.query(`explain ${built.sql}`, built.params)).rows.map((r) => Object.values(r)[0]).join('\n');
    expect(plan).toContain('clinics_earth_point_idx');
    expect(plan).not.toMatch(/Seq Scan on (public\.)?clinics\b/);
  });
});

describe('open at an instant from the index (open_week, migration 0023): the same answer as the hours', () => {
  // Hours with touching intervals, 24:00, odd minutes and Sunday night; zones with DST, none, a
  // 45-minute offset; a null zone (the state's main zone) and no zone at all (null, never open).
  const HOURS: OpeningHours[][] = [
    weekdays,
    always,
    [],
    [
      { day: 'monday', opens: '00:00', closes: '12:00' },
      { day: 'monday', opens: '12:00', closes: '24:00' },
      { day: 'sunday', opens: '22:30', closes: '24:00' },
      { day: 'wednesday', opens: '08:07', closes: '08:08' },
      { day: 'saturday', opens: '01:00', closes: '05:00' },
      { day: 'sunday', opens: '01:00', closes: '03:00' },
    ],
  ];
  const ZONES: Array<[string | null, string | null]> = [
    ['America/New_York', null],
    ['America/Chicago', 'TX'],
    ['Pacific/Honolulu', null],
    ['Asia/Kathmandu', null],
    [null, 'TX'],
    [null, null],
  ];

  it('every 29 minutes over the weeks of both 2026 daylight-saving changes, for each hours and zone: isOpenInWeekSql is isOpenSql', async () => {
    const cases = HOURS.flatMap((hours) => ZONES.map(([tz, state]) => sql`(${JSON.stringify(hours)}::jsonb, ${tz}::text, ${state}::text)`));
    const t = sql`t.at`;
    const hoursColumns = { hours: sql`c.hours`, timeZone: sql`c.tz`, state: sql`c.state` };
    const weekColumns = { openWeek: sql`clinic_open_week(c.hours)`, timeZone: sql`c.tz`, state: sql`c.state` };
    // Where a search keeps a clinic: the condition is true (not false, not null).
    const [row] = rowsOf<{ n: number; open: number; openWithoutZone: number; differ: number }>(
      await db().execute(sql`select count(*)::int as n, (count(*) filter (where v.hours))::int as open,
        (count(*) filter (where v.week and v.zoneless))::int as "openWithoutZone", (count(*) filter (where v.hours <> v.week))::int as differ
      from (select coalesce(${isOpenSql(hoursColumns, t)}, false) as hours, coalesce(${isOpenInWeekSql(weekColumns, t)}, false) as week,
          c.tz is null and c.state is null as zoneless
        from (values ${sql.join(cases, sql`, `)}) as c(hours, tz, state)
        cross join (select generate_series('2026-03-05T00:00:00Z'::timestamptz, '2026-03-12T00:00:00Z', '29 minutes') as at
          union all select generate_series('2026-10-29T00:00:00Z'::timestamptz, '2026-11-05T00:00:00Z', '29 minutes')) as t) as v`),
    );
    expect(row.n).toBe(HOURS.length * ZONES.length * 2 * 348);
    expect(row.open).toBeGreaterThan(0);
    expect(row.openWithoutZone).toBe(0);
    expect(row.differ).toBe(0);
  });

  it('a clinic whose hours change is found by its new hours (the trigger keeps open_week)', async () => {
    const at = { lat: O.lat, long: -136.75 };
    const id = `cot-${run}-week`;
    await db().insert(clinics).values({ id, tenantId: DEMO.tenants.acme.id, name: `Opentest ${run} week`, lat: at.lat, long: at.long, timeZone: 'America/Chicago', hours: [], capabilities: [] });
    try {
      const near = () => get(PATH, { token: acmeToken, query: { lat: at.lat, long: at.long, radius: 1, openAt: JULY } });
      expect((await near()).body.total).toBe(0);
      await db().update(clinics).set({ hours: weekdays }).where(eq(clinics.id, id));
      const open = await near();
      expect(open.body.data.map((c) => c.id)).toEqual([id]);
      expect(open.body.total).toBe(1);
    } finally {
      await db().delete(clinics).where(eq(clinics.id, id));
    }
  });
});

describe('GET /api/v2/clinics: 400 for bad capabilities and instants', () => {
  it('an unknown capability', async () => {
    expectError(await search({ capabilities: 'breathAlcohol,teleport' }), 400, 'invalidValue', '/capabilities/1');
  });
  it('openAt that is not a date-time', async () => {
    expectError(await search({ openAt: 'tomorrow' }), 400, 'invalidFormat', '/openAt');
  });
  it('openNow that is not true or false', async () => {
    expectError(await search({ openNow: 'yes' }), 400, 'invalidValue', '/openNow');
  });
  it('openAt and openNow together', async () => {
    expectError(await search({ openAt: JULY, openNow: 'true' }), 400, 'invalidValue', '/openNow');
  });
});
