/** lib/geo/zips.ts: the towns around a point that label the clinic map and the pass page's mini map. */
import { describe, expect, it } from 'vitest';
import { distanceMiles, geocodeNear } from '@/lib/geo/geocode';
import { placesNamed, townName, townsAround, usZipPlaces } from '@/lib/geo/zips';

const dallas = { lat: 32.7767, long: -96.797 };

describe('the offline ZIP places', () => {
  it('are US ZIP codes with a position', () => {
    const places = usZipPlaces();
    expect(places.length).toBeGreaterThan(40_000);
    expect(places.every((z) => z.country === 'US' && z.latitude !== 0 && z.longitude !== 0 && Number.isFinite(z.latitude) && Number.isFinite(z.longitude))).toBe(true);
  });

  it('name towns in title case when the data set shouts', () => {
    expect(townName('FORT WORTH')).toBe('Fort Worth');
    expect(townName('Dallas')).toBe('Dallas');
    expect(townName('McKinney')).toBe('McKinney');
  });
});

describe('townsAround', () => {
  it('ranks the towns within reach by their ZIP codes, then by name, each at the centre of its ZIP codes', () => {
    const towns = townsAround(dallas, 30, 10);
    expect(towns).toHaveLength(10);
    expect(towns[0].name).toBe('Dallas');
    for (const [a, b] of towns.slice(1).map((t, i) => [towns[i], t])) expect(a.weight > b.weight || (a.weight === b.weight && a.name.localeCompare(b.name) <= 0)).toBe(true);
    // The centre of ZIP codes within 30 miles lies within 30 miles.
    for (const t of towns) expect(distanceMiles(dallas, t)).toBeLessThanOrEqual(30);
    expect(new Set(towns.map((t) => t.name)).size).toBe(towns.length);
  });

  it('finds nothing out at sea and honours the maximum', () => {
    expect(townsAround({ lat: 30, long: -140 }, 50, 10)).toEqual([]);
    expect(townsAround(dallas, 50, 3)).toHaveLength(3);
  });
});

describe('placesNamed: a city typed without its state', () => {
  it('"Dallas" is Dallas, TX first (the most ZIP codes), then the other Dallases, each a place the geocoder knows', () => {
    const places = placesNamed('Dallas');
    expect(places.map((p) => p.near)).toEqual(['Dallas, TX', 'Dallas, GA', 'Dallas, PA', 'Dallas, NC', 'Dallas, OR', 'Dallas, SD', 'Dallas, WI', 'Dallas, WV']);
    for (const p of places) expect(geocodeNear(p.near), p.near).not.toBeNull();
  });

  it('ignores case and extra spaces, keeps the data set\'s spelling, and stops at `max`', () => {
    expect(placesNamed('  fort   worth ').map((p) => p.near)).toEqual(placesNamed('Fort Worth').map((p) => p.near));
    expect(placesNamed('fort worth')[0].near).toBe('Fort Worth, TX');
    expect(placesNamed('Springfield', 3)).toHaveLength(3);
  });

  it('knows no place of an unknown name, nor of a ZIP code', () => {
    expect(placesNamed('Nowhereville')).toEqual([]);
    expect(placesNamed('75201')).toEqual([]);
  });
});
