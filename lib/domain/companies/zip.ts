/** The ZIP rule of company and location addresses (server side: the geocoder's data set stays out of the browser). */
import { DomainError } from '@/lib/domain/errors';
import { geocodeZip } from '@/lib/geo/geocode';

/**
 * The address's postal code must be a known US ZIP code (the offline geocoder's data set): clinics
 * are searched near it. 400 `invalidValue` at `<pointer>/postalCode`.
 */
export function assertKnownZip(address: { postalCode: string } | null | undefined, pointer = '/address'): void {
  if (!address) return;
  if (!/^\d{5}(-\d{4})?$/.test(address.postalCode.trim()) || !geocodeZip(address.postalCode.trim()))
    throw new DomainError('invalidValue', `postalCode "${address.postalCode}" is not a known US ZIP code.`, { pointer: `${pointer}/postalCode` });
}
