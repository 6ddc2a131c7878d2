/** Real US places from the `zipcodes` package, for addresses and clinic positions. */
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
    const mod = (await import('zipcodes')) as { default?: unknown; codes?: unknown };
    const data = (mod.codes ? mod : mod.default) as { codes: Record<string, Zip & { country: string }> };
    const states = new Set(US_STATES);
    const all = Object.values(data.codes)
      .filter((z) => z.country === 'US' && states.has(z.state) && Number.isFinite(z.latitude) && Number.isFinite(z.longitude))
      .filter((z) => z.latitude !== 0 && z.longitude !== 0)
      .map((z) => ({ zip: z.zip, latitude: z.latitude, longitude: z.longitude, city: titleCase(z.city), state: z.state }))
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

function titleCase(city: string): string {
  if (city !== city.toUpperCase()) return city;
  return city.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());
}

/** Great-circle distance in miles. */
export function miles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.min(1, Math.sqrt(a)));
}
