/**
 * The time zone a message states a deadline in (DESIGN.md 6.1 "the deadline in the location's time
 * zone"). Locations have no time-zone column and no position: the zone is the main IANA zone of the
 * location's state, by the one table of zones (`zoneOf`, lib/domain/clinics/hours.ts; Texas is
 * Central although El Paso is Mountain). A location without a known state falls back to US Central
 * (America/Chicago). The message always names the zone it used (e.g. "CST"), so a participant is
 * never misled about which clock the deadline is on.
 */
import { zoneOf } from '@/lib/domain/clinics/hours';
import { formatInstant, type ParticipantLanguage } from '@/lib/i18n/participant';

export const FALLBACK_TIME_ZONE = 'America/Chicago';

/** The main IANA zone of a US state or territory (USPS code, any case), else America/Chicago. */
export function timeZoneOfState(state: string | null | undefined): string {
  return zoneOf(state?.trim() || null) ?? FALLBACK_TIME_ZONE;
}

/**
 * `Friday, November 27, 2026 at 5:00 PM CST` (long) or `Nov 27, 5:00 PM CST` (short, for SMS); in
 * Spanish `viernes, 27 de noviembre de 2026, 5:00 p.m. CST` and `27 nov, 5:00 p.m. CST`.
 */
export function formatDeadline(at: Date, timeZone: string, style: 'long' | 'short' = 'long', language: ParticipantLanguage = 'en'): string {
  return formatInstant(at, timeZone, language, style);
}
