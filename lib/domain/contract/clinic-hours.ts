/**
 * The words of a clinic's hours and capabilities (DESIGN.md 6.3), as the Clinic representation and
 * the clinic import read them: days, capabilities, and one opening interval in the clinic's own zone
 * (`closes` after `opens`; `24:00` closes at midnight). What these mean at an instant, in SQL and
 * zones, is lib/domain/clinics/hours.ts.
 */
import { z } from 'zod';

export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Day = (typeof DAYS)[number];

export const CAPABILITIES = ['breathAlcohol', 'observedCollection', 'dotCollection', 'oralFluid', 'hair', 'walkIn', 'dotPhysical'] as const;
export type Capability = (typeof CAPABILITIES)[number];

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const CLOSES = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

export const OpeningHours = z
  .object({
    day: z.enum(DAYS),
    opens: z.string().regex(HHMM, 'must be HH:MM from 00:00 to 23:59'),
    closes: z.string().regex(CLOSES, 'must be HH:MM from 00:01 to 24:00'),
  })
  .refine((h) => h.closes > h.opens, { message: 'closes must be after opens (24:00 for midnight)', path: ['closes'] });
export type OpeningHours = z.output<typeof OpeningHours>;

export const WeeklyHours = z.array(OpeningHours).max(70);
