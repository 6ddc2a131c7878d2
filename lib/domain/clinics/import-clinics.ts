/**
 * The clinic network of a tenant from a file (`clinics import`, DESIGN.md 6.4): columns
 * externalId,name,phone,line1,line2,city,state,postalCode,country,lat,long,isActive,services.
 * A clinic is added, or updated when the tenant has one with that externalId; a line equal to the
 * clinic on file is `unchanged` and not written. `services` is `serviceId:price;serviceId:price`
 * (price in US dollars), serviceId being a service's id or, when no service has that id, its
 * externalId; the list replaces what the clinic offers. Without lat/long the position is the ZIP
 * code's (offline, the `zipcodes` data set). The search's `earth_point` follows from lat/long through
 * its trigger (migration 0001), so the GiST index is right as soon as the import commits.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/lib/db/client';
import { clinics, clinicServices, services } from '@/lib/db/schema';
import { geocodeZip } from '@/lib/geo/geocode';
import { stateByCode } from '@/lib/geo/us-states';
import { newId } from '@/lib/ids';
import { isTimeZone, zoneOf } from './hours';
import { CAPABILITIES, DAYS, OpeningHours, type Capability, type Day } from '@/lib/domain/contract/clinic-hours';
import { FieldReader, runImport, type BatchCounts, type ImportOptions, type ImportRecord, type ImportResult } from '@/lib/domain/imports';

export const CLINIC_COLUMNS = [
  'externalId', 'name', 'phone', 'line1', 'line2', 'city', 'state', 'postalCode', 'country', 'lat', 'long', 'isActive', 'services',
  'timeZone', 'hours', 'capabilities',
] as const;
const REQUIRED = ['externalId', 'name'] as const;
/** A price above this is a typing error (prices are stored in cents, as integers). */
const MAX_PRICE_DOLLARS = 100_000;
const MAX_SERVICES_PER_CLINIC = 200;

export interface ClinicImportRow {
  externalId: string;
  name: string;
  phone: string | null;
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string;
  lat: number;
  long: number;
  isActive: boolean;
  /** [service id, price in cents], by service id. */
  services: Array<[string, number]>;
  /** IANA zone; empty in the file: the zone of the state (by position where it spans two). */
  timeZone: string | null;
  hours: OpeningHours[];
  capabilities: Capability[];
}

const DAY_ABBREVIATIONS: Record<string, Day> = Object.fromEntries(DAYS.map((d) => [d.slice(0, 3), d]));

/**
 * The `hours` column: `;`-separated groups of days and intervals, `mon-fri 08:00-17:00;sat
 * 09:00-13:00`. Days are three-letter names, ranges (`fri-mon` wraps), lists (`mon,wed`) or
 * `daily`; several intervals of a day are comma-separated (`mon-fri 08:00-12:00,13:00-17:00`);
 * `24:00` closes at midnight. Empty: by appointment. Returns the hours or the problem.
 */
export function parseHours(text: string): { hours: OpeningHours[] } | { problem: string } {
  const hours: OpeningHours[] = [];
  for (const group of text.split(';').map((g) => g.trim()).filter(Boolean)) {
    const match = /^(\S+)\s+(\S+)$/.exec(group);
    if (!match) return { problem: `hours: "${group}" is not "days HH:MM-HH:MM" (such as mon-fri 08:00-17:00).` };
    const days: Day[] = [];
    for (const part of match[1].toLowerCase().split(',')) {
      if (part === 'daily') days.push(...DAYS);
      else if (DAY_ABBREVIATIONS[part]) days.push(DAY_ABBREVIATIONS[part]);
      else {
        const [from, to] = part.split('-');
        const a = DAYS.indexOf(DAY_ABBREVIATIONS[from]);
        const b = DAYS.indexOf(DAY_ABBREVIATIONS[to]);
        if (a < 0 || b < 0) return { problem: `hours: "${part}" is not a day (mon, tue, wed, thu, fri, sat, sun), a range such as mon-fri, or daily.` };
        for (let i = a; ; i = (i + 1) % 7) {
          days.push(DAYS[i]);
          if (i === b) break;
        }
      }
    }
    for (const interval of match[2].split(',')) {
      const [opens, closes, extra] = interval.split('-');
      for (const day of days) {
        const parsed = OpeningHours.safeParse({ day, opens, closes });
        if (extra !== undefined || !parsed.success)
          return { problem: `hours: "${interval}" is not an interval HH:MM-HH:MM within a day (opens 00:00 to 23:59, closes after it, 24:00 for midnight).` };
        hours.push(parsed.data);
      }
    }
  }
  const seen = new Set<string>();
  for (const h of hours) {
    const key = `${h.day} ${h.opens}`;
    if (seen.has(key)) return { problem: `hours: ${h.day} ${h.opens} is given twice.` };
    seen.add(key);
  }
  const sorted = hours.sort((x, y) => DAYS.indexOf(x.day) - DAYS.indexOf(y.day) || (x.opens < y.opens ? -1 : 1));
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i].day === sorted[i - 1].day && sorted[i].opens < sorted[i - 1].closes)
      return { problem: `hours: the intervals of ${sorted[i].day} overlap (${sorted[i - 1].opens}-${sorted[i - 1].closes} and ${sorted[i].opens}-${sorted[i].closes}).` };
  return { hours: sorted };
}

