/**
 * The representations of spec section 2: one zod schema per representation and its same-name type.
 * The schemas document the API in OpenAPI (lib/api re-exports them), and the API tests validate
 * real responses against the served document; every serializer declares its type as its return
 * type, so tsc checks the serializer against the contract; the browser imports the types through
 * lib/api/representations.ts instead of restating them. Below the schemas, the pieces every
 * serializer shares (spec 2 "Common rules", 2.4, 2.6).
 */
import { z } from 'zod';
import type { AddressJson } from '@/lib/db/schema';
import { CAPABILITIES, OpeningHours } from './clinic-hours';
import { DOCUMENT_TYPES } from '@/lib/domain/contract/document-types';
import { PARTICIPANT_LANGUAGES } from '@/lib/i18n/participant';
import { OrderClearinghouse, ServiceResult } from './result-details';

export const API = '/api/v2';

const DateTime = z.iso.datetime().describe('ISO 8601 date-time with milliseconds, UTC (`Z`).');
const OpenString = (description: string) => z.string().describe(description);

export const Address = z
  .object({
    object: z.literal('address'),
    line1: z.string().nullable(),
    line2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postalCode: z.string().nullable(),
    country: z.string().nullable(),
  })
  .meta({ id: 'Address' });
export type Address = z.output<typeof Address>;

const ref = <T extends string>(object: T) => ({ id: z.string(), name: z.string(), object: z.literal(object), url: z.string() });

export const CompanyRef = z.object(ref('company')).meta({ id: 'CompanyReference' });
export type CompanyRef = z.output<typeof CompanyRef>;
export const LocationRef = z.object(ref('location')).meta({ id: 'LocationReference' });
export type LocationRef = z.output<typeof LocationRef>;
export const PackageRef = z.object(ref('package')).meta({ id: 'PackageReference' });
export type PackageRef = z.output<typeof PackageRef>;
export const JobCategoryRef = z.object(ref('jobCategory')).meta({ id: 'JobCategoryReference' });
export type JobCategoryRef = z.output<typeof JobCategoryRef>;
export const AgencyRef = z.object({ id: z.string(), code: z.string(), object: z.literal('agency'), url: z.string() }).meta({ id: 'AgencyReference' });
export type AgencyRef = z.output<typeof AgencyRef>;
/** An order's employee of the roster (DESIGN.md 7.1): no personal data, the order's participant has it. */
export const EmployeeRef = z.object({ id: z.string(), object: z.literal('employee'), url: z.string() }).meta({ id: 'EmployeeReference' });
export type EmployeeRef = z.output<typeof EmployeeRef>;
export const ClinicRef = z
  .object({ ...ref('clinic'), address: Address.nullable(), phone: z.string().nullable() })
  .meta({ id: 'ClinicReference' });
export type ClinicRef = z.output<typeof ClinicRef>;

export const ServiceAttributes = z
  .object({ category: z.string().nullable(), type: z.string().nullable().describe('Specimen type.') })
  .nullable()
  .meta({ id: 'ServiceAttributes' });
export type ServiceAttributes = z.output<typeof ServiceAttributes>;

export const ServiceEntry = z
  .object({ id: z.string(), name: z.string(), object: z.literal('service'), type: z.string(), url: z.string() })
  .meta({ id: 'ServiceEntry' });
export type ServiceEntry = z.output<typeof ServiceEntry>;

export const OrderMatchingSetting = z.object({ enabled: z.boolean(), windowDays: z.number().int() });
export type OrderMatchingSetting = z.output<typeof OrderMatchingSetting>;

export const Company = z
  .object({
    id: z.string(),
    object: z.literal('company'),
    name: z.string(),
    address: Address.nullable(),
    createdAt: DateTime,
    phone: z.string().nullable(),
    url: z.string(),
    isActive: z.boolean().describe('False once deactivated: no longer listed or ordered for; its orders stay readable.'),
    backgroundCheckEnabled: z.boolean(),
    orderMatching: OrderMatchingSetting,
    participantLanguage: z
      .enum(PARTICIPANT_LANGUAGES)
      .describe("Issue 29: the language of its participants' messages and pass page unless an order names one (participant.language)."),
  })
  .meta({ id: 'Company' });
export type Company = z.output<typeof Company>;

export const Location = z
  .object({
    id: z.string(),
    object: z.literal('location'),
    name: z.string(),
    address: Address,
    company: CompanyRef,
    createdAt: DateTime,
    phone: z.string().nullable(),
    url: z.string(),
    isActive: z.boolean().describe('False once deactivated: no longer listed or ordered at; its orders stay readable.'),
    scheduleStrategies: z.array(z.string()).describe('Schedule strategies an order placed here may use.'),
    feeCap: z.number().nullable().describe('Highest clinic price for a package, in US dollars; null: no cap.'),
    orderMatching: OrderMatchingSetting.nullable().describe("Null: the company's setting applies."),
  })
  .meta({ id: 'Location' });
