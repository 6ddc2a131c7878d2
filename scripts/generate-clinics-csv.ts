/**
 * `npx tsx scripts/generate-clinics-csv.ts <count> [file]`: a clinics file for `clinics import`
 * (the benchmark in docs/benchmarks.md, the CLI tests), written as it is generated. Clinic n is the
 * same on every run: real US ZIP codes (the `zipcodes` data set) in turn, every other one with
 * lat/long given (the rest geocoded from the ZIP), services of the standard catalog named by
 * externalId at prices in dollars. Without a file, it writes to stdout.
 */
import fs from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { stateByCode } from '@/lib/geo/us-states';
import { usZipPlaces, type ZipRecord } from '@/lib/geo/zips';

export const CLINICS_CSV_HEADER = 'externalId,name,phone,line1,line2,city,state,postalCode,country,lat,long,isActive,services';

const SERVICES = ['dotUrine', 'nonDotUrine', 'dotBreathAlcohol', 'physical', 'tbTest', 'flu', 'hair5', 'backgroundCheck'];

let places: ZipRecord[] | undefined;
function usPlaces(): ZipRecord[] {
  places ??= usZipPlaces()
    .filter((z) => stateByCode(z.state) !== undefined)
    .sort((a, b) => (a.zip < b.zip ? -1 : 1));
  return places;
}

const csvField = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** Text for `wide` lines: names and address lines near their 255-character limit. */
const FILLER = ' and Occupational Medicine, Drug Testing, DOT Physicals, Breath Alcohol Testing and Workplace Injury Care'.repeat(3);

export interface CsvOptions {
  /** Names and address lines of ~250 characters (~1 KB a line): a file that takes room in memory. */
  wide?: boolean;
}

/** Line n (1-based) of the file after the header: clinic `gen-<n>`. */
export function clinicsCsvLine(n: number, { wide = false }: CsvOptions = {}): string {
  const long = (text: string) => (wide ? `${text}${FILLER}`.slice(0, 250).trimEnd() : text);
  const all = usPlaces();
  const place = all[(n * 7919) % all.length];
  const positioned = n % 2 === 0;
  const offered = SERVICES.filter((_, i) => (n + i) % 3 !== 0).map((key, i) => `${key}:${40 + ((n + i * 13) % 60)}.${String((n * 7 + i) % 100).padStart(2, '0')}`);
  return [
    `gen-${n}`,
    csvField(long(`${place.city} Occupational Health #${n}`)),
    `+1512555${String(n % 10000).padStart(4, '0')}`,
    csvField(long(`${100 + (n % 9800)} Main St`)),
    n % 5 === 0 || wide ? csvField(long('Suite 200')) : '',
    csvField(place.city),
    place.state,
    place.zip,
    'US',
    positioned ? (place.latitude + 0.001).toFixed(6) : '',
    positioned ? (place.longitude - 0.001).toFixed(6) : '',
    n % 10 === 0 ? 'false' : 'true',
    offered.join(';'),
  ].join(',');
}

/** Writes the header and `count` clinics to `out`, waiting when it is full. */
export async function writeClinicsCsv(out: Writable, count: number, options: CsvOptions = {}): Promise<void> {
  out.write(`${CLINICS_CSV_HEADER}\n`);
  for (let n = 1; n <= count; n++) {
    if (!out.write(`${clinicsCsvLine(n, options)}\n`)) await once(out, 'drain');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const count = Number(process.argv[2]);
  if (!Number.isSafeInteger(count) || count < 0) {
    console.error('Usage: npx tsx scripts/generate-clinics-csv.ts <count> [file]');
    process.exit(2);
  }
  const file = process.argv[3];
  const out = file ? fs.createWriteStream(file) : process.stdout;
  await writeClinicsCsv(out, count);
  if (file) {
    out.end();
    await once(out, 'finish');
  }
}