/** A reference in the `services` column to the id of one of the tenant's services. */
export type ServiceResolver = (reference: string) => string | undefined;

/** The tenant's services by id, then by externalId. */
export async function serviceResolver(db: Db, tenantId: string): Promise<ServiceResolver> {
  const rows = await db.select({ id: services.id, externalId: services.externalId }).from(services).where(eq(services.tenantId, tenantId));
  const ids = new Set(rows.map((r) => r.id));
  const byExternalId = new Map(rows.filter((r) => r.externalId !== null).map((r) => [r.externalId!, r.id]));
  return (reference) => (ids.has(reference) ? reference : byExternalId.get(reference));
}

/** E.164: `+` and 8 to 15 digits; a 10-digit US number (any punctuation) gets +1. */
function normalizePhone(text: string): string | null {
  const compact = text.replace(/[\s().-]/g, '');
  if (/^\+[1-9]\d{7,14}$/.test(compact)) return compact;
  if (/^1?[2-9]\d{9}$/.test(compact)) return `+1${compact.slice(-10)}`;
  return null;
}

/** Dollars as text (`55`, `55.5`, `55.50`) to cents. */
function cents(text: string): number | null {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return value <= MAX_PRICE_DOLLARS * 100 ? value : null;
}

function coordinate(read: FieldReader, column: 'lat' | 'long', text: string, limit: number): number | null {
  const value = /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  return read.check(Math.abs(value) <= limit, value, `${column} "${text}" is not a number from -${limit} to ${limit}.`);
}

