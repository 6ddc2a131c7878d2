/**
 * Offline geocoding of US ZIP codes and "City, ST" from the `zipcodes` data set (no network at
 * run time).
 */
import zipcodesPackage from 'zipcodes';
import type { ZipRecord } from './zips';

const zipcodes = zipcodesPackage as {
  lookup(zip: string): ZipRecord | undefined;
  lookupByName(city: string, state: string): ZipRecord[];
};

export interface Position {
  lat: number;
  long: number;
}

export function geocodeZip(zip: string): Position | null {
  const hit = zipcodes.lookup(zip.slice(0, 5));
  return hit && hit.country === 'US' ? { lat: hit.latitude, long: hit.longitude } : null;
}

export function geocodeCity(city: string, state: string): Position | null {
  const hits = (zipcodes.lookupByName(city.trim(), state.trim().toUpperCase()) ?? []).filter((h) => h.country === 'US');
  if (hits.length === 0) return null;
  // The centre of the city's ZIP codes.
  const lat = hits.reduce((s, h) => s + h.latitude, 0) / hits.length;
  const long = hits.reduce((s, h) => s + h.longitude, 0) / hits.length;
  return { lat: Math.round(lat * 1e4) / 1e4, long: Math.round(long * 1e4) / 1e4 };
}

/** A 5-digit ZIP code or "City, ST". */
export function geocodeNear(near: string): Position | null {
  const text = near.trim();
  if (/^\d{5}(-\d{4})?$/.test(text)) return geocodeZip(text);
  const match = /^(.+?),\s*([A-Za-z]{2})$/.exec(text);
  return match ? geocodeCity(match[1], match[2]) : null;
}

const EARTH_RADIUS_MILES = 3958.7613;

/** Great-circle distance in miles (haversine), as PostgreSQL's earthdistance computes it. */
export function distanceMiles(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLong = (b.long - a.long) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLong / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}
