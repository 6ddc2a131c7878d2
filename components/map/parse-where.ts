/**
 * What a person types into the clinic finder's "where" box, read as the clinic search's `near`
 * values (DESIGN.md "Clinic search": a 5-digit US ZIP code or "City, ST"). Street addresses are not
 * geocoded offline, so an address is understood by its ZIP code, else by its city and state; the
 * page says which part it used. The candidates are tried in order by the offline geocoder.
 */
import { US_STATES } from '@/lib/geo/us-states';

export interface WhereCandidate {
  /** The `near` value: `75201` or `Dallas, TX`. */
  near: string;
  kind: 'zip' | 'city';
  /** True when the text held more than the part used (a street address). */
  partial: boolean;
}

const STATE_BY_NAME = new Map(US_STATES.map((s) => [s.name.toLowerCase(), s.code]));
const STATE_CODES = new Set(US_STATES.map((s) => s.code));

/** A state code from `TX`, `tx`, `Texas` or `texas`; null otherwise. */
function stateCode(text: string): string | null {
  const t = text.trim().replace(/\.$/, '');
  if (/^[A-Za-z]{2}$/.test(t) && STATE_CODES.has(t.toUpperCase())) return t.toUpperCase();
  return STATE_BY_NAME.get(t.toLowerCase()) ?? null;
}

const ABBREVIATIONS: Record<string, string> = { st: 'Saint', ft: 'Fort', mt: 'Mount' };

/** "St. Louis" -> "Saint Louis" (the data set spells some cities out); null when nothing to expand. */
function expandAbbreviation(city: string): string | null {
  const m = /^(st|ft|mt)\.?\s+(.+)$/i.exec(city);
  return m ? `${ABBREVIATIONS[m[1].toLowerCase()]} ${m[2]}` : null;
}

/** "dallas" -> "Dallas", "FORT WORTH" -> "Fort Worth" (for display; the geocoder ignores case). */
function titleCase(city: string): string {
  return city
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/(^|[\s-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/**
 * City-and-state readings of the end of `text` ("…, Dallas, TX", "Dallas TX", "Salt Lake City,
 * Utah", "500 Elm St Dallas TX"), longest city first: without commas the street cannot be told
 * from the city, so each shorter tail is offered too and the geocoder keeps the first it knows.
 */
function cityAndState(text: string): Array<{ city: string; state: string; partial: boolean }> {
  const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) return [];
  let state: string | null = null;
  let cityWords: string[] = [];
  let before = 0;
  if (parts.length >= 2 && (state = stateCode(parts[parts.length - 1]))) {
    cityWords = parts[parts.length - 2].split(/\s+/);
    before = parts.length - 2;
  } else {
    const words = parts[parts.length - 1].split(/\s+/);
    for (let take = Math.min(4, words.length - 1); take >= 1 && !state; take--) {
      state = stateCode(words.slice(words.length - take).join(' '));
      if (state) cityWords = words.slice(0, words.length - take);
    }
    before = parts.length - 1;
  }
  if (!state) return [];
  const out: Array<{ city: string; state: string; partial: boolean }> = [];
  for (let from = 0; from < cityWords.length; from++) {
    const city = cityWords.slice(from).join(' ');
    if (!/\d/.test(city)) out.push({ city, state, partial: before > 0 || from > 0 });
  }
  return out.slice(0, 4);
}

/** The `near` values to try for the typed text, best first; empty when none can be read. */
export function interpretWhere(input: string): WhereCandidate[] {
  const text = input
    .trim()
    .replace(/[\s,]*(USA|U\.S\.A\.|US|United States( of America)?)\.?$/i, '')
    .trim();
  if (!text) return [];
  const candidates: WhereCandidate[] = [];
  // A ZIP code alone, or at the end of an address (a 5-digit street number at the start is not one).
  const zip = /^(\d{5})(?:-\d{4})?$/.exec(text) ?? /[\s,](\d{5})(?:-\d{4})?$/.exec(text);
  const withoutZip = zip ? text.slice(0, zip.index).replace(/[\s,]+$/, '') : text;
  if (zip) candidates.push({ near: zip[1], kind: 'zip', partial: withoutZip.length > 0 });
  for (const place of cityAndState(withoutZip)) {
    for (const city of [place.city, expandAbbreviation(place.city)]) {
      if (city) candidates.push({ near: `${titleCase(city)}, ${place.state}`, kind: 'city', partial: place.partial || Boolean(zip) });
    }
  }
  return candidates;
}