/** One line's fields (by column, trimmed) to a clinic, or what is wrong with them. */
export function validateClinicRow(fields: Readonly<Record<string, string>>, resolveService: ServiceResolver): { row: ClinicImportRow } | { problems: string[] } {
  const read = new FieldReader(fields);
  const externalId = read.text('externalId', { required: true });
  const name = read.text('name', { required: true });
  const phoneText = read.text('phone', { max: 40 });
  const phone = phoneText === null ? null : read.check(normalizePhone(phoneText) !== null, normalizePhone(phoneText), `phone "${phoneText}" is not a phone number (E.164 such as +15125550100, or 10 US digits).`);
  const line1 = read.text('line1');
  const line2 = read.text('line2');
  const city = read.text('city', { max: 100 });
  const stateText = read.text('state', { max: 100 });
  const state = stateText === null ? null : read.check(stateByCode(stateText) !== undefined, stateText.toUpperCase(), `state "${stateText}" is not a US state code (TX, NY...).`);
  const postalCode = read.text('postalCode', { max: 10 });
  if (postalCode !== null) read.check(/^\d{5}(-\d{4})?$/.test(postalCode), null, `postalCode "${postalCode}" is not a US ZIP code (12345 or 12345-6789).`);
  const countryText = read.text('country', { max: 100 });
  const country = countryText === null || countryText.toUpperCase() === 'US' ? 'US' : read.check(false, '', `country "${countryText}" is not US (the clinic network is in the US; empty means US).`);
  const isActive = read.boolean('isActive', true);

  // The position: lat and long, or the ZIP code's.
  const latText = fields.lat ?? '';
  const longText = fields.long ?? '';
  let position: { lat: number | null; long: number | null } | null = null;
  if (latText !== '' || longText !== '') {
    if (latText === '' || longText === '') read.check(false, null, 'lat and long go together: give both, or neither to use the ZIP code.');
    else position = { lat: coordinate(read, 'lat', latText, 90), long: coordinate(read, 'long', longText, 180) };
  } else if (postalCode === null) {
    read.check(false, null, 'A position is required: give postalCode (a US ZIP code) or lat and long.');
  } else if (/^\d{5}(-\d{4})?$/.test(postalCode)) {
    const zip = geocodeZip(postalCode);
    position = read.check(zip !== null, zip, `postalCode "${postalCode}" is not a known US ZIP code: give lat and long.`);
  }

  const offered: Array<[string, number]> = [];
  const seen = new Set<string>();
  const entries = (fields.services ?? '').split(';').map((e) => e.trim()).filter(Boolean);
  if (entries.length > MAX_SERVICES_PER_CLINIC) read.check(false, null, `services lists ${entries.length} services; at most ${MAX_SERVICES_PER_CLINIC}.`);
  for (const entry of entries.slice(0, MAX_SERVICES_PER_CLINIC)) {
    const colon = entry.lastIndexOf(':');
    const reference = entry.slice(0, colon).trim();
    const priceText = entry.slice(colon + 1).trim();
    if (colon <= 0 || priceText === '') {
      read.check(false, null, `services: "${entry}" is not serviceId:price.`);
      continue;
    }
    const id = resolveService(reference);
    const price = cents(priceText);
    if (id === undefined) read.check(false, null, `services: "${reference}" is neither the id nor the externalId of a service of this tenant.`);
    if (price === null) read.check(false, null, `services: the price "${priceText}" of "${reference}" is not an amount in US dollars up to ${MAX_PRICE_DOLLARS} (55 or 55.00).`);
    if (id === undefined || price === null) continue;
    if (seen.has(id)) {
      read.check(false, null, `services: "${reference}" is listed twice.`);
      continue;
    }
    seen.add(id);
    offered.push([id, price]);
  }
  offered.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

  // Clinic facts (DESIGN.md 6.3): zone, weekly hours, capabilities.
  const zoneText = read.text('timeZone', { max: 64 });
  const timeZone =
    zoneText !== null
      ? read.check(isTimeZone(zoneText), zoneText, `timeZone "${zoneText}" is not an IANA time zone (America/Chicago...).`)
      : zoneOf(state, position?.lat, position?.long);
  const hoursText = read.text('hours', { max: 1000 });
  const parsedHours = hoursText === null ? { hours: [] } : parseHours(hoursText);
  if ('problem' in parsedHours) read.check(false, null, parsedHours.problem);
  const capabilities: Capability[] = [];
  for (const c of (fields.capabilities ?? '').split(/[;,]/).map((v) => v.trim()).filter(Boolean)) {
    if (!(CAPABILITIES as readonly string[]).includes(c)) read.check(false, null, `capabilities: "${c}" is not one of ${CAPABILITIES.join(', ')}.`);
    else if (!capabilities.includes(c as Capability)) capabilities.push(c as Capability);
  }
  capabilities.sort((a, b) => CAPABILITIES.indexOf(a) - CAPABILITIES.indexOf(b));

  return read.result({
    externalId,
    name,
    phone,
    line1,
    line2,
    city,
    state,
    postalCode,
    country: country ?? 'US',
    lat: position?.lat ?? 0,
    long: position?.long ?? 0,
    isActive,
    services: offered,
    timeZone,
    hours: 'hours' in parsedHours ? parsedHours.hours : [],
    capabilities,
  });
}

/** A clinic on file as the import compares it: the same fields as ClinicImportRow. */
type Stored = Omit<ClinicImportRow, 'country'> & { id: string; country: string | null };

const FIELDS = ['name', 'phone', 'line1', 'line2', 'city', 'state', 'postalCode', 'country', 'lat', 'long', 'isActive', 'timeZone'] as const;
const LISTS = ['services', 'hours', 'capabilities'] as const;

function unchanged(before: Stored, row: ClinicImportRow): boolean {
  return FIELDS.every((f) => before[f] === row[f]) && LISTS.every((f) => JSON.stringify(before[f]) === JSON.stringify(row[f]));
}

/** `"clinics"."id"` qualified, for the correlated subquery (drizzle would render a bare "id"). */
const clinicId = sql.raw('"clinics"."id"');

/** The tenant's clinics of these externalIds, as the import compares them, by externalId. */
async function storedClinics(db: Db, tenantId: string, rows: readonly ClinicImportRow[]): Promise<Map<string, Stored>> {
  const existing = await db
    .select({
      id: clinics.id,
      externalId: clinics.externalId,
      name: clinics.name,
      phone: clinics.phone,
      line1: clinics.line1,
      line2: clinics.line2,
      city: clinics.city,
      state: clinics.state,
      postalCode: clinics.postalCode,
      country: clinics.country,
      lat: clinics.lat,
      long: clinics.long,
      isActive: clinics.isActive,
      timeZone: clinics.timeZone,
      hours: clinics.hours,
      capabilities: clinics.capabilities,
      services: sql<Array<[string, number]>>`(select coalesce(json_agg(json_build_array(cs.service_id, cs.price_cents) order by cs.service_id), '[]'::json)
        from ${clinicServices} cs where cs.clinic_id = ${clinicId})`,
    })
    .from(clinics)
    .where(and(eq(clinics.tenantId, tenantId), inArray(clinics.externalId, rows.map((r) => r.externalId))));
  return new Map(existing.map((e) => [e.externalId!, e as Stored]));
}

