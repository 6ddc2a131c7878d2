/**
 * Request members that several resources share (a reference, a phone, an address, a name, the
 * active filter, how a location schedules): one schema each, used by the API, the dashboard's forms
 * and the OpenAPI document. Pure (zod only): the browser imports it.
 */
import { z } from 'zod';
import { PARTICIPANT_LANGUAGES } from '@/lib/i18n/participant';

export const SCHEDULE_STRATEGIES = ['participantChoice', 'nearestClinic', 'clinic'] as const;

export const Reference = z.strictObject({ id: z.string().min(1).max(255) });

/** E.164: `+`, country code, up to 15 digits. */
export const E164 = z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 phone number such as +12145550123');

export const AddressInput = z.strictObject({
  line1: z.string().min(1).max(200),
  line2: z.string().max(200).nullish(),
  city: z.string().min(1).max(100),
  /** A two-letter state code in upper case (`tx` -> `TX`): the lists, filters and papers show it so. */
  state: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .overwrite((s) => (/^[A-Za-z]{2}$/.test(s) ? s.toUpperCase() : s)),
  postalCode: z.string().min(1).max(20),
  country: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code such as US'),
});

/**
 * The language of a participant's messages and pass page (issue 29): `en` or `es`. An order's
 * (`participant.language`) defaults to its company's (`participantLanguage`), which defaults to `en`.
 */
export const ParticipantLanguageInput = z
  .enum(PARTICIPANT_LANGUAGES)
  .describe("The language of the participant's messages (e-mail, SMS) and pass page: en (English) or es (Spanish).");

export const NameInput = z.string().trim().min(1).max(200);

/** `isActive` of the list queries: `true` (the default) lists active ones, `false` the deactivated ones. */
export const IsActiveFilter = z.enum(['true', 'false']).transform((v) => v === 'true');
