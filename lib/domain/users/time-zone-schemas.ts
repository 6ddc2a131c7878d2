/**
 * The time-zone setting's input (issue 29): pure, so the account page's form validates with the
 * operation's own schema in the browser (no database code in the client bundle).
 */
import { z } from 'zod';
import { canonicalTimeZone } from '@/lib/format/time';

const UNKNOWN_ZONE = 'Member timeZone must be an IANA time zone, such as "America/Chicago" or "UTC".';

/** An IANA zone name, as the request or the sign-in form gives it; the canonical spelling after parsing. */
export const TimeZoneName = z
  .string()
  .refine((value) => canonicalTimeZone(value) !== null, { message: UNKNOWN_ZONE })
  .transform((value) => canonicalTimeZone(value)!);

/** The body of PUT /api/v2/me/timeZone; the account page's form validates with it too. */
export const SetTimeZoneBody = z.strictObject({ timeZone: TimeZoneName }).meta({ id: 'SetTimeZoneBody' });
export type SetTimeZoneBody = z.output<typeof SetTimeZoneBody>;
