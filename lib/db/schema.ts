/**
 * The one PostgreSQL schema of the service, used by PGlite (embedded default) and by a PostgreSQL
 * server alike. Every tenant-owned table carries `tenant_id` so that isolation is a WHERE clause.
 * Timestamps are `timestamptz` with millisecond precision (the API renders them with `Z`).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Raw bytes (document contents); PGlite and node-postgres both hand back a Uint8Array/Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

/** Address columns shared by companies, locations and clinics (spec 2.4). */
const addressColumns = () => ({
  line1: text('address_line1'),
  line2: text('address_line2'),
  city: text('address_city'),
  state: text('address_state'),
  postalCode: text('address_postal_code'),
  country: text('address_country'),
});

export type AddressJson = {
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
};

// ---------------------------------------------------------------------------------------------
// Tenancy and principals
// ---------------------------------------------------------------------------------------------

export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** Standard Webhooks signing secret (`whsec_...`). */
  webhookSecret: text('webhook_secret').notNull(),
  /**
   * The sandbox clock (DESIGN.md 7.6, staging only): how far this tenant's clock is ahead of the
   * real one, in milliseconds. Every timer of the tenant reads real time plus this; it only grows.
   */
  clockOffsetMs: bigint('clock_offset_ms', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

export const companies = pgTable(
  'companies',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    name: text('name').notNull(),
    phone: text('phone'),
    ...addressColumns(),
    isActive: boolean('is_active').notNull().default(true),
    deletedAt: ts('deleted_at'),
    /** A background-check vendor integration is configured for this company. */
    backgroundCheckEnabled: boolean('background_check_enabled').notNull().default(false),
    orderMatchingEnabled: boolean('order_matching_enabled').notNull().default(true),
    orderMatchingWindowDays: integer('order_matching_window_days').notNull().default(30),
    /** The language of its participants' messages and pass page unless an order says otherwise: en or es. */
    participantLanguage: text('participant_language').notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [index('companies_tenant_name_idx').on(t.tenantId, t.name, t.id)],
);

export const locations = pgTable(
  'locations',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    companyId: text('company_id').notNull().references(() => companies.id),
    name: text('name').notNull(),
    phone: text('phone'),
    ...addressColumns(),
    isActive: boolean('is_active').notNull().default(true),
    /** Schedule strategies an order placed here may use (DESIGN.md, settings.schedule). */
    scheduleStrategies: text('schedule_strategies')
      .array()
      .notNull()
      .default(sql`ARRAY['participantChoice','nearestClinic','clinic']::text[]`),
    /** Highest clinic price (in cents) for a package that the location accepts; null = no cap. */
    feeCapCents: integer('fee_cap_cents'),
    /** Null inherits the company's order-matching setting. */
    orderMatchingEnabled: boolean('order_matching_enabled'),
    orderMatchingWindowDays: integer('order_matching_window_days'),
    createdAt: createdAt(),
  },
  (t) => [
    index('locations_tenant_name_idx').on(t.tenantId, t.name, t.id),
    index('locations_company_idx').on(t.companyId),
  ],
);

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    email: text('email').notNull(),
    name: text('name'),
    passwordHash: text('password_hash'),
    role: text('role').notNull(),
    /** True: every company of the tenant, present and future. */
    allCompanies: boolean('all_companies').notNull().default(true),
    companyIds: text('company_ids').array().notNull().default(sql`ARRAY[]::text[]`),
    disabledAt: ts('disabled_at'),
    /**
     * Sign-in attempts are counted under this number (lib/auth/sign-in-guard.ts): unlocking (the
     * user's e-mailed link, or an admin) adds one, which starts every count afresh and retires the
     * unlock links sent before.
     */
    signInEpoch: integer('sign_in_epoch').notNull().default(0),
    /** The IANA time zone the dashboard shows this user's times in (from the browser at sign-in, or chosen); null until known. */
    timeZone: text('time_zone'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_idx').on(sql`lower(${t.email})`)],
);

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    name: text('name').notNull(),
    /** SHA-256 of the whole token; the token itself is shown once and never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    /** First characters of the token, to recognise it in listings. */
    prefix: text('prefix').notNull(),
    scopes: text('scopes').array().notNull(),
    allCompanies: boolean('all_companies').notNull().default(false),
    companyIds: text('company_ids').array().notNull().default(sql`ARRAY[]::text[]`),
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
    lastUsedAt: ts('last_used_at'),
    createdByUserId: text('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('api_tokens_tenant_idx').on(t.tenantId, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Reference data shared by every tenant
// ---------------------------------------------------------------------------------------------

export const agencies = pgTable('agencies', {
  id: text('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const jobCategories = pgTable(
  'job_categories',
  {
    id: text('id').primaryKey(),
    agencyId: text('agency_id').notNull().references(() => agencies.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('job_categories_agency_code_idx').on(t.agencyId, t.code)],
);

/** Labs, couriers and other vendors named on order services. */
export const vendors = pgTable('vendors', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull(),
});

// ---------------------------------------------------------------------------------------------
// Catalog: services, packages, clinics
// ---------------------------------------------------------------------------------------------

export const services = pgTable(
  'services',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    name: text('name').notNull(),
    type: text('type').notNull(),
    category: text('category'),
    specimenType: text('specimen_type'),
    isDot: boolean('is_dot').notNull().default(false),
    /** The operator's own key (catalog import, the standard catalog's keys); unique per tenant. */
    externalId: text('external_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('services_tenant_name_idx').on(t.tenantId, t.name, t.id),
    uniqueIndex('services_tenant_external_id_idx').on(t.tenantId, t.externalId),
  ],
);

/** A package belongs to a company (usable at all its locations) or to one of its locations. */
export const packages = pgTable(
  'packages',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    companyId: text('company_id').notNull().references(() => companies.id),
    locationId: text('location_id').references(() => locations.id),
    name: text('name').notNull(),
    /** Deactivated packages cannot be ordered (422 packageInactive); orders placed keep them. */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('packages_tenant_name_idx').on(t.tenantId, t.name, t.id),
    index('packages_company_idx').on(t.companyId),
    index('packages_location_idx').on(t.locationId),
  ],
);

export const packageServices = pgTable(
  'package_services',
  {
    packageId: text('package_id').notNull().references(() => packages.id),
    serviceId: text('service_id').notNull().references(() => services.id),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.serviceId] }),
    index('package_services_service_idx').on(t.serviceId),
  ],
);

