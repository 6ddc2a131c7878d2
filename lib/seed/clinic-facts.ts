/**
 * Time zone, weekly hours and capabilities of seeded and generated clinics (DESIGN.md 6.3), by
 * kind of clinic (its name pattern): lab patient service centers open early on weekdays, urgent
 * cares long days and weekends, occupational health clinics business hours with some open around
 * the clock for post-accident testing, drug-testing storefronts weekdays and Saturday mornings.
 * Capabilities follow what the clinic offers (a breath alcohol service: `breathAlcohol`; a DOT
 * urine test: `dotCollection`; hair, oral fluid, a DOT physical) plus, by kind, observed
 * collection and walk-ins. Time zones: the state's, by position where a state spans two
 * (`zoneOf`, lib/domain/clinics/hours.ts).
 */
import { zoneOf } from '@/lib/domain/clinics/hours';
import { DAYS, type Capability, type OpeningHours } from '@/lib/domain/contract/clinic-hours';
import type { Rng } from './random';

export type ClinicKind = 'lab' | 'urgentCare' | 'occupational' | 'drugTesting';

/** The kind of a clinic from its name (the patterns of CLINIC_NAME_PATTERNS). */
export function clinicKindOf(name: string): ClinicKind {
  if (/Quest|Labcorp/.test(name)) return 'lab';
  if (/Urgent Care/.test(name)) return 'urgentCare';
  if (/Drug Testing|Any Lab Test Now/.test(name)) return 'drugTesting';
  return 'occupational';
}

const week = (days: readonly (typeof DAYS)[number][], opens: string, closes: string): OpeningHours[] => days.map((day) => ({ day, opens, closes }));
const WEEKDAYS = DAYS.slice(0, 5);
const WEEKEND = DAYS.slice(5);

/** Weekly hours per kind, with weights: [name, hours, weight]. `24:00` closes at midnight. */
export const HOURS_TEMPLATES: Readonly<Record<ClinicKind, ReadonlyArray<readonly [string, OpeningHours[], number]>>> = {
  lab: [
    ['weekdays 07:00-16:30', week(WEEKDAYS, '07:00', '16:30'), 5],
    ['weekdays 06:30-15:00, lunch 12:00-13:00', [...week(WEEKDAYS, '06:30', '12:00'), ...week(WEEKDAYS, '13:00', '15:00')], 2],
    ['weekdays 07:00-16:30, Saturday 07:00-11:00', [...week(WEEKDAYS, '07:00', '16:30'), ...week(['saturday'], '07:00', '11:00')], 3],
  ],
  urgentCare: [
    ['weekdays 08:00-20:00, weekends 09:00-17:00', [...week(WEEKDAYS, '08:00', '20:00'), ...week(WEEKEND, '09:00', '17:00')], 6],
    ['every day 08:00-20:00', week(DAYS, '08:00', '20:00'), 2],
    ['every day 07:00-24:00', week(DAYS, '07:00', '24:00'), 1],
    ['around the clock', week(DAYS, '00:00', '24:00'), 1],
  ],
  occupational: [
    ['weekdays 08:00-17:00', week(WEEKDAYS, '08:00', '17:00'), 5],
    ['weekdays 07:30-17:00, Saturday 08:00-12:00', [...week(WEEKDAYS, '07:30', '17:00'), ...week(['saturday'], '08:00', '12:00')], 2],
    ['weekdays 07:00-19:00', week(WEEKDAYS, '07:00', '19:00'), 1],
    ['around the clock', week(DAYS, '00:00', '24:00'), 1],
    ['by appointment', [], 1],
  ],
  drugTesting: [
    ['weekdays 09:00-18:00, Saturday 10:00-14:00', [...week(WEEKDAYS, '09:00', '18:00'), ...week(['saturday'], '10:00', '14:00')], 3],
    ['weekdays 08:00-17:00', week(WEEKDAYS, '08:00', '17:00'), 2],
    ['by appointment', [], 1],
  ],
};

/** Share of clinics of a kind that observe collections and take walk-ins. */
const OBSERVED: Record<ClinicKind, number> = { lab: 0.1, urgentCare: 0.5, occupational: 0.75, drugTesting: 0.35 };
const WALK_IN: Record<ClinicKind, number> = { lab: 0.9, urgentCare: 0.95, occupational: 0.55, drugTesting: 0.8 };

/** Capabilities that follow from a service the clinic offers (by the catalog key). */
export const CAPABILITY_OF_SERVICE: Readonly<Record<string, Capability>> = {
  dotBreathAlcohol: 'breathAlcohol',
  nonDotBreathAlcohol: 'breathAlcohol',
  dotUrine: 'dotCollection',
  hair5: 'hair',
  oral10: 'oralFluid',
  physical: 'dotPhysical',
};

export interface ClinicFacts {
  timeZone: string | null;
  hours: OpeningHours[];
  capabilities: Capability[];
}

/**
 * The facts of one clinic. `fullService` clinics (near the demo's locations) do everything and a
 * third of them are open around the clock, so a post-accident demo finds one open at any hour.
 */
export function clinicFacts(
  rng: Rng,
  clinic: { name: string; state: string; lat: number; long: number; fullService: boolean; serviceKeys: Iterable<string> },
): ClinicFacts {
  const kind = clinicKindOf(clinic.name);
  const capabilities = new Set<Capability>();
  for (const key of clinic.serviceKeys) if (CAPABILITY_OF_SERVICE[key]) capabilities.add(CAPABILITY_OF_SERVICE[key]);
  if (capabilities.has('dotCollection') && (clinic.fullService || rng.chance(OBSERVED[kind]))) capabilities.add('observedCollection');
  if (clinic.fullService || rng.chance(WALK_IN[kind])) capabilities.add('walkIn');
  const hours = clinic.fullService && rng.chance(1 / 3) ? week(DAYS, '00:00', '24:00') : rng.weighted(HOURS_TEMPLATES[kind].map(([, h, w]) => [h, w] as const));
  return {
    timeZone: zoneOf(clinic.state, clinic.lat, clinic.long),
    hours,
    capabilities: CAPABILITY_ORDER.filter((c) => capabilities.has(c)),
  };
}

const CAPABILITY_ORDER: readonly Capability[] = ['breathAlcohol', 'observedCollection', 'dotCollection', 'oralFluid', 'hair', 'walkIn', 'dotPhysical'];
