/**
 * A clinic's weekly hours in words and its open or closed state, in the clinic's own time zone
 * (DESIGN.md 6.3). The search computes `openStatus` in SQL when asked (`openAt`/`openNow`); without
 * it the finder shows the state at the time of viewing from the same hours, with Intl's zone data.
 */
import type { Clinic } from './types';

type Hours = Clinic['hours'];
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const SHORT: Record<string, string> = { monday: 'Mon', tuesday: 'Tue', wednesday: 'Wed', thursday: 'Thu', friday: 'Fri', saturday: 'Sat', sunday: 'Sun' };

const intervalsOf = (hours: Hours, day: string) => hours.filter((h) => h.day === day).map((h) => `${h.opens}–${h.closes}`).join(', ');

/** Open around the clock: every day 00:00-24:00. */
export const isAroundTheClock = (hours: Hours) => DAYS.every((d) => hours.some((h) => h.day === d && h.opens === '00:00' && h.closes === '24:00'));

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
export function localParts(ms: number, timeZone: string): { day: string; time: string; zone: string } | null {
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

/** The open state from the API's `openStatus`, else computed here from the hours at `now`. */
export function openState(clinic: Pick<Clinic, 'hours' | 'timeZone' | 'openStatus'>, now: number): OpenState | null {
  if (!clinic.timeZone) return clinic.hours.length === 0 ? { isOpen: false, label: 'By appointment' } : null;
  const zone = clinic.timeZone;
  const fmt = (iso: string) => {
    const p = localParts(Date.parse(iso), zone);
    return p ? `${SHORT[p.day]} ${p.time} ${p.zone}` : iso;
  };
  const status = clinic.openStatus;
  if (status) {
    if (status.isOpen) return { isOpen: true, label: status.closesAt ? `Open until ${fmt(status.closesAt).replace(/^\w+ /, '')}` : 'Open 24 hours' };
    return { isOpen: false, label: status.opensAt ? `Closed · opens ${fmt(status.opensAt)}` : 'By appointment' };
  }
  if (clinic.hours.length === 0) return { isOpen: false, label: 'By appointment' };
  if (isAroundTheClock(clinic.hours)) return { isOpen: true, label: 'Open 24 hours' };
  const here = localParts(now, zone);
  if (!here) return null;
  const open = clinic.hours.find((h) => h.day === here.day && h.opens <= here.time && here.time < h.closes);
  if (open) return { isOpen: true, label: `Open until ${open.closes} ${here.zone}` };
  // The next opening: later today, else the first day after with hours.
  const start = DAYS.indexOf(here.day as (typeof DAYS)[number]);
  for (let k = 0; k < 8; k++) {
    const day = DAYS[(start + k) % 7];
    const next = clinic.hours
      .filter((h) => h.day === day && (k > 0 || h.opens > here.time))
      .sort((a, b) => (a.opens < b.opens ? -1 : 1))[0];
    if (next) return { isOpen: false, label: `Closed · opens ${k === 0 ? 'today' : SHORT[day]} ${next.opens} ${here.zone}` };
  }
  return { isOpen: false, label: 'Closed' };
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
