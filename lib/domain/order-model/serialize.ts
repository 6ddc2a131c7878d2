/** The Order representation (spec 2.1, 2.3, 2.5, 2.6), built from the order document the database returns. */
import type { AddressJson } from '@/lib/db/schema';
import { agencyRef, API, companyRef, employeeRef, jobCategoryRef, locationRef, packageRef, serviceAttributes, toAddress, type Order, type OrderService, type ParticipantIdentifier } from '@/lib/domain/contract/representation';
import type { OrderClearinghouse, ServiceResult } from '@/lib/domain/contract/result-details';
import { openIdentifierValue } from '@/lib/domain/order-model/identifiers';
import { isFinalServiceStatus } from '@/lib/domain/order-model/status';
import { participantLanguageOr } from '@/lib/i18n/participant';

/**
 * One order with everything its representation shows, as `orderDocument` in queries.ts builds it
 * in SQL. Timestamps arrive as ISO 8601 strings in UTC with milliseconds (`toISOString()` form).
 */
export interface OrderDocument {
  id: string;
  code: string;
  status: string;
  isFinal: boolean;
  statusUpdatedAt: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string | null;
  testReason: string | null;
  otherTestReason: string | null;
  deliveryMethod: 'email' | 'sms' | 'none';
  requester: { email: string; name?: string; phone?: string };
  settings: Record<string, unknown>;
  /** Stored before 382.303(d) records were kept, it has no `alcoholNotTestedReason`. */
  incident: { occurredAt: string; delayReason: string | null; alcoholNotTestedReason?: string | null } | null;
  acknowledgedAt: string | null;
  acknowledgedBy: { type: 'user' | 'token' | 'system'; id: string | null; name: string | null } | null;
  participant: {
    firstName: string | null;
    lastName: string | null;
    middleName: string | null;
    birthDate: string | null;
    email: string | null;
    phone: string | null;
    address: AddressJson | null;
    /** Issue 29; absent from a document stored before it (then English, as the column's default). */
    language?: string;
  };
  company: { id: string; name: string };
  location: { id: string; name: string };
  agency: { id: string; code: string } | null;
  jobCategory: { id: string; name: string; agencyId: string } | null;
  clinic: ({ id: string; name: string; phone: string | null } & AddressJson) | null;
  packages: Array<{ id: string; name: string }>;
  /** DESIGN.md 7.5: Clearinghouse items; absent from a document stored before it (then none). */
  clearinghouse?: OrderClearinghouse | null;
  /** DESIGN.md 7.1: the roster's employee; absent from a document stored before it (then none). */
  employeeId?: string | null;
  /** Sealed values; null when the reader may not see identifiers. */
  identifiers: Array<{ type: string; value: string; issuingCountry: string | null; issuingState: string | null }> | null;
  services: Array<{
    id: string;
    name: string;
    category: string | null;
    specimenType: string | null;
    courierServiceName: string | null;
    isDot: boolean;
    status: string;
    statusUpdatedAt: string;
    specimenId: string | null;
    trackingNumber: string | null;
    deadline: { closesAt: string; reasonRequiredAfter: string | null } | null;
    lab: { id: string; name: string; type: string } | null;
    /** DESIGN.md 7.5; absent from a document stored before it (then null). */
    result?: ServiceResult | null;
    statusHistory: Array<{ status: string; groupType: string; occurredAt: string }>;
    screenHistory: Array<{ type: string; occurredAt: string }>;
  }>;
}

export type { Order };

// Entries built in `.map` callbacks get their types named: tsc checks excess properties of an object
// literal only where its type is known, and a callback's return type is inferred.
type ScreenHistoryEntry = OrderService['screenHistory'][number];
type StatusHistoryEntry = NonNullable<OrderService['statusHistory']>[number];

