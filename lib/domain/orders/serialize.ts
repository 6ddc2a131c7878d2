/** The Order representation (spec 2.1, 2.3, 2.5, 2.6), built from loaded rows. */
import type { agencies, clinics, jobCategories, orders, orderServices, vendors } from '@/lib/db/schema';
import {
  agencyRef, API, companyRef, iso, isoOrNull, jobCategoryRef, locationRef, packageRef, serviceAttributes, toAddress,
} from '@/lib/domain/representation';
import { isFinalServiceStatus } from './status';

export interface OrderBundle {
  order: typeof orders.$inferSelect;
  company: { id: string; name: string };
  location: { id: string; name: string };
  agency: Pick<typeof agencies.$inferSelect, 'id' | 'code'> | null;
  jobCategory: Pick<typeof jobCategories.$inferSelect, 'id' | 'name' | 'agencyId'> | null;
  clinic: typeof clinics.$inferSelect | null;
  packages: Array<{ id: string; name: string }>;
  services: Array<{
    service: typeof orderServices.$inferSelect;
    lab: typeof vendors.$inferSelect | null;
    statusHistory: Array<{ status: string; groupType: string; occurredAt: Date }>;
    screenHistory: Array<{ type: string; occurredAt: Date }>;
  }>;
  identifiers: Array<{ type: string; value: string; issuingCountry: string | null; issuingState: string | null }> | null;
}

export function serializeOrder(b: OrderBundle, options: { identifiers: boolean }) {
  const o = b.order;
  return {
    id: o.id,
    object: 'order' as const,
    code: o.code,
    agency: b.agency ? agencyRef(b.agency) : null,
    clinic: b.clinic
      ? { id: b.clinic.id, name: b.clinic.name, object: 'clinic' as const, address: toAddress(b.clinic), phone: b.clinic.phone, url: `${API}/clinics/${b.clinic.id}` }
      : null,
    company: companyRef(b.company),
    createdAt: iso(o.createdAt),
    expiresAt: isoOrNull(o.expiresAt),
    isFinal: o.isFinal,
    jobCategory: b.jobCategory ? jobCategoryRef(b.jobCategory) : null,
    location: locationRef(b.location),
    otherTestReason: o.otherTestReason,
    packages: b.packages.map(packageRef),
    participant: {
      address: o.participantAddress ? toAddress(o.participantAddress) : null,
      birthDate: o.birthDate,
      email: o.email,
      firstName: o.firstName,
      lastName: o.lastName,
      middleName: o.middleName,
      phone: o.phone,
      ...(options.identifiers && b.identifiers
        ? {
            identifiers: b.identifiers.map((i) => ({
              object: 'participantIdentifier' as const,
              type: i.type,
              value: i.value,
              issuingCountry: i.issuingCountry,
              issuingState: i.issuingState,
            })),
          }
        : {}),
    },
    services: b.services.map(({ service: s, lab, statusHistory, screenHistory }) => ({
      id: s.id,
      object: 'orderService' as const,
      name: s.name,
      attributes: serviceAttributes(s),
      courierServiceName: s.courierServiceName,
      isDot: s.isDot,
      isFinal: isFinalServiceStatus(s.status),
      lab: lab ? { id: lab.id, name: lab.name, object: 'vendor' as const, type: lab.type } : null,
      screenHistory: screenHistory.map((h) => ({ object: 'orderServiceScreenHistory' as const, occurredAt: iso(h.occurredAt), type: h.type })),
      specimenId: s.specimenId,
      status: s.status,
      statusUpdatedAt: iso(s.statusUpdatedAt),
      statusHistory: statusHistory.map((h) => ({
        object: 'orderServiceStatusHistory' as const,
        occurredAt: iso(h.occurredAt),
        status: h.status,
        groupType: h.groupType,
      })),
      ...(s.trackingNumber !== null ? { trackingNumber: s.trackingNumber } : {}),
    })),
    status: o.status,
    statusUpdatedAt: iso(o.statusUpdatedAt),
    testReason: o.testReason,
    updatedAt: iso(o.updatedAt),
    url: `${API}/orders/${o.id}`,
  };
}
export type Order = ReturnType<typeof serializeOrder>;
