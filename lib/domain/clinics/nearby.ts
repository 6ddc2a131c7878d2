/**
 * "Clinics within a radius offering all services" (DESIGN.md "Clinic search"), one SQL builder for
 * the clinic search (./search.ts), an order's nearest clinic (./nearest.ts), the package editor's
 * clinic check (lib/domain/packages/clinics-near.ts) and the pass page's clinic choice
 * (lib/domain/participant/pass-page.ts), so "near" and "offers" mean the same in all of them.
 *
 * Near: the GiST index `clinics_earth_point_idx` over `clinics.earth_point` (a `cube` earth point
 * kept by a trigger, migration 0001; not in the drizzle schema, hence raw SQL):
 * - the radius box `earth_box(origin, r) @> earth_point` is the index condition: only the points in
 *   a cube around the origin are read (O(log n + k), k the clinics in the box);
 * - `earth_point <-> origin` (cube Euclidean distance, i.e. the chord, monotonic in the great-circle
 *   distance) orders them;
 * - `chord <= gc_to_sec(r)` is the exact check (the box holds points up to ~1.7 r away), the same as
 *   `earth_distance(origin, earth_point) <= r`;
 * - miles = sec_to_gc(chord) / 1609.344, the same value as `earth_distance(origin, earth_point)`
 *   (radius `earth()` = 6378168 m; within 0.12% of `distanceMiles`, which uses 3958.76 mi).
 * Offers: correlated counts on clinic_services (primary key (clinic_id, service_id)).
 */
import { and, eq, type Placeholder, sql, type SQL } from 'drizzle-orm';
import { clinics } from '@/lib/db/schema';

export const METERS_PER_MILE = 1609.344;
/** The same, as SQL text: a constant of the statement, not one more parameter. */
const metersPerMile = sql.raw(`${METERS_PER_MILE}::float8`);

type Value<T> = T | Placeholder;

/** `clinics.earth_point` (not in the drizzle schema: see migration 0001). */
const earthPoint = sql.raw('"clinics"."earth_point"');
/** Qualified: drizzle renders `clinics.id` as a bare "id", which a subquery would take for its own. */
const clinicId = sql.raw('"clinics"."id"');

/** earthdistance's `earth()`, the radius its points are on (meters). */
const earthRadius = sql.raw('6378168::float8');

export interface NearSql {
  /** The index condition and the exact check. */
  within: SQL;
  /** The distance order (the chord). */
  order: SQL;
  /** The great-circle distance in miles. */
  miles: SQL<number>;
}

/**
 * The SQL pieces of a position search: index condition, exact check, order, distance in miles.
 * Position and radius are values or placeholders. earthdistance's functions are written out with
 * the same built-in operations (same values, bit for bit: tests/unit/clinic-search.test.ts)
 * because they are SQL functions that PostgreSQL runs through its SQL-function executor, ~0.1 ms
 * per call site and execution (or per planning, when folded to constants). The origin, the box and
 * the radius' chord are scalar subqueries, i.e. init plans computed once per execution: in a
 * generic plan, an expression of parameters written inline would be computed again per candidate.
 */
export function nearSql(p: { lat: Value<number>; long: Value<number> }, radiusMiles: Value<number>): NearSql {
  const lat = sql`radians(${p.lat}::float8)`;
  const long = sql`radians(${p.long}::float8)`;
  // ll_to_earth(lat, long)
  const origin = sql`cube(array[${earthRadius} * cos(${lat}) * cos(${long}), ${earthRadius} * cos(${lat}) * sin(${long}), ${earthRadius} * sin(${lat})])`;
  // gc_to_sec(meters): the straight-line distance of a great-circle one (radius <= 500 miles).
  const radiusChord = sql`2 * ${earthRadius} * sin(${radiusMiles}::float8 * ${metersPerMile} / (2 * ${earthRadius}))`;
  const chord = sql`(${earthPoint} <-> (select ${origin}))`;
  return {
    // earth_box(origin, meters) @> earth_point: the GiST index condition. Then the exact check on
    // chords (the same as `earth_distance(origin, earth_point) <= r`).
    within: sql`(select cube_enlarge(${origin}, ${radiusChord}, 3)) @> ${earthPoint} and ${chord} <= (select ${radiusChord})`,
    order: chord,
    // sec_to_gc(chord), in miles
    miles: milesOfChord(chord),
  };
}

/** sec_to_gc(chord) in miles: the distance of a chord `nearSql` ordered by. */
export const milesOfChord = (chord: SQL) => sql<number>`2 * ${earthRadius} * asin(${chord} / (2 * ${earthRadius})) / ${metersPerMile}`;

export interface NearbyClinics {
  tenantId: Value<string>;
  /** Active clinics only (the default), or as the value says. */
  isActive?: Value<boolean>;
  /** Within `radiusMiles` of this position; null: anywhere. */
  position: { lat: Value<number>; long: Value<number> } | null;
  radiusMiles: Value<number>;
  /** The clinic offers every one of these; null: no condition. */
  serviceIds: Value<readonly string[]> | null;
  /** Each of them also one of these (a text[] expression): the search's services the token can order. */
  among?: SQL;
  /** The clinic's prices for those services add up to at most this: an ordering location's fee cap. */
  feeCapCents?: number | null;
}

/**
 * The conditions on `clinics` of a search for clinics of a tenant near a position that offer all
 * the services, and the distance pieces (null without a position) to order and measure by. A
 * caller adds its own conditions (name, capabilities, opening) with `and`.
 */
export function nearbyClinicsSql(f: NearbyClinics): { where: SQL; near: NearSql | null } {
  const near = f.position ? nearSql(f.position, f.radiusMiles) : null;
  const ids = f.serviceIds === null ? null : sql`${Array.isArray(f.serviceIds) ? sql.param([...new Set(f.serviceIds)]) : f.serviceIds}::text[]`;
  const offered = (ids: SQL) => sql`cs.clinic_id = ${clinicId} and cs.service_id = any(${ids})${f.among ? sql` and cs.service_id = any(${f.among})` : sql``}`;
  const where = and(
    eq(clinics.tenantId, f.tenantId),
    eq(clinics.isActive, f.isActive ?? true),
    near?.within,
    // Every service: as many offered as asked for (each id once).
    ids ? sql`(select count(*) from clinic_services cs where ${offered(ids)}) = cardinality(${ids})` : undefined,
    ids && f.feeCapCents != null ? sql`(select sum(cs.price_cents) from clinic_services cs where ${offered(ids)}) <= ${f.feeCapCents}` : undefined,
  )!;
  return { where, near };
}
