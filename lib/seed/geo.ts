/** Real US places from the `zipcodes` package (lib/geo/zips.ts), for addresses and clinic positions. */
import { US_STATES } from './names';

export interface Zip {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

export interface Geo {
  byZip: ReadonlyMap<string, Zip>;
  /** Zips of the 50 states and DC with a position, sorted by zip. */
  all: readonly Zip[];
  byState: ReadonlyMap<string, readonly Zip[]>;
  zip(code: string): Zip;
}

let cached: Promise<Geo> | undefined;

/** Loaded on first use only: the data set is ~5 MB of JavaScript. */
export function loadGeo(): Promise<Geo> {
  cached ??= (async () => {
    const { townName, usZipPlaces } = await import('@/lib/geo/zips');
    const states = new Set(US_STATES);
    const all = usZipPlaces()
      .filter((z) => states.has(z.state))
      .map((z) => ({ zip: z.zip, latitude: z.latitude, longitude: z.longitude, city: townName(z.city), state: z.state }))
      .sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
    const byZip = new Map(all.map((z) => [z.zip, z]));
    const byState = new Map<string, Zip[]>();
    for (const z of all) {
      const list = byState.get(z.state);
      if (list) list.push(z);
      else byState.set(z.state, [z]);
    }
    return {
      byZip,
      all,
      byState,
      zip(code: string) {
        const z = byZip.get(code);
        if (!z) throw new Error(`seed: unknown ZIP code ${code}`);
        return z;
      },
    };
  })();
  return cached;
}

/** Great-circle distance in miles. */
export function miles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.min(1, Math.sqrt(a)));
}
