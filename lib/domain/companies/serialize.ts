/** The company representation (spec 2.7), declared with its schema in lib/domain/contract/representation.ts. */
import { companies } from '@/lib/db/schema';
import { API, iso, toAddress, type Company } from '@/lib/domain/contract/representation';
import { participantLanguageOr } from '@/lib/i18n/participant';

export type { Company };

type CompanyRow = typeof companies.$inferSelect;

/** Spec 2.7. */
export function serializeCompany(c: CompanyRow): Company {
  return {
    id: c.id,
    object: 'company' as const,
    name: c.name,
    address: toAddress(c),
    createdAt: iso(c.createdAt),
    phone: c.phone,
    url: `${API}/companies/${c.id}`,
    isActive: c.isActive,
    backgroundCheckEnabled: c.backgroundCheckEnabled,
    orderMatching: { enabled: c.orderMatchingEnabled, windowDays: c.orderMatchingWindowDays },
    participantLanguage: participantLanguageOr(c.participantLanguage),
  };
}