export type ClinicHoursJson = Array<{ day: string; opens: string; closes: string }>;

export const clinics = pgTable(
  'clinics',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    name: text('name').notNull(),
    phone: text('phone'),
    ...addressColumns(),
    lat: doublePrecision('lat'),
    long: doublePrecision('long'),
    isActive: boolean('is_active').notNull().default(true),
    /** The clinic network's own key (clinics import upserts by it); unique per tenant. */
    externalId: text('external_id'),
    /** IANA time zone of the clinic's hours (DESIGN.md 6.3); null: the state's main zone. */
    timeZone: text('time_zone'),
    /** Weekly hours `[{ day, opens, closes }]` in the clinic's time zone; empty = by appointment. */
    hours: jsonb('hours').$type<ClinicHoursJson>().notNull().default([]),
    /** Subset of breathAlcohol, observedCollection, dotCollection, oralFluid, hair, walkIn, dotPhysical. */
    capabilities: text('capabilities').array().notNull().default(sql`ARRAY[]::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index('clinics_tenant_name_idx').on(t.tenantId, t.name, t.id),
    uniqueIndex('clinics_tenant_external_id_idx').on(t.tenantId, t.externalId),
  ],
);

export const clinicServices = pgTable(
  'clinic_services',
  {
    clinicId: text('clinic_id').notNull().references(() => clinics.id),
    serviceId: text('service_id').notNull().references(() => services.id),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.serviceId] }),
    index('clinic_services_service_idx').on(t.serviceId, t.clinicId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

export type ParticipantAddressJson = AddressJson;

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    code: text('code').notNull(),
    companyId: text('company_id').notNull().references(() => companies.id),
    locationId: text('location_id').notNull().references(() => locations.id),
    agencyId: text('agency_id').references(() => agencies.id),
    jobCategoryId: text('job_category_id').references(() => jobCategories.id),
    clinicId: text('clinic_id').references(() => clinics.id),
    /** The roster's employee the order is for (DESIGN.md 7.1); null for an order placed by name only. */
    employeeId: text('employee_id').references((): AnyPgColumn => employees.id),
    status: text('status').notNull(),
    isFinal: boolean('is_final').notNull().default(false),
    statusUpdatedAt: ts('status_updated_at').notNull(),
    testReason: text('test_reason'),
    otherTestReason: text('other_test_reason'),
    firstName: text('participant_first_name'),
    lastName: text('participant_last_name'),
    middleName: text('participant_middle_name'),
    birthDate: date('participant_birth_date', { mode: 'string' }),
    email: text('participant_email'),
    phone: text('participant_phone'),
    participantAddress: jsonb('participant_address').$type<ParticipantAddressJson>(),
    /** The participant's language (en or es): its messages and pass page. */
    participantLanguage: text('participant_language').notNull().default('en'),
    deliveryMethod: text('delivery_method').notNull(),
    requester: jsonb('requester').$type<{ email: string; name?: string; phone?: string }>().notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    callbackUrl: text('callback_url'),
    /** Where the order was created: `api`, `dashboard`, `seed`. */
    source: text('source').notNull(),
    createdByTokenId: text('created_by_token_id'),
    createdByUserId: text('created_by_user_id'),
    expiresAt: ts('expires_at'),
    /** Hours-before-expiry (REMINDER_HOURS) whose reminder has been queued, so each goes once. */
    remindersSent: integer('reminders_sent').array().notNull().default(sql`ARRAY[]::integer[]`),
    /**
     * DOT post-accident / reasonable-suspicion incident (DESIGN.md 6.3): `{ occurredAt, delayReason,
     * alcoholNotTestedReason }` (the last, 382.303(d)(1), absent from orders stored before it).
     */
    incident: jsonb('incident').$type<{ occurredAt: string; delayReason: string | null; alcoholNotTestedReason?: string | null }>(),
    /** Who acknowledged the final result (DESIGN.md 6.2), null until someone does. */
    acknowledgedAt: ts('acknowledged_at'),
    acknowledgedBy: jsonb('acknowledged_by').$type<{ type: 'user' | 'token' | 'system'; id: string | null; name: string | null }>(),
    /** 49 CFR 382.401: documents may be purged after this day (set when the order becomes final). */
    retentionUntil: date('retention_until', { mode: 'string' }),
    /**
     * FMCSA Clearinghouse duties of a final order with a reportable violation (DESIGN.md 7.5):
     * `{ items: [{ kind, reporter, dueAt, reportedAt, reportedBy }] }`; null when there is none.
     */
    clearinghouse: jsonb('clearinghouse').$type<{ items: Array<Record<string, unknown>> }>(),
    /** Last `sequence` given to an `order.updated` event of this order. */
    eventSequence: integer('event_sequence').notNull().default(0),
    /**
     * The order's document (lib/domain/orders/queries.ts, without identifiers), stored by every
     * change in its transaction so that reads do not rebuild it. Triggers of migration 0004 set it
     * to NULL when the order or one of its services changes without storing it again; NULL is
     * always safe (reads build the document then), a stale document is impossible.
     */
    document: json('document'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_tenant_code_idx').on(t.tenantId, t.code),
    // Newest-first listing, with and without the usual filters (NOT NULL columns: no NULLS trap).
    // Migration 0003 adds INCLUDE (company_id) to the tenant and status ones (index-only pages).
    index('orders_tenant_company_created_idx').on(t.tenantId, t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_tenant_status_created_idx').on(t.tenantId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_tenant_location_created_idx').on(t.tenantId, t.locationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_tenant_updated_idx').on(t.tenantId, t.updatedAt, t.id),
    index('orders_tenant_created_idx').on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // An employee's orders (the employee page, list orders' employeeId).
    index('orders_employee_created_idx').on(t.employeeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.employeeId} is not null`),
    // Order matching looks up open orders of a company by participant last name.
    index('orders_match_idx').on(t.tenantId, t.companyId, sql`lower(${t.lastName})`),
    // The expiry and reminder sweep looks only at live orders with an expiry.
    index('orders_live_expiry_idx').on(t.expiresAt).where(sql`${t.isFinal} = false and ${t.expiresAt} is not null and ${t.status} not in ('cancelled', 'expired')`),
    // The action sweep's causes (lib/domain/actions/sweep.ts): final results not yet reviewed, expired orders that may be refusals.
    index('orders_unreviewed_result_idx')
      .on(t.statusUpdatedAt)
      .where(sql`${t.isFinal} = true and ${t.acknowledgedAt} is null and ${t.status} in ('nonNegative', 'positive', 'adulterated', 'substituted')`),
    index('orders_expired_review_idx')
      .on(sql`coalesce(${t.expiresAt}, ${t.statusUpdatedAt})`)
      .where(sql`${t.status} = 'expired' and ${t.testReason} in ('random', 'followUp', 'returnToDuty')`),
    // The results inbox: final orders nobody acknowledged, newest first.
    index('orders_unacknowledged_idx').on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.isFinal} = true and ${t.acknowledgedAt} is null`),
  ],
);

/**
 * Number of orders per (tenant, company, status), kept in the same transaction as every order
 * change, so that list totals need no count over millions of rows. Each change adds to one of
 * `ORDER_COUNTER_SLOTS` rows chosen at random (lib/domain/orders/bookkeeping.ts): with one row,
 * concurrent creates of one company queued on its lock until each commit. Only the sum over the
 * slots means something (a slot may hold a negative count).
 */
export const orderCounters = pgTable(
  'order_counters',
  {
    tenantId: text('tenant_id').notNull(),
    companyId: text('company_id').notNull(),
    status: text('status').notNull(),
    slot: smallint('slot').notNull().default(0),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.companyId, t.status, t.slot] })],
);

export const orderPackages = pgTable(
  'order_packages',
  {
    orderId: text('order_id').notNull().references(() => orders.id),
    packageId: text('package_id').notNull().references(() => packages.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.packageId] })],
);

/** Government and employer identifiers; `value` is encrypted at rest. */
export const participantIdentifiers = pgTable(
  'participant_identifiers',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull().references(() => orders.id),
    position: integer('position').notNull(),
    type: text('type').notNull(),
    value: text('value').notNull(),
    issuingCountry: text('issuing_country'),
    issuingState: text('issuing_state'),
  },
  (t) => [index('participant_identifiers_order_idx').on(t.orderId, t.position)],
);

export const orderServices = pgTable(
  'order_services',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull().references(() => orders.id),
    serviceId: text('service_id').notNull().references(() => services.id),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    category: text('category'),
    specimenType: text('specimen_type'),
    isDot: boolean('is_dot').notNull(),
    status: text('status').notNull(),
    statusUpdatedAt: ts('status_updated_at').notNull(),
    labId: text('lab_id').references(() => vendors.id),
    courierServiceName: text('courier_service_name'),
    specimenId: text('specimen_id'),
    trackingNumber: text('tracking_number'),
    /** DOT incident window of this service (DESIGN.md 6.3); null when no window applies. */
    deadlineClosesAt: ts('deadline_closes_at'),
    deadlineReasonRequiredAfter: ts('deadline_reason_required_after'),
    /**
     * Result details (DESIGN.md 7.5), given with a terminal status: positiveFor, alcohol, refusal,
     * cancellation, dilute, recollection. Null until then.
     */
    result: jsonb('result').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('order_services_order_idx').on(t.orderId, t.position),
    // Open DOT windows (`deadlineBefore`, the "closing soon" view): only services with a deadline.
    index('order_services_deadline_idx').on(t.deadlineClosesAt, t.orderId).where(sql`${t.deadlineClosesAt} is not null`),
    // The action sweep's causes (lib/domain/actions/sweep.ts), each index holding only the services in the cause's states:
    // open post-accident windows, a result waiting for the MRO's contact or the laboratory, a refusal.
    index('order_services_awaiting_deadline_idx')
      .on(t.deadlineClosesAt)
      .where(sql`${t.deadlineClosesAt} is not null and ${t.status} in ('ordered', 'integrationError', 'pending', 'pending_arrivedAtTheClinic', 'pending_collectionInitiated', 'pending_collectionSuspended')`),
    index('order_services_waiting_idx').on(t.status, t.statusUpdatedAt).where(sql`${t.status} in ('pending_awaitingMROContact', 'pending_collectionCompleted')`),
    index('order_services_refusal_idx').on(t.orderId).where(sql`${t.status} = 'incomplete_refusalToTest' or jsonb_typeof(${t.result} -> 'refusal') = 'object'`),
  ],
);

export const orderServiceStatusHistory = pgTable(
  'order_service_status_history',
  {
    id: text('id').primaryKey(),
    orderServiceId: text('order_service_id').notNull().references(() => orderServices.id),
    status: text('status').notNull(),
    groupType: text('group_type').notNull(),
    occurredAt: ts('occurred_at').notNull(),
  },
  (t) => [
    index('order_service_status_history_service_idx').on(t.orderServiceId, t.occurredAt),
    // When a service was collected (the MIS report's year, lib/domain/reports/queries.ts): one entry
    // per collected service, read without the history rows themselves.
    index('order_service_collected_idx').on(t.orderServiceId, t.occurredAt).where(sql`${t.status} = 'pending_collectionCompleted'`),
  ],
);

export const orderServiceScreenHistory = pgTable(
  'order_service_screen_history',
  {
    id: text('id').primaryKey(),
    orderServiceId: text('order_service_id').notNull().references(() => orderServices.id),
    type: text('type').notNull(),
    occurredAt: ts('occurred_at').notNull(),
  },
  (t) => [index('order_service_screen_history_service_idx').on(t.orderServiceId, t.occurredAt)],
);

/**
 * Who did what; written in the same transaction as the change. An order's entries name it in
 * `order_id` (its trail on the order page); a change to anything else (an API token, a user, a
 * tenant and its webhook secret) names what it changed in `subject_type` and `subject_id`.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    orderId: text('order_id').references(() => orders.id),
    action: text('action').notNull(),
    actorType: text('actor_type').notNull(),
    actorTokenId: text('actor_token_id'),
    actorUserId: text('actor_user_id'),
    actorEmail: text('actor_email'),
    /** A system actor's name (`cli`, `sandbox`) or a token's name. */
    actorName: text('actor_name'),
    /** `token`, `user` or `tenant`; null for an order's entries. */
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_order_idx').on(t.orderId, t.createdAt),
    // Partial: the many order entries do not carry it.
    index('audit_events_subject_idx').on(t.tenantId, t.subjectType, t.subjectId, t.createdAt).where(sql`${t.subjectType} is not null`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Webhooks: the outbox row is the delivery; each try is an attempt
// ---------------------------------------------------------------------------------------------

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    /** The order the event is about; null for an event about no order (a test send, a draw, an action). */
    orderId: text('order_id').references(() => orders.id),
    /** The account webhook endpoint it goes to; null for an order's own `callback.url`. */
    endpointId: text('endpoint_id').references(() => webhookEndpoints.id),
    /** The `webhook-id`: stable across retries and redeliveries of one event. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    sequence: integer('sequence').notNull(),
    url: text('url').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull(),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    lastAttemptAt: ts('last_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: ts('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_tenant_created_idx').on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('webhook_deliveries_order_idx').on(t.orderId, t.sequence),
    // The Events API counts each event's deliveries; a recovery finds an event's earlier ones.
    index('webhook_deliveries_event_idx').on(t.eventId),
    // An endpoint's delivery log, newest first.
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.endpointId} is not null`),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: text('id').primaryKey(),
    deliveryId: text('delivery_id').notNull().references(() => webhookDeliveries.id),
    attemptedAt: ts('attempted_at').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    /** The first 1 KiB of the receiver's answer (the delivery log shows it). */
    responseExcerpt: text('response_excerpt'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);

