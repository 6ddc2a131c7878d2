/**
 * DOT's minimum annual random-testing rates (DESIGN.md 7.2, PROGRAM-FACTS "Random testing"): data,
 * never code. Each row cites where it comes from: the agencies publish them by Federal Register
 * notice every year and ODAPC collects them. The seed writes these rows into `random_rates` at every
 * start (lib/seed, like the agencies), without touching a row already there; `random-rates set` in
 * the CLI adds or corrects a year.
 */

export const RATE_CATEGORIES = ['covered', 'maintenanceOfWay', 'mechanical'] as const;
export type RateCategory = (typeof RATE_CATEGORIES)[number];

export interface RateRow {
  agency: 'FMCSA' | 'FAA' | 'FRA' | 'FTA' | 'PHMSA' | 'USCG';
  /** FRA only. */
  category: RateCategory | null;
  year: number;
  /** Fractions: 0.5 is 50%. */
  drug: number;
  /** null: the agency has no random alcohol testing. */
  alcohol: number | null;
  source: string;
}

const ODAPC = 'https://www.transportation.gov/odapc/random-testing-rates';
const notice = (agency: string, rule: string, year: number) =>
  `${agency} minimum annual random testing rates for calendar year ${year}, Federal Register notice (${rule}); collected by ODAPC: ${ODAPC}`;

const year = (y: number, fraMechanicalAlcohol: number, uscgNote = ''): RateRow[] => [
  { agency: 'FMCSA', category: null, year: y, drug: 0.5, alcohol: 0.1, source: notice('FMCSA', '49 CFR 382.305', y) },
  { agency: 'FAA', category: null, year: y, drug: 0.25, alcohol: 0.1, source: notice('FAA', '14 CFR 120.109, 120.217', y) },
  { agency: 'FRA', category: 'covered', year: y, drug: 0.25, alcohol: 0.1, source: notice('FRA', '49 CFR 219.625, covered service', y) },
  { agency: 'FRA', category: 'maintenanceOfWay', year: y, drug: 0.25, alcohol: 0.1, source: notice('FRA', '49 CFR 219.625, maintenance-of-way', y) },
  { agency: 'FRA', category: 'mechanical', year: y, drug: 0.5, alcohol: fraMechanicalAlcohol, source: notice('FRA', '49 CFR 219.625, mechanical', y) },
  { agency: 'FTA', category: null, year: y, drug: 0.5, alcohol: 0.1, source: notice('FTA', '49 CFR 655.45', y) },
  { agency: 'PHMSA', category: null, year: y, drug: 0.5, alcohol: null, source: `${notice('PHMSA', '49 CFR 199.105(c); no random alcohol testing', y)}` },
  { agency: 'USCG', category: null, year: y, drug: 0.5, alcohol: null, source: `${notice('USCG', '46 CFR 16.230; no random alcohol testing', y)}${uscgNote}` },
];

export const RATE_ROWS: readonly RateRow[] = [
  ...year(2025, 0.25),
  // FRA mechanical's alcohol rate fell from 25% to 10% for 2026.
  ...year(2026, 0.1, '. Unconfirmed for 2026: 50% applies whenever the industry positive rate is above 1%; correct with `random-rates set` once published'),
];
