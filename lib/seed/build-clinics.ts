/**
 * Collection-site clinics of one tenant at real US places: a few full-service clinics around each
 * location (so that every location finds clinics nearby), at least five per state, and the rest
 * spread over all ZIP codes. Each clinic offers a deterministic subset of the catalog at its prices.
 */
import { seedIds } from './ids';
import { Rng, daysBefore } from './random';
import { AREA_CODES, CLINIC_NAME_PATTERNS, STREET_NAMES, SUITES, US_STATES } from './names';
import { miles, type Geo, type Zip } from './geo';
import type { BuiltClinic, BuiltLocation, BuiltService, TenantRows } from './model';
import type { TenantSlug } from './tenants';
import { clinicFacts } from './clinic-facts';

export const CLINICS_PER_TENANT = 2500;
const NEAR_LOCATION = 4;
const PER_STATE = 5;
const WITHOUT_POSITION = 5;


export function buildClinics(
  slug: TenantSlug,
  tenantId: string,
  geo: Geo,
  locations: readonly BuiltLocation[],
  services: readonly BuiltService[],
  rows: TenantRows,
): BuiltClinic[] {
  const rng = new Rng(`${slug}/clinics`);
  // Hours and capabilities draw from their own stream: the clinics themselves stay as they were.
  const factsRng = new Rng(`${slug}/clinic-facts`);
  const keyOf = new Map(services.map((s) => [s.id, s.def.key]));
  const places: Array<{ zip: Zip; fullService: boolean }> = [];

  for (const location of locations) {
    const near = (geo.byState.get(location.state) ?? [])
      .map((z) => ({ z, d: miles(location.lat, location.long, z.latitude, z.longitude) }))
      .filter((x) => x.d <= 20)
      .sort((a, b) => a.d - b.d || (a.z.zip < b.z.zip ? -1 : 1));
    const picks = [near[0], ...rng.shuffle(near.slice(1)).slice(0, NEAR_LOCATION - 1)].filter(Boolean);
    picks.forEach((p, i) => places.push({ zip: p.z, fullService: i < 2 }));
  }
  for (const state of US_STATES) {
    const zips = geo.byState.get(state) ?? [];
    for (let i = 0; i < PER_STATE && zips.length > 0; i++) places.push({ zip: rng.pick(zips), fullService: false });
  }
  while (places.length < CLINICS_PER_TENANT) places.push({ zip: rng.pick(geo.all), fullService: false });

  // A handful of clinics have no position on file, spread through the list.
  const positionless = new Set<number>();
  for (let k = 0; k < WITHOUT_POSITION; k++) positionless.add(places.length - 1 - k * 397);

  const usedNames = new Set<string>();
  const clinics: BuiltClinic[] = [];
  places.forEach(({ zip, fullService }, i) => {
    const n = i + 1;
    const id = seedIds.clinic(slug, n);
    const street = rng.pick(STREET_NAMES);
    let name = rng.weighted(CLINIC_NAME_PATTERNS).replace('{city}', zip.city);
    if (usedNames.has(name)) name = `${name} (${street})`;
    for (let k = 2; usedNames.has(name); k++) name = `${name.replace(/ #\d+$/, '')} #${k}`;
    usedNames.add(name);
    const codes = AREA_CODES[zip.state];
    const phone = `+1${rng.pick(codes)}555${rng.int(1000, 9999)}`;
    const hasPosition = !positionless.has(i);
    const lat = hasPosition ? round6(zip.latitude + rng.float(-0.02, 0.02)) : null;
    const long = hasPosition ? round6(zip.longitude + rng.float(-0.02, 0.02)) : null;
    const isActive = fullService || rng.chance(0.9);
    const factor = fullService ? rng.float(0.7, 0.8) : rng.float(0.85, 1.2);
    const prices = new Map<string, number>();
    for (const s of services) {
      if (!fullService && !rng.chance(s.def.availability)) continue;
      const cents = Math.round((s.def.priceCents * factor * rng.float(0.9, 1.1)) / 100) * 100;
      prices.set(s.id, Math.min(15000, Math.max(2500, cents)));
    }
    rows.clinics.push({
      id,
      tenantId,
      name,
      phone,
      line1: `${rng.int(100, 9899)} ${street}`,
      line2: rng.chance(0.35) ? rng.pick(SUITES) : null,
      city: zip.city,
      state: zip.state,
      postalCode: zip.zip,
      country: 'US',
      lat,
      long,
      isActive,
      createdAt: daysBefore(rng.int(400, 900)),
      ...clinicFacts(factsRng, { name, state: zip.state, lat: zip.latitude, long: zip.longitude, fullService, serviceKeys: [...prices.keys()].map((id) => keyOf.get(id)!) }),
    });
    for (const [serviceId, priceCents] of prices) rows.clinicServices.push({ clinicId: id, serviceId, priceCents });
    clinics.push({ id, name, phone, city: zip.city, state: zip.state, zip: zip.zip, lat, long, isActive, prices });
  });
  return clinics;
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
