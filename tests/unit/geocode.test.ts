import { describe, expect, it } from 'vitest';
import { distanceMiles, geocodeNear, geocodeZip } from '@/lib/geo/geocode';

describe('distanceMiles (great circle)', () => {
  // Reference great-circle distances between city centres (statute miles).
  const pairs: Array<[string, { lat: number; long: number }, { lat: number; long: number }, number]> = [
    ['New York - Los Angeles', { lat: 40.7128, long: -74.006 }, { lat: 34.0522, long: -118.2437 }, 2445.6],
    ['Chicago - Houston', { lat: 41.8781, long: -87.6298 }, { lat: 29.7604, long: -95.3698 }, 940.0],
    ['Seattle - Miami', { lat: 47.6062, long: -122.3321 }, { lat: 25.7617, long: -80.1918 }, 2734.0],
    ['Boston - Washington', { lat: 42.3601, long: -71.0589 }, { lat: 38.9072, long: -77.0369 }, 394.0],
  ];
  it.each(pairs)('%s within 0.5%%', (_name, a, b, miles) => {
    expect(Math.abs(distanceMiles(a, b) - miles) / miles).toBeLessThan(0.005);
  });
  it('is zero for the same point and symmetric', () => {
    const a = { lat: 39.7392, long: -104.9903 };
    const b = { lat: 32.7767, long: -96.797 };
    expect(distanceMiles(a, a)).toBe(0);
    expect(distanceMiles(a, b)).toBeCloseTo(distanceMiles(b, a), 9);
  });
});

describe('offline geocoding', () => {
  it('finds ZIP codes and "City, ST"', () => {
    expect(geocodeZip('90210')).toEqual({ lat: 34.0901, long: -118.4065 });
    const denver = geocodeNear('Denver, CO')!;
    expect(distanceMiles(denver, { lat: 39.7392, long: -104.9903 })).toBeLessThan(15);
  });
  it('returns null for unknown places', () => {
    expect(geocodeNear('00000')).toBeNull();
    expect(geocodeNear('Atlantis, ZZ')).toBeNull();
    expect(geocodeNear('nowhere')).toBeNull();
  });
});
