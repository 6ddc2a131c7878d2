import type { Tone as BadgeTone } from '@/components/ui/badge';

/** Display helpers shared by the reference browsers and the clinic map (no rules, only words). */

export interface AddressLike {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
}

/** "Dallas, TX 75201" */
export function cityLine(a: AddressLike | null | undefined): string {
  if (!a) return '';
  const cityState = [a.city, a.state].filter(Boolean).join(', ');
  return [cityState, a.postalCode].filter(Boolean).join(' ');
}

/** "1200 Main St, Suite 100" */
export function streetLine(a: AddressLike | null | undefined): string {
  if (!a) return '';
  return [a.line1, a.line2].filter(Boolean).join(', ');
}

export function oneLineAddress(a: AddressLike | null | undefined): string {
  return [streetLine(a), cityLine(a)].filter(Boolean).join(', ');
}

/** E.164 North American numbers read as (214) 555-0123; anything else as given. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : phone;
}

const NUMBER = new Intl.NumberFormat('en-US');
export const formatNumber = (n: number) => NUMBER.format(n);

export const plural = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** Words for the service types of spec 2.9; an unknown (newer) type reads as itself. */
const SERVICE_TYPE_LABELS: Record<string, string> = {
  additionalService: 'Additional service',
  backgroundCheckService: 'Background check',
  breathAlcoholTest: 'Breath alcohol test',
  clinical: 'Clinical',
  confirmationTest: 'Confirmation test',
  injuryCareService: 'Injury care',
  instantDrugTest: 'Instant drug test',
  labBasedToxicology: 'Lab-based toxicology',
  occupationalHealthService: 'Occupational health',
  safetyTraining: 'Safety training',
  vaccination: 'Vaccination',
  mroService: 'MRO service',
  unknown: 'Other',
};
export const serviceTypeLabel = (type: string) => SERVICE_TYPE_LABELS[type] ?? type.replace(/([a-z])([A-Z])/g, '$1 $2');

/** A colour per service type, so that chips of one type look alike everywhere. */
const SERVICE_TYPE_TONES: Record<string, BadgeTone> = {
  labBasedToxicology: 'brand',
  confirmationTest: 'brand',
  instantDrugTest: 'info',
  breathAlcoholTest: 'warning',
  backgroundCheckService: 'danger',
  occupationalHealthService: 'success',
  clinical: 'success',
  injuryCareService: 'success',
  vaccination: 'success',
  safetyTraining: 'warning',
  mroService: 'info',
};
export const serviceTypeTone = (type: string): BadgeTone => SERVICE_TYPE_TONES[type] ?? 'neutral';
