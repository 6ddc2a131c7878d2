/**
 * US states and territories: postal codes and names (for filters and map labels), and their
 * outlines from the `us-atlas` data package (U.S. Census Bureau, 1:10m), loaded on demand as
 * GeoJSON. Nothing is fetched from the network: the clinic map draws these outlines as its base
 * layer when no tile server is configured or reachable.
 *
 * Safe for client components: no server-only imports. The TopoJSON (~115 KB) is a separate chunk
 * that only the map loads.
 */
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';

export interface UsState {
  /** USPS code, as addresses carry it (`TX`). */
  code: string;
  name: string;
  /** FIPS state code, the feature id in us-atlas (`48`). */
  fips: string;
}

export const US_STATES: readonly UsState[] = [
  { code: 'AL', name: 'Alabama', fips: '01' },
  { code: 'AK', name: 'Alaska', fips: '02' },
  { code: 'AZ', name: 'Arizona', fips: '04' },
  { code: 'AR', name: 'Arkansas', fips: '05' },
  { code: 'CA', name: 'California', fips: '06' },
  { code: 'CO', name: 'Colorado', fips: '08' },
  { code: 'CT', name: 'Connecticut', fips: '09' },
  { code: 'DE', name: 'Delaware', fips: '10' },
  { code: 'DC', name: 'District of Columbia', fips: '11' },
  { code: 'FL', name: 'Florida', fips: '12' },
  { code: 'GA', name: 'Georgia', fips: '13' },
  { code: 'HI', name: 'Hawaii', fips: '15' },
  { code: 'ID', name: 'Idaho', fips: '16' },
  { code: 'IL', name: 'Illinois', fips: '17' },
  { code: 'IN', name: 'Indiana', fips: '18' },
  { code: 'IA', name: 'Iowa', fips: '19' },
  { code: 'KS', name: 'Kansas', fips: '20' },
  { code: 'KY', name: 'Kentucky', fips: '21' },
  { code: 'LA', name: 'Louisiana', fips: '22' },
  { code: 'ME', name: 'Maine', fips: '23' },
  { code: 'MD', name: 'Maryland', fips: '24' },
  { code: 'MA', name: 'Massachusetts', fips: '25' },
  { code: 'MI', name: 'Michigan', fips: '26' },
  { code: 'MN', name: 'Minnesota', fips: '27' },
  { code: 'MS', name: 'Mississippi', fips: '28' },
  { code: 'MO', name: 'Missouri', fips: '29' },
  { code: 'MT', name: 'Montana', fips: '30' },
  { code: 'NE', name: 'Nebraska', fips: '31' },
  { code: 'NV', name: 'Nevada', fips: '32' },
  { code: 'NH', name: 'New Hampshire', fips: '33' },
  { code: 'NJ', name: 'New Jersey', fips: '34' },
  { code: 'NM', name: 'New Mexico', fips: '35' },
  { code: 'NY', name: 'New York', fips: '36' },
  { code: 'NC', name: 'North Carolina', fips: '37' },
  { code: 'ND', name: 'North Dakota', fips: '38' },
  { code: 'OH', name: 'Ohio', fips: '39' },
  { code: 'OK', name: 'Oklahoma', fips: '40' },
  { code: 'OR', name: 'Oregon', fips: '41' },
  { code: 'PA', name: 'Pennsylvania', fips: '42' },
  { code: 'RI', name: 'Rhode Island', fips: '44' },
  { code: 'SC', name: 'South Carolina', fips: '45' },
  { code: 'SD', name: 'South Dakota', fips: '46' },
  { code: 'TN', name: 'Tennessee', fips: '47' },
  { code: 'TX', name: 'Texas', fips: '48' },
  { code: 'UT', name: 'Utah', fips: '49' },
  { code: 'VT', name: 'Vermont', fips: '50' },
  { code: 'VA', name: 'Virginia', fips: '51' },
  { code: 'WA', name: 'Washington', fips: '53' },
  { code: 'WV', name: 'West Virginia', fips: '54' },
  { code: 'WI', name: 'Wisconsin', fips: '55' },
  { code: 'WY', name: 'Wyoming', fips: '56' },
  { code: 'AS', name: 'American Samoa', fips: '60' },
  { code: 'GU', name: 'Guam', fips: '66' },
  { code: 'MP', name: 'Northern Mariana Islands', fips: '69' },
  { code: 'PR', name: 'Puerto Rico', fips: '72' },
  { code: 'VI', name: 'U.S. Virgin Islands', fips: '78' },
];

const BY_FIPS = new Map(US_STATES.map((s) => [s.fips, s]));
const BY_CODE = new Map(US_STATES.map((s) => [s.code, s]));

export const stateByCode = (code: string): UsState | undefined => BY_CODE.get(code.toUpperCase());

export interface StateProperties {
  name: string;
  code: string | null;
}
export type StateFeature = Feature<Polygon | MultiPolygon, StateProperties>;
export type StateOutlines = FeatureCollection<Polygon | MultiPolygon, StateProperties>;

let outlines: Promise<StateOutlines> | undefined;

/** The outlines of the states and territories as GeoJSON (WGS 84), loaded once. */
export function loadUsStateOutlines(): Promise<StateOutlines> {
  outlines ??= (async () => {
    const [{ feature }, atlas] = await Promise.all([import('topojson-client'), import('us-atlas/states-10m.json')]);
    // The JSON module's inferred type is too wide for topojson's; its shape is the documented one.
    const topology = (atlas as { default?: unknown }).default ?? atlas;
    const { states } = (topology as { objects: { states: unknown } }).objects;
    const collection = feature(topology as never, states as never) as unknown as FeatureCollection<Polygon | MultiPolygon, { name: string }>;
    return {
      type: 'FeatureCollection',
      features: collection.features.map((f) => ({
        ...f,
        properties: { name: f.properties.name, code: BY_FIPS.get(String(f.id))?.code ?? null },
      })),
    };
  })();
  outlines.catch(() => {
    outlines = undefined; // a failed chunk load may succeed on the next try
  });
  return outlines;
}
