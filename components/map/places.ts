/**
 * Place names around a search, for the map's offline base layer: without tiles the map shows only
 * state outlines, which say little at city scale. The towns near the searched place, taken from the
 * same offline ZIP data set the geocoder uses, label it instead. Towns with more ZIP codes rank
 * first (a fair stand-in for size); the map shows as many as fit without overlapping.
 */
import 'server-only';
import zipcodesPackage from 'zipcodes';
import { distanceMiles, type Position } from '@/lib/geo/geocode';

export interface PlaceLabel {
  name: string;
  lat: number;
  long: number;
  /** Number of ZIP codes: the ranking. */
  weight: number;
}

interface ZipRecord {
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

const zipcodes = zipcodesPackage as { codes: Record<string, ZipRecord> };

let usZips: ZipRecord[] | undefined;

function titleCase(city: string): string {
  return city === city.toUpperCase() ? city.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase()) : city;
}

/** Up to `max` towns within about twice the radius (the map shows more than the circle). */
export function placesAround(origin: Position, radiusMiles: number, max = 60): PlaceLabel[] {
  usZips ??= Object.values(zipcodes.codes).filter((z) => z.country === 'US' && Number.isFinite(z.latitude) && z.latitude !== 0);
  const reach = Math.max(radiusMiles * 2, 15);
  // A cheap box test first: a degree of latitude is ~69 miles.
  const dLat = reach / 69;
  const dLong = reach / (69 * Math.max(0.2, Math.cos((origin.lat * Math.PI) / 180)));
  const towns = new Map<string, { name: string; lat: number; long: number; weight: number }>();
  for (const z of usZips) {
    if (Math.abs(z.latitude - origin.lat) > dLat || Math.abs(z.longitude - origin.long) > dLong) continue;
    if (distanceMiles(origin, { lat: z.latitude, long: z.longitude }) > reach) continue;
    const key = `${z.city}|${z.state}`;
    const town = towns.get(key);
    if (town) {
      town.lat += z.latitude;
      town.long += z.longitude;
      town.weight++;
    } else towns.set(key, { name: titleCase(z.city), lat: z.latitude, long: z.longitude, weight: 1 });
  }
  return [...towns.values()]
    .map((t) => ({ name: t.name, lat: Math.round((t.lat / t.weight) * 1e4) / 1e4, long: Math.round((t.long / t.weight) * 1e4) / 1e4, weight: t.weight }))
    .sort((a, b) => b.weight - a.weight || a.name.localeCompare(b.name))
    .slice(0, max);
}
