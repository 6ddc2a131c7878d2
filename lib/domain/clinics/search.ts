/**
 * Clinic search (DESIGN.md "Clinic search", spec 2.10 / 4.7): clinics of the principal's tenant,
 * nearest first around a position, or by name without one.
 *
 * Nearest-neighbour search runs in the database on the GiST index `clinics_earth_point_idx` over
 * `clinics.earth_point` (a `cube` earth point kept by a trigger, migration 0001; not declared in the
 * drizzle schema, hence the raw SQL below). The same SQL runs on PGlite and PostgreSQL:
 * - `earth_box(origin, r) @> earth_point` is the index condition: only the points in a cube around the
 *   origin are read (O(log n + k), k the clinics in the box);
 * - `earth_point <-> origin` (cube Euclidean distance, i.e. the chord, monotonic in the great-circle
 *   distance) orders them; it is also a GiST ordering operator (KNN), which the planner uses when
 *   a query needs only the first rows (here the exact total needs all k, so it sorts the top 20);
 * - `chord <= gc_to_sec(r)` is the exact check (the box holds points up to ~1.7 r away), the same as
 *   `earth_distance(origin, earth_point) <= r`;
 * - miles = sec_to_gc(chord) / 1609.344, the same value as `earth_distance(origin, earth_point)`
 *   (radius `earth()` = 6378168 m; within 0.12% of `distanceMiles`, which uses 3958.76 mi).
 * Service filters are correlated counts on clinic_services (primary key (clinic_id, service_id)).
 * `services` of each clinic: the services the token can order (as `orderableServicesOfClinics`):
 * the page query gathers the ids each clinic offers, a small query the token's orderable services.
 */
import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { clinics, packages, services } from '@/lib/db/schema';
import { orderablePackage, orderableServiceIds } from '@/lib/domain/access';
import type { Ctx } from '@/lib/domain/context';
import { DomainError } from '@/lib/domain/errors';
import { likePattern, offsetOf, page, PageQuery, TextFilter, type Page } from '@/lib/domain/pagination';
import { servicesOfPackages } from '@/lib/domain/packages';
import { geocodeNear, type Position } from '@/lib/geo/geocode';
import { serializeClinic, type Clinic } from './index';

export const DEFAULT_RADIUS_MILES = 25;
export const MAX_RADIUS_MILES = 500;
export const METERS_PER_MILE = 1609.344;
const MAX_SERVICE_IDS = 50;

/**
 * A number from a query string: '' and non-numeric text are `invalidType` (z.coerce would read ''
 * as 0). Declared as a number in the OpenAPI document.
 */
const numberParam = (min: number, max: number, description: string) =>
  z
    .preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().min(min).max(max))
    .meta({ type: 'number', minimum: min, maximum: max, description } as Record<string, unknown>);

const ServiceIdList = z
  .string()
  .min(1)
  .max(10_000)
  .transform((s) => [...new Set(s.split(',').map((v) => v.trim()).filter(Boolean))])
  .pipe(z.array(z.string().min(1).max(255)).min(1).max(MAX_SERVICE_IDS))
  .meta({ type: 'string', description: `Comma-separated service ids (up to ${MAX_SERVICE_IDS}); the clinic offers all of them.` } as Record<string, unknown>);

const issue = (ctx: z.RefinementCtx, path: string, code: 'required' | 'invalidValue', message: string) =>
  ctx.addIssue({ code: 'custom', message, path: [path], params: { code } });