/**
 * Account webhook endpoints (DESIGN.md 7.6): where a tenant receives the events of the catalog,
 * whatever created the order. Up to 20 per tenant. During 24 hours after a rotation both secrets
 * sign (two `v1,` signatures). Disabled after failing for 5 days in a row.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    url: text('url').notNull(),
    description: text('description'),
    /** Event types, or `['*']` for every one. */
    enabledEvents: text('enabled_events').array().notNull(),
    /** Only the events of these companies; null: every company of the tenant. */
    companyIds: text('company_ids').array(),
    /** enabled or disabled */
    status: text('status').notNull().default('enabled'),
    /** Why it was disabled: `failing` (5 days of failures) or `byUser`; null while enabled. */
    disabledReason: text('disabled_reason'),
    /** The `whsec_` secret, sealed (lib/secrets.ts). */
    secretEncrypted: text('secret_encrypted').notNull(),
    /** The secret before the last rotation, sealed; it signs too until `previous_secret_expires_at`. */
    previousSecretEncrypted: text('previous_secret_encrypted'),
    previousSecretExpiresAt: ts('previous_secret_expires_at'),
    /** Since when every delivery attempt failed (null after a 2xx). */
    failingSince: ts('failing_since'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_tenant_idx').on(t.tenantId, t.createdAt)],
);

