/**
 * Town names around the clinic for the pass page's offline map, from the offline ZIP data the
 * geocoder uses (towns with more ZIP codes first). The same idea as the clinic map's labels
 * (components/map/places.ts), which is marked server-only for the client bundles' sake and so cannot
 * be loaded by the route handler's tests; this is the pass page's small copy.
 */
import zipcodesPackage from 'zipcodes';
import { distanceMiles, type Position } from '@/lib/geo/geocode';

interface ZipRecord {
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

const zipcodes = zipcodesPackage as { codes: Record<string, ZipRecord> };
let usZips: ZipRecord[] | undefined;

const titleCase = (city: string) => (city === city.toUpperCase() ? city.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase()) : city);

export function townsAround(origin: Position, reachMiles: number, max: number): Array<{ name: string; lat: number; long: number }> {
  usZips ??= Object.values(zipcodes.codes).filter((z) => z.country === 'US' && Number.isFinite(z.latitude) && z.latitude !== 0);
  const dLat = reachMiles / 69;
  const dLong = reachMiles / (69 * Math.max(0.2, Math.cos((origin.lat * Math.PI) / 180)));
  const towns = new Map<string, { name: string; lat: number; long: number; weight: number }>();
  for (const z of usZips) {
    if (Math.abs(z.latitude - origin.lat) > dLat || Math.abs(z.longitude - origin.long) > dLong) continue;
    if (distanceMiles(origin, { lat: z.latitude, long: z.longitude }) > reachMiles) continue;
    const key = `${z.city}|${z.state}`;
    const town = towns.get(key);
    if (town) [town.lat, town.long, town.weight] = [town.lat + z.latitude, town.long + z.longitude, town.weight + 1];
    else towns.set(key, { name: titleCase(z.city), lat: z.latitude, long: z.longitude, weight: 1 });
  }
  return [...towns.values()]
    .sort((a, b) => b.weight - a.weight || a.name.localeCompare(b.name))
    .slice(0, max)
    .map((t) => ({ name: t.name, lat: t.lat / t.weight, long: t.long / t.weight }));
}
