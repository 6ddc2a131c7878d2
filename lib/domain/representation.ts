/** Pieces of representation shared by every resource (spec 2 "Common rules", 2.4, 2.6). */
import type { AddressJson } from '@/lib/db/schema';

export const API = '/api/v2';

export interface Address {
  object: 'address';
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
}

type AddressColumns = Partial<AddressJson>;

/** An address from its columns; null when no part of it is known. */
export function toAddress(row: AddressColumns | null | undefined): Address | null {
  if (!row) return null;
  const { line1 = null, line2 = null, city = null, state = null, postalCode = null, country = null } = row;
  if ([line1, line2, city, state, postalCode, country].every((v) => v === null || v === undefined)) return null;
  return { object: 'address', line1, line2, city, state, postalCode, country };
}

/** ISO 8601 with milliseconds and `Z`. */
export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const companyRef = (c: { id: string; name: string }) => ({ id: c.id, name: c.name, object: 'company' as const, url: `${API}/companies/${c.id}` });
export const locationRef = (l: { id: string; name: string }) => ({ id: l.id, name: l.name, object: 'location' as const, url: `${API}/locations/${l.id}` });
export const packageRef = (p: { id: string; name: string }) => ({ id: p.id, name: p.name, object: 'package' as const, url: `${API}/packages/${p.id}` });
export const agencyRef = (a: { id: string; code: string }) => ({ id: a.id, code: a.code, object: 'agency' as const, url: `${API}/agencies/${a.id}` });
export const jobCategoryRef = (j: { id: string; name: string; agencyId: string }) => ({
  id: j.id,
  name: j.name,
  object: 'jobCategory' as const,
  url: `${API}/agencies/${j.agencyId}/jobCategories/${j.id}`,
});

/** A service entry as listed within a clinic or a package: no attributes, no isDot (spec 2.9). */
export const serviceEntry = (s: { id: string; name: string; type: string }) => ({
  id: s.id,
  name: s.name,
  object: 'service' as const,
  type: s.type,
  url: `${API}/services/${s.id}`,
});

/** Service attributes: null when the service has neither category nor specimen type. */
export function serviceAttributes(s: { category: string | null; specimenType: string | null }) {
  return s.category === null && s.specimenType === null ? null : { category: s.category, type: s.specimenType };
}