type RowOutcome = 'inserted' | 'updated' | 'unchanged';

function outcomeOf(before: ReadonlyMap<string, Stored>, row: ClinicImportRow): RowOutcome {
  const stored = before.get(row.externalId);
  return !stored ? 'inserted' : unchanged(stored, row) ? 'unchanged' : 'updated';
}

/** What `upsertClinics` would do to each row, without writing. */
export async function classifyClinics(db: Db, tenantId: string, rows: readonly ClinicImportRow[]): Promise<RowOutcome[]> {
  if (!rows.length) return [];
  const before = await storedClinics(db, tenantId, rows);
  return rows.map((r) => outcomeOf(before, r));
}

/** Adds the clinics the tenant lacks and updates those that differ, by externalId (distinct in `rows`). */
export async function upsertClinics(db: Db, tenantId: string, rows: readonly ClinicImportRow[]): Promise<BatchCounts> {
  if (!rows.length) return { inserted: 0, updated: 0, unchanged: 0, outcomes: [] };
  const before = await storedClinics(db, tenantId, rows);
  const outcomes = rows.map((r) => outcomeOf(before, r));
  const changed = rows.filter((_, i) => outcomes[i] !== 'unchanged');
  if (!changed.length) return { inserted: 0, updated: 0, unchanged: rows.length, outcomes };

  const clinicJson = JSON.stringify(
    changed.map((r) => ({
      id: before.get(r.externalId)?.id ?? newId(),
      tenant_id: tenantId,
      external_id: r.externalId,
      name: r.name,
      phone: r.phone,
      address_line1: r.line1,
      address_line2: r.line2,
      address_city: r.city,
      address_state: r.state,
      address_postal_code: r.postalCode,
      address_country: r.country,
      lat: r.lat,
      long: r.long,
      is_active: r.isActive,
      time_zone: r.timeZone,
      hours: r.hours,
      capabilities: r.capabilities,
    })),
  );
  // `lat`/`long` in the update fire the trigger that keeps earth_point (and so the GiST index) right.
  const written = rowsOf<{ id: string; external_id: string }>(
    await db.execute(sql`insert into ${clinics} (id, tenant_id, external_id, name, phone, address_line1, address_line2, address_city, address_state,
        address_postal_code, address_country, lat, long, is_active, time_zone, hours, capabilities)
      select id, tenant_id, external_id, name, phone, address_line1, address_line2, address_city, address_state,
        address_postal_code, address_country, lat, long, is_active, time_zone, hours, capabilities
      from json_populate_recordset(null::${clinics}, ${clinicJson}::json)
      on conflict (tenant_id, external_id) do update set name = excluded.name, phone = excluded.phone,
        address_line1 = excluded.address_line1, address_line2 = excluded.address_line2, address_city = excluded.address_city,
        address_state = excluded.address_state, address_postal_code = excluded.address_postal_code,
        address_country = excluded.address_country, lat = excluded.lat, long = excluded.long, is_active = excluded.is_active,
        time_zone = excluded.time_zone, hours = excluded.hours, capabilities = excluded.capabilities
      returning id, external_id`),
  );
  const idOf = new Map(written.map((w) => [w.external_id, w.id]));
  const replaced = changed.filter((r) => before.has(r.externalId)).map((r) => idOf.get(r.externalId)!);
  if (replaced.length) await db.delete(clinicServices).where(inArray(clinicServices.clinicId, replaced));
  const offered = changed.flatMap((r) => r.services.map(([serviceId, priceCents]) => ({ clinic_id: idOf.get(r.externalId), service_id: serviceId, price_cents: priceCents })));
  if (offered.length) {
    await db.execute(sql`insert into ${clinicServices} (clinic_id, service_id, price_cents)
      select clinic_id, service_id, price_cents from json_populate_recordset(null::${clinicServices}, ${JSON.stringify(offered)}::json)
      on conflict (clinic_id, service_id) do update set price_cents = excluded.price_cents`);
  }
  const updated = replaced.length;
  return { inserted: changed.length - updated, updated, unchanged: rows.length - changed.length, outcomes };
}

/** `clinics import`: streams `records` (header first) into the tenant's clinic network. */
export function importClinics(db: Db, tenantId: string, records: AsyncIterable<ImportRecord>, options: ImportOptions = {}): Promise<ImportResult> {
  return runImport<ClinicImportRow>(db, records, options, async (tx) => {
    const resolveService = await serviceResolver(tx, tenantId);
    return {
      columns: CLINIC_COLUMNS,
      required: REQUIRED,
      validate: (fields) => validateClinicRow(fields, resolveService),
      write: (rows) => upsertClinics(tx, tenantId, rows),
      classify: (rows) => classifyClinics(tx, tenantId, rows),
    };
  });
}