export const SearchClinicsQuery = PageQuery.extend({
  lat: numberParam(-90, 90, 'Latitude of the position, with `long`.').optional(),
  long: numberParam(-180, 180, 'Longitude of the position, with `lat`.').optional(),
  near: z.string().trim().min(1).max(255).optional().describe('A 5-digit US ZIP code or "City, ST", instead of `lat`/`long`.'),
  radius: numberParam(1, MAX_RADIUS_MILES, `Miles around the position (default ${DEFAULT_RADIUS_MILES}).`).optional(),
  serviceIds: ServiceIdList.optional(),
  packageId: z.string().min(1).max(255).optional().describe('The clinic offers every service of this package (one the token can order).'),
  name: TextFilter.optional().describe('Case-insensitive partial match on the clinic name.'),
  isActive: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
})
  .superRefine((q, ctx) => {
    const hasLat = q.lat !== undefined;
    const hasLong = q.long !== undefined;
    if (q.near !== undefined && (hasLat || hasLong)) {
      issue(ctx, 'near', 'invalidValue', 'Query parameter "near" cannot be combined with "lat"/"long": give one position.');
      return;
    }
    if (hasLat !== hasLong) {
      const [missing, given] = hasLat ? ['long', 'lat'] : ['lat', 'long'];
      issue(ctx, missing, 'required', `Query parameter "${missing}" is required when "${given}" is given.`);
    }
    if (q.near !== undefined && geocodeNear(q.near) === null) {
      issue(ctx, 'near', 'invalidValue', 'Query parameter "near" is not a known US ZIP code or "City, ST".');
    }
  })
  .transform(({ lat, long, near, radius, ...rest }) => {
    const position: Position | null = near !== undefined ? geocodeNear(near) : lat !== undefined && long !== undefined ? { lat, long } : null;
    return { ...rest, position, radius: radius ?? DEFAULT_RADIUS_MILES };
  });
export type SearchClinicsQuery = z.output<typeof SearchClinicsQuery>;

/** `clinics.earth_point` (not in the drizzle schema: see migration 0001). */
const earthPoint = sql.raw('"clinics"."earth_point"');
/** Qualified: drizzle renders `clinics.id` as a bare "id", which a subquery would take for its own. */
const clinicId = sql.raw('"clinics"."id"');
const origin = (p: Position) => sql`ll_to_earth(${p.lat}::float8, ${p.long}::float8)`;

/** The SQL pieces of a position search: index condition, exact check, order, distance in miles. */
export function nearSql(p: Position, radiusMiles: number) {
  const o = origin(p);
  const meters = radiusMiles * METERS_PER_MILE;
  const chord = sql`(${earthPoint} <-> ${o}::cube)`;
  return {
    // The exact check compares chords: gc_to_sec(constant) is folded at planning, where
    // sec_to_gc(chord) <= r would call an SQL function for every candidate.
    within: sql`earth_box(${o}, ${meters}::float8) @> ${earthPoint} and ${chord} <= gc_to_sec(${meters}::float8)`,
    order: chord,
    miles: sql<number>`sec_to_gc(${chord}) / ${METERS_PER_MILE}::float8`,
  };
}

/**
 * Clinics offering every one of `serviceIds` (distinct ids) among the services the token can
 * order: a service the token cannot order is offered by no clinic as far as the token sees (2.10).
 */
function offersAll(ctx: Ctx, serviceIds: readonly string[]): SQL {
  const list = sql.join(serviceIds.map((id) => sql`${id}`), sql`, `);
  return sql`(select count(*) from clinic_services cs where cs.clinic_id = ${clinicId} and cs.service_id in (${list}) and cs.service_id in ${orderableServiceIds(ctx)}) = ${serviceIds.length}`;
}

/** Ids of the services each clinic offers, gathered by the page query for its rows only. */
const offeredServiceIds = sql<string[] | null>`(select array_agg(cs.service_id) from clinic_services cs where cs.clinic_id = ${clinicId})`;

/**
 * The services the token can order (a few dozen), by name: with the ids above, each clinic's
 * `services` as `orderableServicesOfClinics` gives them, for one small query per search instead of
 * a join per clinic (about 40% of the search time on both engines).
 */
function orderableServices(ctx: Ctx) {
  return ctx.db
    .select({ id: services.id, name: services.name, type: services.type })
    .from(services)
    .where(and(eq(services.tenantId, ctx.tenantId), inArray(services.id, orderableServiceIds(ctx))))
    .orderBy(asc(services.name), asc(services.id));
}

