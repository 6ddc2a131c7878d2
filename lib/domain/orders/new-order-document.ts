/**
 * The stored document of an order being created, built from the values the create-order statement
 * inserts, so that the order's INSERT stores it (migration 0014) instead of an UPDATE building it
 * in SQL afterwards. It must equal what `orderDocument` in documents.ts builds from the rows: the
 * create-order tests compare the two for every kind of order (`buildOrderDocuments`).
 */
import type { clinics } from '@/lib/db/schema';
import type { StoredOrderDocument } from '@/lib/domain/order-model/documents';

type ClinicRow = Pick<typeof clinics.$inferSelect, 'id' | 'name' | 'phone' | 'line1' | 'line2' | 'city' | 'state' | 'postalCode' | 'country'>;

/** A service of the new order, as inserted into `order_services`. */
export interface NewOrderService {
  id: string;
  name: string;
  category: string | null;
  specimenType: string | null;
  isDot: boolean;
  deadlineClosesAt: Date | null;
  deadlineReasonRequiredAfter: Date | null;
}

export interface NewOrder {
  id: string;
  code: string;
  status: string;
  now: Date;
  expiresAt: Date;
  testReason: string | null;
  otherTestReason: string | null;
  deliveryMethod: StoredOrderDocument['deliveryMethod'];
  requester: StoredOrderDocument['requester'];
  settings: Record<string, unknown>;
  incident: StoredOrderDocument['incident'];
  employeeId: string | null;
  participant: StoredOrderDocument['participant'];
  company: { id: string; name: string };
  location: { id: string; name: string };
  agency: { id: string; code: string } | null;
  jobCategory: { id: string; name: string; agencyId: string } | null;
  clinic: ClinicRow | null;
  packages: Array<{ id: string; name: string }>;
  services: NewOrderService[];
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function newOrderDocument(o: NewOrder): StoredOrderDocument {
  const now = o.now.toISOString();
  return {
    id: o.id,
    code: o.code,
    status: o.status,
    isFinal: false,
    statusUpdatedAt: now,
    createdAt: now,
    updatedAt: now,
    expiresAt: iso(o.expiresAt),
    testReason: o.testReason,
    otherTestReason: o.otherTestReason,
    deliveryMethod: o.deliveryMethod,
    requester: o.requester,
    settings: o.settings,
    incident: o.incident,
    employeeId: o.employeeId,
    acknowledgedAt: null,
    acknowledgedBy: null,
    clearinghouse: null,
    participant: o.participant,
    company: { id: o.company.id, name: o.company.name },
    location: { id: o.location.id, name: o.location.name },
    agency: o.agency ? { id: o.agency.id, code: o.agency.code } : null,
    jobCategory: o.jobCategory ? { id: o.jobCategory.id, name: o.jobCategory.name, agencyId: o.jobCategory.agencyId } : null,
    clinic: o.clinic
      ? {
          id: o.clinic.id,
          name: o.clinic.name,
          phone: o.clinic.phone,
          line1: o.clinic.line1,
          line2: o.clinic.line2,
          city: o.clinic.city,
          state: o.clinic.state,
          postalCode: o.clinic.postalCode,
          country: o.clinic.country,
        }
      : null,
    packages: o.packages.map((p) => ({ id: p.id, name: p.name })),
    services: o.services.map((s) => ({
      id: s.id,
      name: s.name,
      category: s.category,
      specimenType: s.specimenType,
      courierServiceName: null,
      isDot: s.isDot,
      status: 'ordered',
      statusUpdatedAt: now,
      specimenId: null,
      trackingNumber: null,
      deadline: s.deadlineClosesAt ? { closesAt: s.deadlineClosesAt.toISOString(), reasonRequiredAfter: iso(s.deadlineReasonRequiredAfter) } : null,
      lab: null,
      result: null,
      statusHistory: [{ status: 'ordered', groupType: 'ordered', occurredAt: now }],
      screenHistory: [],
    })),
  };
}
