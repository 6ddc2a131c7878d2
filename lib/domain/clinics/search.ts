/**
 * Clinic search (DESIGN.md "Clinic search", spec 2.10 / 4.7): clinics of the principal's tenant,
 * nearest first around a position, or by name without one.
 *
 * Near and offering all the required services is the SQL of ./nearby.ts (`nearbyClinicsSql`,
 * `nearSql`): the radius box on the GiST index `clinics_earth_point_idx` (which INCLUDEs tenant_id,
 * is_active and id, migration 0006, so the candidates are an index-only scan), the exact check
 * against the radius, the order by distance; the same SQL runs on PGlite and PostgreSQL. The exact
 * total needs all the candidates, so the top of the page is a top-N sort. The search adds that each
 * required service is one the token can order.
 * A search is one prepared statement per filter shape (`buildStatements`) returning one JSON value:
 * the page's clinic fields, the ids of the services each offers, the exact total, and the services
 * the token can order, which name each clinic's `services` (as `orderableServicesOfClinics`).
 */
import { and, asc, count, eq, fillPlaceholders, ilike, type Placeholder, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { genericPlanDb, type Db } from '@/lib/db/client';
import { executeNamed, pgliteClientOf } from '@/lib/db/pglite-statements';
import { clinics, packageServices, packages, services } from '@/lib/db/schema';
import { orderablePackage, orderableServiceIds } from '@/lib/domain/access';
import type { Ctx } from '@/lib/domain/context';
import { DomainError } from '@/lib/domain/errors';
import { likePattern, offsetOf, page, PageQuery, TextFilter, type Page } from '@/lib/domain/pagination';
import { API, serviceEntry } from '@/lib/domain/contract/representation';
import { geocodeNear, type Position } from '@/lib/geo/geocode';
import type { Clinic } from './index';
import { effectiveZoneSql, isOpenInWeekSql, openStatusSql } from './hours';
import { milesOfChord, nearbyClinicsSql } from './nearby';
import { CAPABILITIES, type Capability } from '@/lib/domain/contract/clinic-hours';

export const DEFAULT_RADIUS_MILES = 25;
export const MAX_RADIUS_MILES = 500;
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

const CapabilityList = z
  .string()
  .min(1)
  .max(1000)
  .transform((s) => [...new Set(s.split(',').map((v) => v.trim()).filter(Boolean))])
  .pipe(z.array(z.enum(CAPABILITIES)).min(1).max(CAPABILITIES.length))
  .meta({ type: 'string', description: `Comma-separated capabilities (${CAPABILITIES.join(', ')}); the clinic has all of them.` } as Record<string, unknown>);

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
  capabilities: CapabilityList.optional(),
  openAt: z.iso.datetime({ offset: true }).optional().describe('Only clinics open at this instant (in each clinic\'s own time zone); each result\'s `openStatus` is at this instant.'),
  openNow: z.enum(['true', 'false']).optional().transform((v) => v === 'true').describe('`true`: only clinics open now, as `openAt` with the current time.'),
})
  .superRefine((q, ctx) => {
    if (q.openAt !== undefined && q.openNow) issue(ctx, 'openNow', 'invalidValue', 'Query parameter "openNow" cannot be combined with "openAt": give one instant.');
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
  .transform(({ lat, long, near, radius, openAt, openNow, capabilities, ...rest }) => {
    const position: Position | null = near !== undefined ? geocodeNear(near) : lat !== undefined && long !== undefined ? { lat, long } : null;
    // `openNow` is read when the search runs (`openInstant`), not when the query is parsed.
    const open: OpenFilter | undefined = openAt !== undefined ? { at: new Date(openAt) } : openNow ? 'now' : undefined;
    return {
      ...rest,
      position,
      radius: radius ?? DEFAULT_RADIUS_MILES,
      ...(capabilities !== undefined ? { capabilities: capabilities as Capability[] } : {}),
      ...(open !== undefined ? { open } : {}),
    };
  });
/** The instant a search asks clinics to be open at: a given one, or the time of the search. */
type OpenFilter = { at: Date } | 'now';
const openInstant = (open: OpenFilter) => (open === 'now' ? new Date() : open.at);
export type SearchClinicsQuery = z.output<typeof SearchClinicsQuery>;

/** Qualified: drizzle renders `clinics.id` as a bare "id", which a subquery would take for its own. */
const clinicId = sql.raw('"clinics"."id"');

/** The filters a search uses: the key of its prepared statements. */
interface SearchShape {
  position: boolean;
  name: boolean;
  services: boolean;
  capabilities: boolean;
  open: boolean;
}

const shapeOf = (q: SearchClinicsQuery, required: readonly string[]): SearchShape => ({
  position: q.position !== null,
  name: q.name !== undefined,
  services: required.length > 0,
  capabilities: q.capabilities !== undefined,
  open: q.open !== undefined,
});
const shapeKey = (s: SearchShape) =>
  `${s.position ? 'p' : ''}${s.name ? 'n' : ''}${s.services ? 's' : ''}${s.capabilities ? 'c' : ''}${s.open ? 'o' : ''}`;

const placeholder = sql.placeholder;
/** The principal, as the statements' placeholders: one prepared statement serves every token. */
const access = { tenantId: placeholder('tenantId'), companyIds: placeholder('companyIds') };
/** The services the token can order, as an array computed once per execution (an init plan). */
const orderableIds = sql`array${orderableServiceIds(access)}`;

/** Placeholder values of a search. */
function searchParams(ctx: Ctx, q: SearchClinicsQuery, required: string[]) {
  return {
    tenantId: ctx.tenantId,
    companyIds: ctx.companyIds,
    isActive: q.isActive,
    lat: q.position?.lat,
    long: q.position?.long,
    radius: q.radius,
    name: q.name !== undefined ? likePattern(q.name) : undefined,
    serviceIds: required,
    capabilities: q.capabilities ?? [],
    // The instant of `openStatus`: the filter's, else the time of the search.
    openAt: (q.open !== undefined ? openInstant(q.open) : new Date()).toISOString(),
    limit: q.limit,
    offset: offsetOf(q),
  };
}

/** The columns the opening hours are read from (DESIGN.md 6.3). */
const hoursColumns = { hours: clinics.hours, timeZone: clinics.timeZone, state: clinics.state };
/**
 * The same hours as minutes of the week (`clinics.open_week`, migration 0023, not in the drizzle
 * schema), with the zone columns: what the open filter reads, all INCLUDEd in the GiST index.
 */
const weekColumns = { openWeek: sql.raw('"clinics"."open_week"'), timeZone: clinics.timeZone, state: clinics.state };
/** The instant of a search (`openAt`, else the time of the search), computed once per execution (an init plan). */
const openAtValue = sql`(select ${placeholder('openAt')}::timestamptz)`;

/** Clinic fields of the representation as one JSON value, in `serializeClinic`'s order. */
const clinicDocument = sql<ClinicDocument>`json_build_object(
  'id', ${clinics.id}, 'object', 'clinic', 'name', ${clinics.name},
  'address', case when num_nonnulls(${clinics.line1}, ${clinics.line2}, ${clinics.city}, ${clinics.state}, ${clinics.postalCode}, ${clinics.country}) = 0 then null
    else json_build_object('object', 'address', 'line1', ${clinics.line1}, 'line2', ${clinics.line2}, 'city', ${clinics.city},
      'state', ${clinics.state}, 'postalCode', ${clinics.postalCode}, 'country', ${clinics.country}) end,
  'phone', ${clinics.phone},
  'coordinates', case when ${clinics.lat} is null or ${clinics.long} is null then null else json_build_object('lat', ${clinics.lat}, 'long', ${clinics.long}) end,
  'isActive', ${clinics.isActive},
  'timeZone', ${effectiveZoneSql(hoursColumns)}, 'hours', ${clinics.hours}, 'capabilities', ${clinics.capabilities})`;
type ClinicDocument = Omit<Clinic, 'services' | 'distance' | 'url' | 'openStatus'>;

/** Ids of the services each clinic offers, gathered by the page query for its rows only. */
const offeredServiceIds = sql<string[] | null>`(select json_agg(cs.service_id) from clinic_services cs where cs.clinic_id = ${clinicId})`;

/** A page as the statement returns it: one JSON value, parsed once by the driver. */
interface PageResult {
  /** [clinic fields, miles (null without a position), exact total, offered service ids, open status (null without a time zone)], in page order. */
  rows: Array<[ClinicDocument, number | null, number, string[] | null, Clinic['openStatus'] | null]> | null;
  /** The services the token can order, by name: [id, name, type]. */
  services: Array<[string, string, string]> | null;
}

/**
 * The statements of one search shape:
 * - `page`: one JSON value with the page and the token's orderable services (one round trip and
 *   one parse). The page's ids come first: with a position, the candidates of the radius box, their
 *   chord and the exact total over all of them (`count(*) over ()`: the total needs every candidate
 *   anyway); without one, a walk of the (tenant_id, name, id) index and a count. Then the page's
 *   clinics as JSON with the ids of the services they offer;
 * - `total`: the total alone, for a page past the end (no row to carry it).
 */
function buildStatements(db: Db, shape: SearchShape) {
  const key = shapeKey(shape);
  // Near the position, offering every required service, each one the token can order (2.10).
  const { where: nearby, near } = nearbyClinicsSql({
    tenantId: access.tenantId,
    isActive: placeholder('isActive'),
    position: shape.position ? { lat: placeholder('lat'), long: placeholder('long') } : null,
    radiusMiles: placeholder('radius'),
    serviceIds: shape.services ? placeholder('serviceIds') : null,
    among: orderableIds,
  });
  const where = and(
    nearby,
    shape.name ? ilike(clinics.name, placeholder('name')) : undefined,
    // Every capability asked for (text[] containment), and open at the instant in the clinic's zone:
    // both read columns the GiST index INCLUDEs (migration 0023), so the candidates stay an
    // index-only scan; the open check is one multirange containment (`isOpenInWeekSql`).
    shape.capabilities ? sql`${clinics.capabilities} @> ${placeholder('capabilities')}::text[]` : undefined,
    shape.open ? isOpenInWeekSql(weekColumns, openAtValue) : undefined,
  );
  const countAll = db.select({ total: count() }).from(clinics).where(where);
  const candidates = db
    .select({
      id: clinics.id,
      chord: (near ? near.order : sql`null::float8`).as('chord'),
      total: (near ? sql`count(*) over ()` : sql`(${countAll})`).as('total'),
    })
    .from(clinics)
    .where(where)
    .orderBy(...(near ? [near.order, asc(clinics.id)] : [asc(clinics.name), asc(clinics.id)]))
    .limit(placeholder('limit'))
    .offset(placeholder('offset'))
    .as('page');
  const rows = db
    .select({
      row: sql`json_build_array(${clinicDocument}, ${near ? milesOfChord(sql`${candidates.chord}`) : sql`null`}, ${candidates.total}, ${offeredServiceIds},
        ${openStatusSql(hoursColumns, openAtValue)})`.as('row'),
      k1: (near ? sql`${candidates.chord}` : sql`${clinics.name}`).as('k1'),
      k2: sql`${candidates.id}`.as('k2'),
    })
    .from(candidates)
    .innerJoin(clinics, eq(clinics.id, candidates.id));
  const orderable = db
    .select({ service: sql`json_build_array(${services.id}, ${services.name}, ${services.type})`.as('service'), name: services.name, id: services.id })
    .from(services)
    .where(and(eq(services.tenantId, access.tenantId), sql`${services.id} = any(${orderableIds})`));
  return {
    page: db
      .select({
        result: sql<PageResult>`json_build_object(
          'rows', (select json_agg(r.row order by r.k1, r.k2) from ${rows.as('r')}),
          'services', (select json_agg(s.service order by s.name, s.id) from ${orderable.as('s')}))`,
      })
      .from(sql`(values (1)) as one`)
      .prepare(`search_clinics_${key}`),
    total: countAll.prepare(`count_clinics_${key}`),
  };
}

const prepared = new WeakMap<Db, Map<string, ReturnType<typeof buildStatements>>>();

/**
 * The statements of a shape on the handle that runs them. Shapes without a name filter plan
 * generically (genericPlanDb): their plan does not depend on the values (the GiST box or the name
 * index, checked with EXPLAIN on 105,000 clinics); a name pattern's selectivity does.
 */
function statementsFor(db: Db, shape: SearchShape) {
  const handle = shape.name ? db : genericPlanDb(db);
  let byShape = prepared.get(handle);
  if (!byShape) prepared.set(handle, (byShape = new Map()));
  const key = shapeKey(shape);
  let statements = byShape.get(key);
  if (!statements) byShape.set(key, (statements = buildStatements(handle, shape)));
  return statements;
}

/**
 * The page statement: through drizzle, or on an embedded database's root handle as a named PGlite
 * statement, parsed once (lib/db/pglite-statements.ts): in WebAssembly, parsing and planning it
 * cost ~1 ms per search. There PostgreSQL's own plan choice is kept: forcing the generic plan made
 * a search dearer on PGlite (2.6 against 2.1 ms of CPU near Dallas, 5.0 against 4.7 with
 * `openNow` and `capabilities`, 100,000 orders), unlike the list pages.
 */
async function runPage(db: Db, page: ReturnType<typeof buildStatements>['page'], shape: SearchShape, params: ReturnType<typeof searchParams>) {
  const pglite = pgliteClientOf(db);
  if (!pglite) return page.execute(params);
  const query = page.getQuery();
  const rows = await executeNamed(pglite, `search_clinics_${shapeKey(shape)}`, query.sql, fillPlaceholders(query.params, params), { generic: false });
  return rows.map(([result]) => ({ result: result as PageResult }));
}

/** The services of the package, which must be one the token can order (400 otherwise). */
async function packageServiceIds(ctx: Ctx, packageId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ serviceId: packageServices.serviceId })
    .from(packages)
    .leftJoin(packageServices, eq(packageServices.packageId, packages.id))
    .where(and(orderablePackage(ctx), eq(packages.id, packageId)));
  if (!rows.length) throw new DomainError('invalidValue', 'Query parameter "packageId" is not a package this token can order.', { pointer: '/packageId' });
  return rows.flatMap((r) => (r.serviceId ? [r.serviceId] : []));
}