/** The services of the package, which must be one the token can order (400 otherwise). */
async function packageServiceIds(ctx: Ctx, packageId: string): Promise<string[]> {
  const [pkg] = await ctx.db.select({ id: packages.id }).from(packages).where(and(orderablePackage(ctx), eq(packages.id, packageId)));
  if (!pkg) throw new DomainError('invalidValue', 'Query parameter "packageId" is not a package this token can order.', { pointer: '/packageId' });
  return (await servicesOfPackages(ctx, [packageId])).map((s) => s.id);
}

/**
 * The statements of a search: the page query and the separate count. Exported for the benchmark,
 * which EXPLAINs exactly what the endpoint runs.
 */
export async function buildClinicSearch(ctx: Ctx, q: SearchClinicsQuery) {
  // The clinic offers every one of `serviceIds` and of the package's services.
  const required = [...new Set([...(q.serviceIds ?? []), ...(q.packageId !== undefined ? await packageServiceIds(ctx, q.packageId) : [])])];
  const near = q.position ? nearSql(q.position, q.radius) : null;
  const where = and(
    eq(clinics.tenantId, ctx.tenantId),
    eq(clinics.isActive, q.isActive),
    q.name !== undefined ? ilike(clinics.name, likePattern(q.name)) : undefined,
    required.length ? offersAll(ctx, required) : undefined,
    near?.within,
  );
  const countAll = () => ctx.db.select({ total: count() }).from(clinics).where(where).then(([r]) => Number(r.total));
  const order = near ? [near.order, asc(clinics.id)] : [asc(clinics.name), asc(clinics.id)];
  // The page as ids first (id, chord, exact total), then the 20 rows and their services: the
  // candidates of the radius box need no more than the index would hold (a GiST index on
  // earth_point INCLUDE (tenant_id, is_active, id) would make that part index-only).
  const candidates = ctx.db
    .select({
      id: clinics.id,
      chord: (near ? near.order : sql`null::float8`).as('chord'),
      total: (near ? sql<number>`count(*) over ()` : sql<null>`null::bigint`).as('total'),
    })
    .from(clinics)
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(offsetOf(q))
    .as('page');
  const pageQuery = ctx.db
    .select({
      clinic: clinics,
      miles: near ? sql<number>`sec_to_gc(${candidates.chord}) / ${METERS_PER_MILE}::float8` : sql<null>`null`,
      total: candidates.total,
      serviceIds: offeredServiceIds,
    })
    .from(candidates)
    .innerJoin(clinics, eq(clinics.id, candidates.id))
    .orderBy(...(near ? [asc(candidates.chord), asc(candidates.id)] : [asc(clinics.name), asc(clinics.id)]));
  return { near, pageQuery, countAll };
}

/**
 * With a position, the page query also carries the exact total (`count(*) over ()`: the exact total
 * needs every candidate of the radius box anyway, so the page is the top 20 of them); the token's
 * orderable services come in parallel. Without a position the page walks the (tenant_id, name, id)
 * index and the total is a separate count, in parallel too; so is the total of a page past the end
 * (no row to carry it).
 */
export async function searchClinics(ctx: Ctx, q: SearchClinicsQuery): Promise<Page<Clinic>> {
  const { near, pageQuery, countAll } = await buildClinicSearch(ctx, q);
  let rows: Awaited<typeof pageQuery>;
  let total: number;
  let orderable: Awaited<ReturnType<typeof orderableServices>>;
  if (near) {
    [rows, orderable] = await Promise.all([pageQuery, orderableServices(ctx)]);
    total = rows.length ? Number(rows[0].total) : offsetOf(q) === 0 ? 0 : await countAll();
  } else {
    [rows, total, orderable] = await Promise.all([pageQuery, countAll(), orderableServices(ctx)]);
  }
  const data = rows.map(({ clinic, miles, serviceIds }) => {
    const offered = new Set(serviceIds ?? []);
    const entries = orderable.filter((s) => offered.has(s.id)).map((s) => ({ ...s, clinicId: clinic.id }));
    return serializeClinic(clinic, entries, near ? Math.round(Number(miles) * 10) / 10 : undefined);
  });
  return page(data, total, q);
}
