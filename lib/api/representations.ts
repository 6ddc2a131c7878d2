/**
 * Response shapes of spec section 2, as zod schemas: they document the API in OpenAPI, and the
 * API tests validate real responses against the served document built from them.
 */
import { z } from 'zod';

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

const ref = <T extends string>(object: T) => ({ id: z.string(), name: z.string(), object: z.literal(object), url: z.string() });

export const CompanyRef = z.object(ref('company')).meta({ id: 'CompanyReference' });
export const LocationRef = z.object(ref('location')).meta({ id: 'LocationReference' });
export const PackageRef = z.object(ref('package')).meta({ id: 'PackageReference' });
export const JobCategoryRef = z.object(ref('jobCategory')).meta({ id: 'JobCategoryReference' });
export const AgencyRef = z.object({ id: z.string(), code: z.string(), object: z.literal('agency'), url: z.string() }).meta({ id: 'AgencyReference' });
export const ClinicRef = z
  .object({ ...ref('clinic'), address: Address.nullable(), phone: z.string().nullable() })
  .meta({ id: 'ClinicReference' });

export const ServiceAttributes = z
  .object({ category: z.string().nullable(), type: z.string().nullable().describe('Specimen type.') })
  .nullable()
  .meta({ id: 'ServiceAttributes' });

export const ServiceEntry = z
  .object({ id: z.string(), name: z.string(), object: z.literal('service'), type: z.string(), url: z.string() })
  .meta({ id: 'ServiceEntry' });

export const Company = z
  .object({ id: z.string(), object: z.literal('company'), name: z.string(), address: Address.nullable(), createdAt: DateTime, phone: z.string().nullable(), url: z.string() })
  .meta({ id: 'Company' });

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
  })
  .meta({ id: 'Location' });

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
  })
  .meta({ id: 'Clinic' });

export const Agency = z
  .object({ id: z.string(), object: z.literal('agency'), code: z.string(), name: z.string(), jobCategories: z.array(JobCategoryRef), url: z.string() })
  .meta({ id: 'Agency' });

export const JobCategory = z
  .object({ id: z.string(), object: z.literal('jobCategory'), name: z.string(), code: z.string(), agency: AgencyRef, url: z.string() })
  .meta({ id: 'JobCategory' });

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
  })
  .meta({ id: 'Package' });

export const ParticipantIdentifier = z
  .object({
    object: z.literal('participantIdentifier'),
    type: z.string(),
    value: z.string(),
    issuingCountry: z.string().nullable(),
    issuingState: z.string().nullable(),
  })
  .meta({ id: 'ParticipantIdentifier' });

export const OrderService = z
  .object({
    id: z.string(),
    object: z.literal('orderService'),
    name: z.string(),
    attributes: ServiceAttributes,
    courierServiceName: z.string().nullable(),
    isDot: z.boolean(),
    isFinal: z.boolean(),
    lab: z.object({ id: z.string(), name: z.string(), object: z.literal('vendor'), type: z.string() }).nullable(),
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

export const Order = z
  .object({
    id: z.string(),
    object: z.literal('order'),
    code: z.string(),
    agency: AgencyRef.nullable(),
    clinic: ClinicRef.nullable(),
    company: CompanyRef.nullable(),
    createdAt: DateTime,
    expiresAt: DateTime.nullable(),
    isFinal: z.boolean().describe('True when the order has reached an outcome; false for cancelled, expired and no-show orders.'),
    jobCategory: JobCategoryRef.nullable(),
    location: LocationRef.nullable(),
    matched: z
      .object({ originalSource: z.string(), score: z.number().min(0).max(100) })
      .optional()
      .describe('Only on a create response that returned an equivalent existing order.'),
    otherTestReason: z.string().nullable(),
    packages: z.array(PackageRef),
    participant: z.object({
      address: Address.nullable(),
      birthDate: z.iso.date().nullable(),
      email: z.string().nullable(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      middleName: z.string().nullable(),
      phone: z.string().nullable(),
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

export const ErrorEnvelope = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    errors: z
      .array(
        z.object({
          code: z.string(),
          detail: z.string(),
          meta: z.record(z.string(), z.unknown()).optional(),
          source: z.object({ pointer: z.string() }).optional(),
        }),
      )
      .min(1),
  })
  .meta({ id: 'Error' });

export const WebhookDelivery = z
  .object({
    id: z.string(),
    object: z.literal('webhookDelivery'),
    eventId: z.string(),
    eventType: z.string(),
    orderId: z.string(),
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
    attempts: z
      .array(
        z
          .object({
            object: z.literal('webhookAttempt'),
            attemptedAt: DateTime,
            statusCode: z.number().int().nullable().describe('HTTP status of the answer; null when none came (timeout, refused connection, refused address).'),
            durationMs: z.number().int(),
            error: z.string().nullable(),
          })
          .meta({ id: 'WebhookAttempt' }),
      )
      .describe('The last 20 attempts, oldest first.'),
  })
  .meta({ id: 'WebhookDelivery' });

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

export const pageOf = <T extends z.ZodType>(item: T, name: string) =>
  z
    .object({ data: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
    .meta({ id: `${name}Page` });