/**
 * Every event the product emits (DESIGN.md 7.6), kept at least 30 days: the Events API lists them
 * and a recovery sends them again with their original id. Payloads never carry identifiers.
 */
export const events = pgTable(
  'events',
  {
    /** `evt_…`: the `webhook-id` of every delivery of this event. */
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    type: text('type').notNull(),
    /** The company the event is about (endpoint company filters); null for a tenant-wide event. */
    companyId: text('company_id'),
    orderId: text('order_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_tenant_created_idx').on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('events_tenant_type_created_idx').on(t.tenantId, t.type, t.createdAt),
    // Retention removes events past their 30 days, oldest first, across tenants.
    index('events_created_idx').on(t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Request bookkeeping
// ---------------------------------------------------------------------------------------------

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: text('tenant_id').notNull(),
    principalId: text('principal_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.principalId, t.key] })],
);

/** Fixed-window request counters shared by every instance on one PostgreSQL (lib/rate-limit/index.ts). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Dashboard sessions. The session cookie (a next-auth JWT) names one row by `id`; signing out ends
 * it (`ended_at`), so a copied cookie stops working on the next request, on every instance.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    endedAt: ts('ended_at'),
    /** The client's address at sign-in: an address the user signed in from is a known one (sign-in-guard.ts). */
    clientAddress: text('client_address'),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId)],
);

