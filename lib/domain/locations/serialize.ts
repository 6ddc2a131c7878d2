/** The location representation (spec 2.8), declared with its schema in lib/domain/contract/representation.ts. */
import { companies, locations } from '@/lib/db/schema';
import { API, companyRef, iso, toAddress, type Location } from '@/lib/domain/contract/representation';

export type { Location };

type Row = { location: typeof locations.$inferSelect; company: { id: string; name: string; orderMatchingEnabled: boolean; orderMatchingWindowDays: number } };

/** Spec 2.8: `address` is always an Address object. */
export function serializeLocation({ location: l, company }: Row): Location {
  return {
    id: l.id,
    object: 'location' as const,
    name: l.name,
    address: toAddress(l) ?? { object: 'address' as const, line1: null, line2: null, city: null, state: null, postalCode: null, country: null },
    company: companyRef(company),
    createdAt: iso(l.createdAt),
    phone: l.phone,
    url: `${API}/locations/${l.id}`,
    isActive: l.isActive,
    scheduleStrategies: l.scheduleStrategies,
    feeCap: l.feeCapCents === null ? null : l.feeCapCents / 100,
    orderMatching:
      l.orderMatchingEnabled === null && l.orderMatchingWindowDays === null
        ? null
        : { enabled: l.orderMatchingEnabled ?? company.orderMatchingEnabled, windowDays: l.orderMatchingWindowDays ?? company.orderMatchingWindowDays },
  };
}

/** The columns serializeLocation reads: the location and its company. */
export const selection = {
  location: locations,
  company: { id: companies.id, name: companies.name, orderMatchingEnabled: companies.orderMatchingEnabled, orderMatchingWindowDays: companies.orderMatchingWindowDays },
};