export type Location = z.output<typeof Location>;

export const Service = z
  .object({
    id: z.string(),
    object: z.literal('service'),
    name: z.string(),
    type: OpenString('Service type (open list).'),
    attributes: ServiceAttributes,
    isDot: z.boolean(),
    url: z.string(),
  })
  .meta({ id: 'Service' });
export type Service = z.output<typeof Service>;

export const Clinic = z
  .object({
    id: z.string(),
    object: z.literal('clinic'),
    name: z.string(),
    address: Address.nullable(),
    phone: z.string().nullable(),
    coordinates: z.object({ lat: z.number(), long: z.number() }).nullable(),
    isActive: z.boolean(),
    services: z.array(ServiceEntry),
    distance: z.object({ miles: z.number() }).optional().describe('Only in search results ranked by distance.'),
    url: z.string(),
    timeZone: z.string().nullable().describe('IANA time zone of the hours (the state\'s main zone when the network gave none); null when unknown.'),
    hours: z.array(OpeningHours).describe('Weekly hours in the clinic\'s time zone; `24:00` closes at midnight; empty means by appointment.'),
    capabilities: z.array(z.enum(CAPABILITIES)),
    openStatus: z
      .object({ isOpen: z.boolean(), closesAt: z.iso.datetime().nullable().optional(), opensAt: z.iso.datetime().nullable().optional() })
      .optional()
      .describe('In search results, for a clinic whose time zone is known: open at the search\'s instant (`openAt`, else the time of the search), and until when (null: around the clock), or when it opens next (null: by appointment).'),
  })
  .meta({ id: 'Clinic' });
export type Clinic = z.output<typeof Clinic>;

export const Agency = z
  .object({ id: z.string(), object: z.literal('agency'), code: z.string(), name: z.string(), jobCategories: z.array(JobCategoryRef), url: z.string() })
  .meta({ id: 'Agency' });
export type Agency = z.output<typeof Agency>;

export const JobCategory = z
  .object({ id: z.string(), object: z.literal('jobCategory'), name: z.string(), code: z.string(), agency: AgencyRef, url: z.string() })
  .meta({ id: 'JobCategory' });
export type JobCategory = z.output<typeof JobCategory>;

export const Package = z
  .object({
    id: z.string(),
    object: z.literal('package'),
    name: z.string(),
    company: CompanyRef.nullable(),
    location: LocationRef.nullable(),
    isDot: z.boolean(),
    services: z.array(ServiceEntry),
    url: z.string(),
    isActive: z.boolean().describe('False once deactivated: cannot be ordered (422 packageInactive); orders placed keep it.'),
  })
  .meta({ id: 'Package' });
export type Package = z.output<typeof Package>;

export const ParticipantIdentifier = z
  .object({
    object: z.literal('participantIdentifier'),
    type: z.string(),
    value: z.string(),
    issuingCountry: z.string().nullable(),
    issuingState: z.string().nullable(),
  })
  .meta({ id: 'ParticipantIdentifier' });
export type ParticipantIdentifier = z.output<typeof ParticipantIdentifier>;

export const OrderService = z
  .object({
    id: z.string(),
    object: z.literal('orderService'),
    name: z.string(),
    attributes: ServiceAttributes,
    courierServiceName: z.string().nullable(),
    deadline: z
      .object({
        closesAt: DateTime.describe('The DOT testing window of this service closes (49 CFR 382.303 / 382.307).'),
        reasonRequiredAfter: DateTime.nullable().describe('After this instant a delay reason must be recorded (alcohol: 2 hours).'),
      })
      .nullable()
      .describe('Only for DOT services of a post-accident or reasonable-suspicion order; else null.'),
    isDot: z.boolean(),
    isFinal: z.boolean(),
    lab: z.object({ id: z.string(), name: z.string(), object: z.literal('vendor'), type: z.string() }).nullable(),
    result: ServiceResult.nullable().describe('DESIGN.md 7.5: the result in detail, given with a terminal status; null until then. An addition to the spec\'s OrderService.'),
    screenHistory: z.array(z.object({ object: z.literal('orderServiceScreenHistory'), occurredAt: DateTime, type: z.string() })),
    specimenId: z.string().nullable(),
    status: OpenString('Service status (spec 3.2; open list).'),
    statusUpdatedAt: DateTime.optional(),
    statusHistory: z
      .array(z.object({ object: z.literal('orderServiceStatusHistory'), occurredAt: DateTime, status: z.string(), groupType: z.string() }))
      .optional(),
    trackingNumber: z.string().optional(),
  })
  .meta({ id: 'OrderService' });
