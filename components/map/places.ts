/**
 * Place names around a search, for the map's offline base layer: without tiles the map shows only
 * state outlines, which say little at city scale. The towns near the searched place (lib/geo/zips.ts,
 * from the offline ZIP data set the geocoder uses) label it instead; the map shows as many as fit
 * without overlapping. Server-only: the data set stays out of the client bundles.
 */
import 'server-only';
import type { Position } from '@/lib/geo/geocode';
import { townsAround, type Town } from '@/lib/geo/zips';

export type PlaceLabel = Town;

const round4 = (degrees: number) => Math.round(degrees * 1e4) / 1e4;

/** Up to `max` towns within about twice the radius (the map shows more than the circle), positions to 4 decimals for the page's payload. */
export function placesAround(origin: Position, radiusMiles: number, max = 60): PlaceLabel[] {
  return townsAround(origin, Math.max(radiusMiles * 2, 15), max).map((t) => ({ ...t, lat: round4(t.lat), long: round4(t.long) }));
}