/**
 * The page statement a search runs and its values. Exported for the benchmark and the tests,
 * which EXPLAIN exactly what the endpoint runs.
 */
export async function clinicSearchStatement(ctx: Ctx, q: SearchClinicsQuery) {
  const required = await requiredServiceIds(ctx, q);
  const query = statementsFor(ctx.db, shapeOf(q, required)).page.getQuery();
  return { sql: query.sql, params: fillPlaceholders(query.params, searchParams(ctx, q, required)) };
}

/** The clinic offers every one of `serviceIds` and of the package's services. */
async function requiredServiceIds(ctx: Ctx, q: SearchClinicsQuery): Promise<string[]> {
  const fromPackage = q.packageId !== undefined ? await packageServiceIds(ctx, q.packageId) : [];
  return [...new Set([...(q.serviceIds ?? []), ...fromPackage])];
}

/** One statement for the page, its exact total and the token's orderable services; a page past the end asks for its total alone. */
export async function searchClinics(ctx: Ctx, q: SearchClinicsQuery): Promise<Page<Clinic>> {
  const required = await requiredServiceIds(ctx, q);
  const shape = shapeOf(q, required);
  const statements = statementsFor(ctx.db, shape);
  const params = searchParams(ctx, q, required);
  const [{ result }] = await runPage(ctx.db, statements.page, shape, params);
  const rows = result.rows ?? [];
  const orderable = (result.services ?? []).map(([id, name, type]) => serviceEntry({ id, name, type }));
  const total = rows.length ? rows[0][2] : offsetOf(q) === 0 ? 0 : (await statements.total.execute(params))[0].total;
  const data = rows.map(([clinic, miles, , serviceIds, openStatus]): Clinic => {
    const offered = new Set(serviceIds ?? []);
    const { timeZone, hours, capabilities, ...fields } = clinic;
    return {
      ...fields,
      services: orderable.filter((s) => offered.has(s.id)),
      ...(miles !== null ? { distance: { miles: Math.round(miles * 10) / 10 } } : {}),
      url: `${API}/clinics/${clinic.id}`,
      timeZone,
      hours,
      capabilities,
      ...(openStatus ? { openStatus } : {}),
    };
  });
  return page(data, total, q);
}