/** One row per running worker (webhook delivery, sandbox): `/api/ready` checks the newest beat. */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  name: text('name').primaryKey(),
  pid: integer('pid').notNull(),
  beatAt: ts('beat_at').notNull(),
});

// ---------------------------------------------------------------------------------------------
// The order reaches people (DESIGN.md 6): passes, messages, invitations, documents
// ---------------------------------------------------------------------------------------------

/**
 * The participant's link to an order. The token is stored twice: as SHA-256 for lookup and
 * encrypted (lib/secrets.ts) so the dashboard can show the link again. Reissuing revokes the row.
 */
export const orderPasses = pgTable(
  'order_passes',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    orderId: text('order_id').notNull().references(() => orders.id),
    tokenHash: text('token_hash').notNull().unique(),
    tokenEncrypted: text('token_encrypted').notNull(),
    createdAt: createdAt(),
    openedAt: ts('opened_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('order_passes_order_idx').on(t.orderId, t.createdAt)],
);

/** One-time links that let an invited user set a password (DESIGN.md 6.4). */
export const userInvitations = pgTable(
  'user_invitations',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    userId: text('user_id').notNull().references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    tokenEncrypted: text('token_encrypted').notNull(),
    /** invitation (sets the first password) or passwordReset (sets a new one); both are one-time links. */
    purpose: text('purpose').notNull().default('invitation'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
    /** When the inviting admin was shown the link to pass on by hand (once, when the e-mail could not go). */
    linkShownAt: ts('link_shown_at'),
    createdByUserId: text('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('user_invitations_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The messages outbox: written in the transaction of the change that sends it (order created,
 * pass reissued, expiry extended, reminder, invitation), sent by the worker with retries. The
 * address is encrypted; `to_masked` is what listings show. Content is rendered from `template` and
 * `data` when sent, so no link token is stored in clear.
 */
export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    orderId: text('order_id').references(() => orders.id),
    invitationId: text('invitation_id').references(() => userInvitations.id),
    channel: text('channel').notNull(),
    toEncrypted: text('to_encrypted').notNull(),
    toMasked: text('to_masked').notNull(),
    /** A keyed hash of the address (lib/domain/outbox/message-queue.ts `recipientHash`): messages to one recipient are counted by it. */
    toHash: text('to_hash'),
    template: text('template').notNull(),
    /** The language the message is rendered in: en or es (a participant's), en for the dashboard's users. */
    language: text('language').notNull().default('en'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** queued, sent, failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    lastError: text('last_error'),
    /** smtp, twilio or mailbox (the staging capture), once sent. */
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_due_idx').on(t.status, t.nextAttemptAt),
    index('messages_order_idx').on(t.orderId, t.createdAt, t.id),
    index('messages_tenant_created_idx').on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('messages_recipient_idx').on(t.tenantId, t.toHash, t.createdAt),
  ],
);

/** Result papers of an order (DESIGN.md 6.2): metadata here, bytes in `document_contents`. */
export const documents = pgTable(
  'documents',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    orderId: text('order_id').notNull().references(() => orders.id),
    orderServiceId: text('order_service_id').references(() => orderServices.id),
    type: text('type').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /**
     * Where the bytes live: null = in `document_contents` (the embedded default); otherwise the
     * object's key in the configured object store (DOCUMENT_STORE_URL, e.g. s3://bucket/prefix).
     */
    storageKey: text('storage_key'),
    /** Set by `retention purge` when the contents were removed. */
    purgedAt: ts('purged_at'),
    createdAt: createdAt(),
  },
  (t) => [index('documents_order_idx').on(t.orderId, t.createdAt, t.id)],
);

export const documentContents = pgTable('document_contents', {
  documentId: text('document_id').primaryKey().references(() => documents.id),
  content: bytea('content').notNull(),
});

// ---------------------------------------------------------------------------------------------
// The testing program (DESIGN.md 7)
// ---------------------------------------------------------------------------------------------

/**
 * The roster (DESIGN.md 7.1): the people an employer's testing program covers. Never deleted:
 * deactivation sets `active_to`. The CDL number is sealed (lib/secrets.ts); its last 4 digits are
 * kept apart for the masked representation.
 */
export const employees = pgTable(
  'employees',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    companyId: text('company_id').notNull().references(() => companies.id),
    locationId: text('location_id').references(() => locations.id),
    /** The employer's own id, unique per company. */
    externalId: text('external_id').notNull(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    email: text('email'),
    phone: text('phone'),
    cdlNumberEncrypted: text('cdl_number_encrypted'),
    cdlLast4: text('cdl_last4'),
    cdlState: text('cdl_state'),
    /** DOT coverage: the agency (null for a non-DOT employee) and its job category. */
    agencyId: text('agency_id').references(() => agencies.id),
    jobCategoryId: text('job_category_id').references(() => jobCategories.id),
    /** active or inactive */
    status: text('status').notNull().default('active'),
    activeFrom: date('active_from', { mode: 'string' }).notNull(),
    activeTo: date('active_to', { mode: 'string' }),
    /** Clearinghouse (DESIGN.md 7.5): queries recorded from the FMCSA site, and the driver's status. */
    lastLimitedQueryOn: date('last_limited_query_on', { mode: 'string' }),
    lastFullQueryOn: date('last_full_query_on', { mode: 'string' }),
    limitedConsentUntil: date('limited_consent_until', { mode: 'string' }),
    clearinghouseStatus: text('clearinghouse_status').notNull().default('unknown'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('employees_company_external_idx').on(t.companyId, t.externalId),
    index('employees_tenant_name_idx').on(t.tenantId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
    index('employees_tenant_company_status_idx').on(t.tenantId, t.companyId, t.status),
  ],
);

/**
 * The action center (DESIGN.md 7.4): what someone must do, by when, under which rule. One open
 * action per type and subject; the worker raises and resolves them, and the operation that fixes
 * the cause resolves its action in its own transaction.
 */
export const actions = pgTable(
  'actions',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    /** The company it concerns; null for a tenant-wide action (a webhook endpoint, a consortium pool). */
    companyId: text('company_id').references(() => companies.id),
    type: text('type').notNull(),
    /** critical, high or normal */
    severity: text('severity').notNull(),
    title: text('title').notNull(),
    /** What it is about: an order, employee, pool, draw, selection, plan or webhook endpoint. */
    subjectObject: text('subject_object').notNull(),
    subjectId: text('subject_id').notNull(),
    dueAt: ts('due_at'),
    /** The rule, e.g. `49 CFR 382.303(b)`; null for an action of the product's own. */
    citation: text('citation'),
    /** open, resolved or dismissed */
    status: text('status').notNull().default('open'),
    resolvedAt: ts('resolved_at'),
    resolvedBy: jsonb('resolved_by').$type<{ type: 'user' | 'token' | 'system'; id: string | null; name: string | null }>(),
    /** automatic or manual */
    resolution: text('resolution'),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('actions_open_subject_idx').on(t.tenantId, t.type, t.subjectObject, t.subjectId).where(sql`${t.status} = 'open'`),
    index('actions_tenant_status_due_idx').on(t.tenantId, t.status, t.dueAt, t.id),
    // The sweep (lib/domain/actions/sweep.ts): whether a cause has its action (any status), and the open actions of a type.
    index('actions_type_subject_idx').on(t.type, t.subjectId, t.dueAt),
    index('actions_open_type_due_idx').on(t.type, t.dueAt).where(sql`${t.status} = 'open'`),
    // The open actions' count (every dashboard page's badge, the action list's total) within the
    // principal's companies: an index-only scan, no heap row read per action.
    index('actions_open_company_idx').on(t.tenantId, t.companyId).where(sql`${t.status} = 'open'`),
  ],
);

/**
 * DOT's minimum random-testing rates per agency (and FRA category) and year (DESIGN.md 7.2), from
 * the Federal Register notices: reference data with its source, the same for every tenant. The CLI
 * (`random-rates set`) adds a year.
 */
export const randomRates = pgTable(
  'random_rates',
  {
    id: text('id').primaryKey(),
    agencyId: text('agency_id').notNull().references(() => agencies.id),
    /** FRA only: covered, maintenanceOfWay or mechanical; '' for every other agency. */
    category: text('category').notNull().default(''),
    year: integer('year').notNull(),
    /** Fractions: 0.5 is 50%. */
    drugRate: doublePrecision('drug_rate').notNull(),
    /** null: the agency has no random alcohol testing. */
    alcoholRate: doublePrecision('alcohol_rate'),
    /** The notice it comes from (citation and URL). */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('random_rates_agency_category_year_idx').on(t.agencyId, t.category, t.year)],
);

/**
 * A random testing pool (DESIGN.md 7.2). Members are computed, never listed: the active employees
 * of its companies covered by one of its agencies (kind dot) or without DOT coverage (nonDot).
 */
export const randomPools = pgTable(
  'random_pools',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    name: text('name').notNull(),
    /** dot or nonDot */
    kind: text('kind').notNull(),
    agencyIds: text('agency_ids').array().notNull().default(sql`ARRAY[]::text[]`),
    /** One company: an employer pool; several: a consortium pool. */
    companyIds: text('company_ids').array().notNull(),
    drugRate: doublePrecision('drug_rate').notNull(),
    alcoholRate: doublePrecision('alcohol_rate'),
    /** monthly or quarterly */
    frequency: text('frequency').notNull(),
    drugPackageId: text('drug_package_id').references(() => packages.id),
    alcoholPackageId: text('alcohol_package_id').references(() => packages.id),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('random_pools_tenant_name_idx').on(t.tenantId, t.name, t.id)],
);

/**
 * One draw of a pool's period (DESIGN.md 7.2, algorithm sha256-rank-v1): the seed is kept from the
 * start (the commitment is published at once, the seed when revealed), with the eligible members'
 * snapshot in rank-independent order and the ranked alternates, so that anyone can recompute it.
 */
export const randomDraws = pgTable(
  'random_draws',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    poolId: text('pool_id').notNull().references(() => randomPools.id),
    /** `2026-Q3` or `2026-07`. */
    period: text('period').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    drawnAt: ts('drawn_at').notNull(),
    drawnBy: jsonb('drawn_by').$type<{ type: 'user' | 'token' | 'system'; id: string | null; name: string | null }>().notNull(),
    poolSize: integer('pool_size').notNull(),
    meanPoolSize: doublePrecision('mean_pool_size').notNull(),
    /** `{ drug, alcohol }`: the year's required counts at this draw. */
    required: jsonb('required').$type<{ drug: number; alcohol: number | null }>().notNull(),
    /** `{ drug, alcohol }`: how many this draw selected. */
    selectedCounts: jsonb('selected_counts').$type<{ drug: number; alcohol: number }>().notNull(),
    drugRate: doublePrecision('drug_rate').notNull(),
    alcoholRate: doublePrecision('alcohol_rate'),
    /** 64 lower-case hex characters (32 CSPRNG bytes); published only once revealed. */
    seedHex: text('seed_hex').notNull(),
    seedRevealedAt: ts('seed_revealed_at'),
    /** SHA-256 (hex) of the 32 seed bytes. */
    commitment: text('commitment').notNull(),
    /** SHA-256 (hex) of the sorted member ids joined by \n. */
    poolHash: text('pool_hash').notNull(),
    algorithm: text('algorithm').notNull(),
    /** The eligible members at the draw: id, externalId, name, company, location, agency, job category. */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>[]>().notNull(),
    /** Per kind, every member's id in rank order (the selected first, then the alternates). */
    ranking: jsonb('ranking').$type<{ drug: string[]; alcohol: string[] }>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('random_draws_pool_period_idx').on(t.poolId, t.period),
    index('random_draws_tenant_drawn_idx').on(t.tenantId, t.drawnAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** A selected employee of a draw, per kind (DESIGN.md 7.2). */
export const randomSelections = pgTable(
  'random_selections',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    drawId: text('draw_id').notNull().references(() => randomDraws.id),
    employeeId: text('employee_id').notNull().references(() => employees.id),
    companyId: text('company_id').notNull().references(() => companies.id),
    /** drug or alcohol */
    kind: text('kind').notNull(),
    /** 1-based position in the kind's ranking. */
    rank: integer('rank').notNull(),
    /** selected, ordered, completed, excused or lost */
    status: text('status').notNull().default('selected'),
    /** A day drawn uniformly within what was left of the period: when to notify the employee. */
    notifyOn: date('notify_on', { mode: 'string' }).notNull(),
    orderId: text('order_id').references(() => orders.id),
    excuseReason: text('excuse_reason'),
    excuseNote: text('excuse_note'),
    /** The excused selection this alternate replaces. */
    replacesId: text('replaces_id').references((): AnyPgColumn => randomSelections.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('random_selections_draw_kind_rank_idx').on(t.drawId, t.kind, t.rank),
    index('random_selections_employee_idx').on(t.employeeId, t.createdAt),
    index('random_selections_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
  ],
);

/**
 * A follow-up testing plan a SAP directs (DESIGN.md 7.3, 49 CFR 40.307): at least 6 tests in the
 * first 12 months, at most 60 months. Pausing moves the open due days by the paused time.
 */
export const followUpPlans = pgTable(
  'follow_up_plans',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    companyId: text('company_id').notNull().references(() => companies.id),
    employeeId: text('employee_id').notNull().references(() => employees.id),
    agencyId: text('agency_id').references(() => agencies.id),
    /** `{ name, email, phone }` of the substance-abuse professional. */
    sap: jsonb('sap').$type<{ name: string; email: string | null; phone: string | null }>().notNull(),
    returnToDutyOrderId: text('return_to_duty_order_id').notNull().references(() => orders.id),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    /** `[{ months, tests }]` in order. */
    phases: jsonb('phases').$type<Array<{ months: number; tests: number }>>().notNull(),
    /** drug and/or alcohol */
    substances: text('substances').array().notNull(),
    /** active, paused, completed or cancelled */
    status: text('status').notNull().default('active'),
    testsRequired: integer('tests_required').notNull(),
    pausedAt: ts('paused_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('follow_up_plans_employee_idx').on(t.employeeId, t.createdAt), index('follow_up_plans_tenant_status_idx').on(t.tenantId, t.status)],
);

/**
 * One test of a follow-up plan (DESIGN.md 7.3): a due day drawn uniformly (CSPRNG) within its
 * window, visible to the employer only; a make-up test replaces one whose order did not count.
 */
export const followUpTests = pgTable(
  'follow_up_tests',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    planId: text('plan_id').notNull().references(() => followUpPlans.id),
    /** 1-based position in the plan (a make-up test keeps the number of the test it makes up). */
    number: integer('number').notNull(),
    windowStart: date('window_start', { mode: 'string' }).notNull(),
    windowEnd: date('window_end', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** due, ordered, completed, missed (its order did not count: a make-up follows) or cancelled */
    status: text('status').notNull().default('due'),
    orderId: text('order_id').references(() => orders.id),
    makeUpOfId: text('make_up_of_id').references((): AnyPgColumn => followUpTests.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('follow_up_tests_plan_idx').on(t.planId, t.number),
    index('follow_up_tests_due_idx').on(t.tenantId, t.status, t.dueOn),
    index('follow_up_tests_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
  ],
);

/** Clearinghouse queries recorded from the FMCSA site for a driver (DESIGN.md 7.5, 49 CFR 382.701). */
export const clearinghouseQueries = pgTable(
  'clearinghouse_queries',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id),
    employeeId: text('employee_id').notNull().references(() => employees.id),
    /** limited or full */
    type: text('type').notNull(),
    queriedOn: date('queried_on', { mode: 'string' }).notNull(),
    /** noInformation, informationFound or prohibited */
    result: text('result').notNull(),
    recordedBy: jsonb('recorded_by').$type<{ type: 'user' | 'token' | 'system'; id: string | null; name: string | null }>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('clearinghouse_queries_employee_idx').on(t.employeeId, t.queriedOn)],
);
