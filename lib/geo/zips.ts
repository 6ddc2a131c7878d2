/**
 * The offline ZIP data set (the `zipcodes` package) as places: its US ZIP codes with a position,
 * the name of their town, and the towns around a point. One home for the clinic map's place labels
 * (components/map/places.ts), the pass page's mini map (app/pass/mini-map.ts), the demo seed's
 * addresses (lib/seed/geo.ts) and the clinics file generator (scripts/generate-clinics-csv.ts);
 * the geocoder (./geocode.ts) reads the same records.
 */
import zipcodesPackage from 'zipcodes';
import { distanceMiles, type Position } from './geocode';

/** One ZIP code of the data set. */
export interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

const zipcodes = zipcodesPackage as { codes: Record<string, ZipRecord> };

let usZips: ZipRecord[] | undefined;

/** The US ZIP codes with a position (a finite, non-zero latitude and longitude), in the data set's order. */
export function usZipPlaces(): readonly ZipRecord[] {
  usZips ??= Object.values(zipcodes.codes).filter(
    (z) => z.country === 'US' && Number.isFinite(z.latitude) && Number.isFinite(z.longitude) && z.latitude !== 0 && z.longitude !== 0,
  );
  return usZips;
}

/** A town's name as people write it: the data set's upper-case names in title case (`FORT WORTH` -> `Fort Worth`), others as they are. */
export function townName(city: string): string {
  return city === city.toUpperCase() ? city.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase()) : city;
}

export interface Town {
  name: string;
  /** The centre of the town's ZIP codes within reach. */
  lat: number;
  long: number;
  /** The number of those ZIP codes: the ranking (a fair stand-in for size). */
  weight: number;
}

/**
 * Up to `max` towns (a town is a city and state) with ZIP codes within `reachMiles` of `origin`,
 * those with more ZIP codes first, then by name.
 */
export function townsAround(origin: Position, reachMiles: number, max: number): Town[] {
  // A cheap box test first: a degree of latitude is ~69 miles.
  const dLat = reachMiles / 69;
  const dLong = reachMiles / (69 * Math.max(0.2, Math.cos((origin.lat * Math.PI) / 180)));
  const towns = new Map<string, Town>();
  for (const z of usZipPlaces()) {
    if (Math.abs(z.latitude - origin.lat) > dLat || Math.abs(z.longitude - origin.long) > dLong) continue;
    if (distanceMiles(origin, { lat: z.latitude, long: z.longitude }) > reachMiles) continue;
    const key = `${z.city}|${z.state}`;
    const town = towns.get(key);
    if (town) {
      town.lat += z.latitude;
      town.long += z.longitude;
      town.weight++;
    } else towns.set(key, { name: townName(z.city), lat: z.latitude, long: z.longitude, weight: 1 });
  }
  return [...towns.values()]
    .sort((a, b) => b.weight - a.weight || a.name.localeCompare(b.name))
    .slice(0, max)
    .map((t) => ({ ...t, lat: t.lat / t.weight, long: t.long / t.weight }));
}

export interface NamedPlace {
  /** `Dallas, TX`: what the clinic search's `near` takes. */
  near: string;
  /** The number of the place's ZIP codes: the ranking (a fair stand-in for size). */
  weight: number;
}

let placesByName: Map<string, { name: string; states: Map<string, number> }> | undefined;

/**
 * The places (a city and its state) of the data set named `city` (any case, spaces collapsed),
 * those with more ZIP codes first, then by state: "Dallas" gives Dallas, TX before Dallas, GA.
 */
export function placesNamed(city: string, max = 8): NamedPlace[] {
  if (!placesByName) {
    placesByName = new Map();
    for (const z of usZipPlaces()) {
      const key = z.city.toLowerCase();
      const entry = placesByName.get(key) ?? { name: townName(z.city), states: new Map<string, number>() };
      entry.states.set(z.state, (entry.states.get(z.state) ?? 0) + 1);
      placesByName.set(key, entry);
    }
  }
  const entry = placesByName.get(city.trim().replace(/\s+/g, ' ').toLowerCase());
  if (!entry) return [];
  const { name, states } = entry;
  return [...states.entries()]
    .sort(([a, m], [b, n]) => n - m || a.localeCompare(b))
    .slice(0, max)
    .map(([state, weight]) => ({ near: `${name}, ${state}`, weight }));
}