export type OrderService = z.output<typeof OrderService>;

export const Order = z
  .object({
    id: z.string(),
    object: z.literal('order'),
    code: z.string(),
    acknowledgedAt: DateTime.nullable().describe('When someone acknowledged the final result; null until then.'),
    acknowledgedBy: z
      .object({ type: z.enum(['user', 'token', 'system']), id: z.string().nullable(), name: z.string().nullable() })
      .nullable()
      .describe('Who acknowledged the result: a dashboard user or an API token.'),
    agency: AgencyRef.nullable(),
    clinic: ClinicRef.nullable(),
    clearinghouse: OrderClearinghouse.nullable().describe('DESIGN.md 7.5: what a final FMCSA order with a reportable violation must report to the Clearinghouse; null when nothing. An addition to the spec\'s Order.'),
    company: CompanyRef.nullable(),
    createdAt: DateTime,
    deliveryMethods: z.array(z.object({ type: z.enum(['email', 'sms', 'none']) })).describe('How the participant receives the pass, as ordered.'),
    employee: EmployeeRef.nullable().describe("DESIGN.md 7.1: the roster's employee the order is for; null for an order placed by name only. An addition to the spec's Order."),
    expiresAt: DateTime.nullable(),
    incident: z
      .object({
        occurredAt: DateTime,
        delayReason: z.string().nullable(),
        alcoholNotTestedReason: z
          .string()
          .nullable()
          .describe('Why the alcohol test was not administered once its 8-hour window had closed (49 CFR 382.303(d)(1)); else null.'),
      })
      .nullable()
      .describe('The accident or reasonable-suspicion determination a DOT order was placed for; else null.'),
    isFinal: z.boolean().describe('True when the order has reached an outcome; false for cancelled, expired and no-show orders.'),
    jobCategory: JobCategoryRef.nullable(),
    location: LocationRef.nullable(),
    matched: z
      .object({ originalSource: z.string(), score: z.number().min(0).max(100) })
      .optional()
      .describe('Only on a create response that returned an equivalent existing order.'),
    otherTestReason: z.string().nullable(),
    packages: z.array(PackageRef),
    requester: z
      .object({ email: z.string(), name: z.string().optional(), phone: z.string().optional() })
      .describe('Who placed the order, as given at creation.'),
    settings: z
      .object({
        schedule: z.object({ strategy: z.string(), clinic: z.object({ id: z.string() }).optional() }),
        observedCollection: z.boolean(),
        notes: z.string().nullable(),
      })
      .describe('How the order is completed, as given at creation.'),
    participant: z.object({
      address: Address.nullable(),
      birthDate: z.iso.date().nullable(),
      email: z.string().nullable(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      middleName: z.string().nullable(),
      phone: z.string().nullable(),
      language: z
        .enum(PARTICIPANT_LANGUAGES)
        .describe("Issue 29: the language of the participant's messages and pass page (en, es); an addition to the spec's Order."),
      identifiers: z.array(ParticipantIdentifier).optional().describe('Only for tokens with order.participant.read; never on cancellation.'),
    }),
    services: z.array(OrderService),
    status: OpenString('Order status (spec 3.1; open list).'),
    statusUpdatedAt: DateTime,
    testReason: z.string().nullable(),
    updatedAt: DateTime,
    url: z.string(),
  })
  .meta({ id: 'Order' });
export type Order = z.output<typeof Order>;

export const WebhookAttempt = z
  .object({
    object: z.literal('webhookAttempt'),
    attemptedAt: DateTime,
    statusCode: z.number().int().nullable().describe('HTTP status of the answer; null when none came (timeout, refused connection, refused address).'),
    durationMs: z.number().int(),
    error: z.string().nullable(),
  })
  .meta({ id: 'WebhookAttempt' });
export type WebhookAttempt = z.output<typeof WebhookAttempt>;

export const WebhookDelivery = z
  .object({
    id: z.string(),
    object: z.literal('webhookDelivery'),
    eventId: z.string(),
    eventType: z.string(),
    orderId: z.string().nullable(),
    sequence: z.number().int(),
    url: z.string(),
    status: z.enum(['pending', 'delivered', 'failed']),
    attemptCount: z.number().int(),
    nextAttemptAt: DateTime.nullable(),
    lastAttemptAt: DateTime.nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    deliveredAt: DateTime.nullable().describe('When an attempt last got a 2xx answer.'),
    createdAt: DateTime,
    attempts: z.array(WebhookAttempt).describe('The last 20 attempts, oldest first.'),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.output<typeof WebhookDelivery>;

export const OrderUpdatedEvent = z
  .object({
    id: z.string(),
    object: z.literal('event'),
    type: z.literal('order.updated'),
    sequence: z.number().int().describe('Increases with each event of one order; drop events older than the last one seen.'),
    createdAt: DateTime,
    data: z.object({ order: Order }),
  })
  .meta({ id: 'OrderUpdatedEvent' });
export type OrderUpdatedEvent = z.output<typeof OrderUpdatedEvent>;

export const Document = z
  .object({
    id: z.string(),
    object: z.literal('document'),
    type: z.enum(DOCUMENT_TYPES),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int().describe('Bytes.'),
    sha256: z.string().describe('Hex SHA-256 of the contents; the `ETag` of the content download.'),
    order: z.object({ id: z.string(), url: z.string() }),
    service: z.object({ id: z.string() }).nullable(),
    createdAt: DateTime,
    purgedAt: DateTime.nullable().describe('When `retention purge` removed the contents (49 CFR 382.401); null while they are kept.'),
    url: z.string(),
    contentUrl: z.string(),
  })
  .meta({ id: 'Document' });
export type Document = z.output<typeof Document>;

export const DocumentCreatedEvent = z
  .object({
    id: z.string(),
    object: z.literal('event'),
    type: z.literal('document.created'),
    sequence: z.number().int().describe('The `sequence` of the order\'s latest `order.updated` event (0 before any): it does not advance the order\'s sequence.'),
    createdAt: DateTime,
    data: z.object({ document: Document }),
  })
  .meta({ id: 'DocumentCreatedEvent' });
export type DocumentCreatedEvent = z.output<typeof DocumentCreatedEvent>;

// -- The pieces every serializer shares --

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

export const companyRef = (c: { id: string; name: string }): CompanyRef => ({ id: c.id, name: c.name, object: 'company', url: `${API}/companies/${c.id}` });
export const locationRef = (l: { id: string; name: string }): LocationRef => ({ id: l.id, name: l.name, object: 'location', url: `${API}/locations/${l.id}` });
export const packageRef = (p: { id: string; name: string }): PackageRef => ({ id: p.id, name: p.name, object: 'package', url: `${API}/packages/${p.id}` });
export const employeeRef = (id: string): EmployeeRef => ({ id, object: 'employee', url: `${API}/employees/${id}` });
export const agencyRef = (a: { id: string; code: string }): AgencyRef => ({ id: a.id, code: a.code, object: 'agency', url: `${API}/agencies/${a.id}` });
export const jobCategoryRef = (j: { id: string; name: string; agencyId: string }): JobCategoryRef => ({
  id: j.id,
  name: j.name,
  object: 'jobCategory',
  url: `${API}/agencies/${j.agencyId}/jobCategories/${j.id}`,
});

/** A service entry as listed within a clinic or a package: no attributes, no isDot (spec 2.9). */
export const serviceEntry = (s: { id: string; name: string; type: string }): ServiceEntry => ({
  id: s.id,
  name: s.name,
  object: 'service',
  type: s.type,
  url: `${API}/services/${s.id}`,
});

/** Service attributes: null when the service has neither category nor specimen type. */
export function serviceAttributes(s: { category: string | null; specimenType: string | null }): ServiceAttributes {
  return s.category === null && s.specimenType === null ? null : { category: s.category, type: s.specimenType };
}

// -- The participant's pass (DESIGN.md 6.1) --

export const Pass = z
  .object({
    object: z.literal('pass'),
    url: z.string().describe('The link the participant opens without an account: `PUBLIC_URL/pass/{token}`.'),
    createdAt: DateTime,
    openedAt: DateTime.nullable().describe('When the participant first opened the link; null until then.'),
    revokedAt: DateTime.nullable().describe('Always null for the current pass: a reissue revokes the old link (its page answers 410).'),
  })
  .meta({ id: 'Pass' });
export type Pass = z.output<typeof Pass>;

// -- Messages to participants (DESIGN.md 6.1) --

export const Message = z
  .object({
    id: z.string(),
    object: z.literal('message'),
    channel: z.enum(['email', 'sms']),
    to: z.string().describe('The address, masked: `j***@example.com`, `+1******0123`.'),
    template: z.string().describe('`orderCreated`, `reminder`, `passReissued`, `expirationExtended` (open list).'),
    status: z
      .enum(['queued', 'sent', 'failed'])
      .describe('`queued` until sent (transient failures retry with backoff for about a day), `sent`, or `failed` (permanent, or the retries ran out).'),
    attempts: z.number().int().describe('Send attempts made so far.'),
    lastError: z.string().nullable().describe('Why the last attempt failed; `providerNotConfigured` when no e-mail or SMS provider is configured in production.'),
    sentAt: DateTime.nullable(),
    createdAt: DateTime,
  })
  .meta({ id: 'Message' });
export type Message = z.output<typeof Message>;
