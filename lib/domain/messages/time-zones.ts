/**
 * The time zone a message states a deadline in (DESIGN.md 6.1 "the deadline in the location's time
 * zone"). Locations have no time-zone column: the zone is the main IANA zone of the location's
 * state (the zone most of its people live in; Texas is Central although El Paso is Mountain,
 * Indiana Eastern although a few counties are Central). A location without a known state falls back
 * to US Central (America/Chicago), and the message names the zone it used (e.g. "CST"), so a
 * participant is never misled about which clock the deadline is on.
 */

export const FALLBACK_TIME_ZONE = 'America/Chicago';

const STATE_ZONES: Readonly<Record<string, string>> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago', CA: 'America/Los_Angeles',
  CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York', DC: 'America/New_York', FL: 'America/New_York',
  GA: 'America/New_York', HI: 'Pacific/Honolulu', ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago', KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York',
  MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago', MS: 'America/Chicago',
  MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago', NV: 'America/Los_Angeles', NH: 'America/New_York',
  NJ: 'America/New_York', NM: 'America/Denver', NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago',
  OH: 'America/New_York', OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York',
  SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago', UT: 'America/Denver',
  VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles', WV: 'America/New_York', WI: 'America/Chicago',
  WY: 'America/Denver', AS: 'Pacific/Pago_Pago', GU: 'Pacific/Guam', MP: 'Pacific/Saipan', PR: 'America/Puerto_Rico',
  VI: 'America/St_Thomas',
};

/** The main IANA zone of a US state or territory (USPS code, any case), else America/Chicago. */
export function timeZoneOfState(state: string | null | undefined): string {
  return (state && STATE_ZONES[state.trim().toUpperCase()]) || FALLBACK_TIME_ZONE;
}

/** `Friday, November 27, 2026 at 5:00 PM CST` (long) or `Nov 27, 5:00 PM CST` (short, for SMS). */
export function formatDeadline(at: Date, timeZone: string, style: 'long' | 'short' = 'long'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'long'
      ? { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }
      : { timeZone, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
  return new Intl.DateTimeFormat('en-US', options).format(at);
}