export function serializeOrder(d: OrderDocument, options: { identifiers: boolean }): Order {
  const p = d.participant;
  return {
    id: d.id,
    object: 'order' as const,
    code: d.code,
    agency: d.agency ? agencyRef(d.agency) : null,
    clinic: d.clinic
      ? { id: d.clinic.id, name: d.clinic.name, object: 'clinic' as const, address: toAddress(d.clinic), phone: d.clinic.phone, url: `${API}/clinics/${d.clinic.id}` }
      : null,
    clearinghouse: d.clearinghouse && d.clearinghouse.items.length ? { items: d.clearinghouse.items } : null,
    company: companyRef(d.company),
    acknowledgedAt: d.acknowledgedAt,
    acknowledgedBy: d.acknowledgedBy,
    createdAt: d.createdAt,
    deliveryMethods: [{ type: d.deliveryMethod }],
    employee: d.employeeId ? employeeRef(d.employeeId) : null,
    expiresAt: d.expiresAt,
    incident: d.incident && { occurredAt: d.incident.occurredAt, delayReason: d.incident.delayReason, alcoholNotTestedReason: d.incident.alcoholNotTestedReason ?? null },
    isFinal: d.isFinal,
    jobCategory: d.jobCategory ? jobCategoryRef(d.jobCategory) : null,
    location: locationRef(d.location),
    otherTestReason: d.otherTestReason,
    packages: d.packages.map(packageRef),
    requester: d.requester,
    settings: settingsOf(d.settings),
    participant: {
      address: toAddress(p.address),
      birthDate: p.birthDate,
      email: p.email,
      firstName: p.firstName,
      lastName: p.lastName,
      middleName: p.middleName,
      phone: p.phone,
      language: participantLanguageOr(p.language),
      ...(options.identifiers && d.identifiers
        ? {
            identifiers: d.identifiers.map((i): ParticipantIdentifier => ({
              object: 'participantIdentifier' as const,
              type: i.type,
              value: openIdentifierValue(i.value),
              issuingCountry: i.issuingCountry,
              issuingState: i.issuingState,
            })),
          }
        : {}),
    },
    services: d.services.map((s): OrderService => ({
      id: s.id,
      object: 'orderService' as const,
      name: s.name,
      attributes: serviceAttributes(s),
      courierServiceName: s.courierServiceName,
      deadline: s.deadline,
      isDot: s.isDot,
      isFinal: isFinalServiceStatus(s.status),
      lab: s.lab ? { id: s.lab.id, name: s.lab.name, object: 'vendor' as const, type: s.lab.type } : null,
      result: s.result ?? null,
      screenHistory: s.screenHistory.map((h): ScreenHistoryEntry => ({ object: 'orderServiceScreenHistory' as const, occurredAt: h.occurredAt, type: h.type })),
      specimenId: s.specimenId,
      status: s.status,
      statusUpdatedAt: s.statusUpdatedAt,
      statusHistory: s.statusHistory.map((h): StatusHistoryEntry => ({
        object: 'orderServiceStatusHistory' as const,
        occurredAt: h.occurredAt,
        status: h.status,
        groupType: h.groupType,
      })),
      ...(s.trackingNumber !== null ? { trackingNumber: s.trackingNumber } : {}),
    })),
    status: d.status,
    statusUpdatedAt: d.statusUpdatedAt,
    testReason: d.testReason,
    updatedAt: d.updatedAt,
    url: `${API}/orders/${d.id}`,
  };
}

/** The stored settings as the representation shows them (the schedule's clinic as a reference). */
function settingsOf(stored: Record<string, unknown>): Order['settings'] {
  const schedule = (stored.schedule ?? { strategy: 'participantChoice' }) as { strategy: string; clinic?: { id: string } };
  return {
    schedule: schedule.clinic ? { strategy: schedule.strategy, clinic: { id: schedule.clinic.id } } : { strategy: schedule.strategy },
    observedCollection: stored.observedCollection === true,
    notes: typeof stored.notes === 'string' ? stored.notes : null,
  };
}
