/**
 * A clinic's weekly hours in words and its open or closed state, in the clinic's own time zone
 * (DESIGN.md 6.3). The state is the search's (`openStatus`, computed in SQL for every result at the
 * search's instant), shown as it is: one rule, on the server, with PostgreSQL's zone data.
 */
import { DAYS } from '@/lib/domain/contract/clinic-hours';
import type { Clinic } from './types';

type Hours = Clinic['hours'];
const SHORT: Record<string, string> = { monday: 'Mon', tuesday: 'Tue', wednesday: 'Wed', thursday: 'Thu', friday: 'Fri', saturday: 'Sat', sunday: 'Sun' };

const intervalsOf = (hours: Hours, day: string) => hours.filter((h) => h.day === day).map((h) => `${h.opens}–${h.closes}`).join(', ');

/** Open around the clock: every day 00:00-24:00. */
const isAroundTheClock = (hours: Hours) => DAYS.every((d) => hours.some((h) => h.day === d && h.opens === '00:00' && h.closes === '24:00'));

/** `Mon–Fri 08:00–17:00 · Sat 09:00–13:00`: consecutive days with the same intervals together. */
export function weeklyHoursText(hours: Hours): string {
  if (hours.length === 0) return 'By appointment';
  if (isAroundTheClock(hours)) return 'Open 24 hours, every day';
  const groups: Array<{ from: string; to: string; text: string }> = [];
  for (const day of DAYS) {
    const text = intervalsOf(hours, day);
    const last = groups.at(-1);
    if (last && last.text === text) last.to = day;
    else groups.push({ from: day, to: day, text });
  }
  return groups
    .filter((g) => g.text !== '')
    .map((g) => `${SHORT[g.from]}${g.from === g.to ? '' : `–${SHORT[g.to]}`} ${g.text}`)
    .join(' · ');
}

/** The local weekday (monday..sunday), `HH:MM` and zone abbreviation of an instant in a zone. */
function localParts(ms: number, timeZone: string): { day: string; time: string; zone: string } | null {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' }).formatToParts(new Date(ms));
    const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return { day: get('weekday').toLowerCase(), time: `${get('hour')}:${get('minute')}`, zone: get('timeZoneName') };
  } catch {
    return null;
  }
}

export interface OpenState {
  isOpen: boolean;
  /** `Open until 17:00 CDT`, `Open 24 hours`, `Closed · opens Mon 08:00 CST`, `By appointment`. */
  label: string;
}

/**
 * The open state the search computed (`openStatus`: lib/domain/clinics/hours.ts, at the search's
 * instant), in words in the clinic's zone; null when it gave none (a clinic whose zone is unknown).
 * Nothing here works the state out from the hours: the finder asks the search again once the first
 * closing or opening it was told of has passed.
 */
export function openState(clinic: Pick<Clinic, 'timeZone' | 'openStatus'>): OpenState | null {
  const status = clinic.openStatus;
  if (!status || !clinic.timeZone) return null;
  const zone = clinic.timeZone;
  const fmt = (iso: string) => {
    const p = localParts(Date.parse(iso), zone);
    return p ? `${SHORT[p.day]} ${p.time} ${p.zone}` : iso;
  };
  if (status.isOpen) return { isOpen: true, label: status.closesAt ? `Open until ${fmt(status.closesAt).replace(/^\w+ /, '')}` : 'Open 24 hours' };
  return { isOpen: false, label: status.opensAt ? `Closed · opens ${fmt(status.opensAt)}` : 'By appointment' };
}

/** The first instant at which one of these states changes (a closing or an opening), as ms; null when none will. */
export function nextOpenStateChange(clinics: ReadonlyArray<Pick<Clinic, 'openStatus'>>): number | null {
  const changes = clinics.map((c) => c.openStatus?.closesAt ?? c.openStatus?.opensAt).filter((iso): iso is string => Boolean(iso)).map(Date.parse);
  return changes.length ? Math.min(...changes) : null;
}

export const CAPABILITY_LABELS: Record<Clinic['capabilities'][number], string> = {
  breathAlcohol: 'Breath alcohol',
  observedCollection: 'Observed collection',
  dotCollection: 'DOT collection',
  oralFluid: 'Oral fluid',
  hair: 'Hair',
  walkIn: 'Walk-in',
  dotPhysical: 'DOT physical',
};
