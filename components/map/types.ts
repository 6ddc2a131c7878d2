/** Shapes shared by the clinic finder's parts (client side). */
import type { Clinic } from '@/lib/api/representations';

export type { Clinic };

/** Where the search is centred, as the server understood it. */
export interface SearchOrigin {
  lat: number;
  long: number;
  /** "ZIP code 75201", "Dallas, TX", "your location". */
  label: string;
  source: 'zip' | 'city' | 'device' | 'coordinates';
  /** Said when only part of the typed text was used ("Street addresses are …"). */
  note: string | null;
}

/** A clinic of the result list with its rank (1 = nearest). */
export interface RankedClinic {
  clinic: Clinic;
  rank: number;
}

export type HoverSource = 'list' | 'map';

export interface Highlight {
  id: string;
  source: HoverSource;
}
