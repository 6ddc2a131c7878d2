/**
 * Create an order (spec 4.2, DESIGN.md section 4). Every rule that needs the database lives here;
 * shape rules live in CreateOrderBody. The answer is a domain value: the new order, or an
 * equivalent open one and how it `matched`.
 *
 * The hot path (docs/benchmarks.md, "Creating an order") is two statements, each prepared once:
 * 1. `create_order_context`: the location, its company and the package with its services, within
 *    the principal's access;
 * 2. `create_order_insert`: one statement, so one transaction, writing the order with its stored
 *    document, packages, services, status history, identifiers, audit entry, pass, message, status
 *    counter and the `order.created` event with its webhook deliveries. An `Idempotency-Key` record's transaction (lib/http/idempotency.ts) takes it in.
 * DOT references, a chosen clinic and order matching add their own reads, and a message (delivery
 * email or sms) the count of the address's messages of the last hour (lib/domain/outbox/message-limits.ts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  clinics, clinicServices, companies, jobCategories, agencies, locations, orderPackages, orders, packages, packageServices, services, tenants,
} from '@/lib/db/schema';
import { namedStatement } from '@/lib/db/prepared';
import { activeLinkedCompany, inCompanies, orderablePackage, type Access } from '@/lib/domain/access';
import { orderAuditValues } from '@/lib/domain/audit';
import { nearestClinicOffering } from '@/lib/domain/clinics/nearest';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { assertRoomForRecipient } from '@/lib/domain/outbox/message-limits';
import { messageValues } from '@/lib/domain/outbox/message-queue';
import { notifyMessagesDue } from '@/lib/domain/outbox/message-wake';
import { notifyDeliveriesDue } from '@/lib/domain/outbox/webhook-wake';
import { endpointTakes, newEventId } from '@/lib/domain/webhook-endpoints';
import { afterCommitOf } from '@/lib/domain/transaction';
import type { PackageServiceRow } from '@/lib/domain/packages';
import { tenantNowAt } from '@/lib/domain/clock';
import { packagesAtLocations } from '@/lib/domain/packages/at-locations';
import { callbackUrlProblem } from '@/lib/domain/outbox/callback-url';
import { newPassValues, participantMessage } from '@/lib/domain/passes/passes';
import { geocodeCity, geocodeZip } from '@/lib/geo/geocode';
import { participantLanguageOr } from '@/lib/i18n/participant';
import { newId, newOrderCode } from '@/lib/ids';
import { counterSlot, eventOrder } from './bookkeeping';
import { closedWindows, incidentClock, openPackages, type OpenPackage } from './incident';
import { sealIdentifierValue } from '@/lib/domain/order-model/identifiers';
import { MATCH_THRESHOLD, matchScore, type MatchableParticipant } from './matching';
import { observedCollectionOf } from './observed-collection';
import { getOrder } from './queries';
import { namesJobCategories, packageRules, type PackageRules } from './package-rules';
import { OTHER_TEST_REASONS, type CreateOrderBody } from './schemas';
import { employeeIdentifiers, resolveEmployee, withEmployeeCoverage, type ResolvedOrderInput } from './employee-participant';
import { newOrderDocument, type NewOrderService } from './new-order-document';
import { serializeOrder, type Order } from '@/lib/domain/order-model/serialize';
import { BACKGROUND_CHECK_TYPE, OPEN_ORDER_STATUSES } from '@/lib/domain/order-model/status';

const DEFAULT_EXPIRY_DAYS = 14;
const NEAREST_CLINIC_RADIUS_MILES = 50;

/** Order matching (spec 4.2): the source of the equivalent open order, and how alike they are. */
export interface OrderMatch {
  originalSource: string;
  score: number;
}

/** A new order (`matched` null), or the equivalent open order that was found instead. */
export interface CreateOrderResult {
  order: Order;
  matched: OrderMatch | null;
}

/**
 * Every write of a new order is one statement (`create_order_insert`), so it is its own
 * transaction: no BEGIN and COMMIT around it. Called inside a caller's transaction (the record of
 * an `Idempotency-Key`), it runs in that one and commits with it.
 */
export async function createOrder({ ctx, input }: { ctx: Ctx; input: CreateOrderBody }): Promise<CreateOrderResult> {
  const { messageQueued, ...result } = await createNewOrder(ctx, input);
  // A message worker in this process sends it at once instead of at its next poll.
  if (messageQueued) afterCommitOf(ctx.db, notifyMessagesDue);
  return result;
}

const placeholder = sql.placeholder;
/** The principal as placeholders: one prepared statement serves every token. */
const access: Access = { tenantId: placeholder('tenantId'), companyIds: placeholder('companyIds') };

interface OrderingLocation {
  id: string;
  companyId: string;
  name: string;
  scheduleStrategies: string[];
  feeCapCents: number | null;
  orderMatchingEnabled: boolean | null;
  orderMatchingWindowDays: number | null;
}
interface OrderingCompany {
  id: string;
  name: string;
  backgroundCheckEnabled: boolean;
  orderMatchingEnabled: boolean;
  orderMatchingWindowDays: number;
  participantLanguage: string;
}
interface OrderingPackage {
  id: string;
  name: string;
  isActive: boolean;
  items: PackageServiceRow[];
}

/**
 * The location (active, of an active linked company), its company, and the package if it can be
 * ordered there (the location's own, or its company's) with its services in order: one round trip.
 */
const orderingContext = namedStatement<{ location: OrderingLocation; company: OrderingCompany; package: OrderingPackage | null; clockOffsetMs: string | number | null }>(
  'create_order_context',
  () => sql`select
    -- The tenant's clock (lib/domain/clock.ts) in the same round trip: tenantNow's primary-key read.
    (select ${tenants.clockOffsetMs} from ${tenants} where ${tenants.id} = ${access.tenantId}) as "clockOffsetMs",
    json_build_object('id', ${locations.id}, 'companyId', ${locations.companyId}, 'name', ${locations.name},
      'scheduleStrategies', ${locations.scheduleStrategies}, 'feeCapCents', ${locations.feeCapCents},
      'orderMatchingEnabled', ${locations.orderMatchingEnabled}, 'orderMatchingWindowDays', ${locations.orderMatchingWindowDays}) as location,
    json_build_object('id', ${companies.id}, 'name', ${companies.name}, 'backgroundCheckEnabled', ${companies.backgroundCheckEnabled},
      'orderMatchingEnabled', ${companies.orderMatchingEnabled}, 'orderMatchingWindowDays', ${companies.orderMatchingWindowDays},
      'participantLanguage', ${companies.participantLanguage}) as company,
    (select json_build_object('id', ${packages.id}, 'name', ${packages.name}, 'isActive', ${packages.isActive}, 'items', (
        select coalesce(json_agg(json_build_object('packageId', ${packageServices.packageId}, 'id', ${services.id}, 'name', ${services.name},
          'type', ${services.type}, 'isDot', ${services.isDot}, 'category', ${services.category}, 'specimenType', ${services.specimenType})
          order by ${packageServices.position}), '[]'::json)
        from ${packageServices} join ${services} on ${services.id} = ${packageServices.serviceId}
        where ${packageServices.packageId} = ${packages.id}))
      from ${packages}
      where ${packages.id} = ${placeholder('packageId')} and ${orderablePackage(access)}
        and (${packages.locationId} = ${locations.id} or (${packages.locationId} is null and ${packages.companyId} = ${locations.companyId}))) as package
  from ${locations} join ${companies} on ${companies.id} = ${locations.companyId}
  where ${locations.id} = ${placeholder('locationId')} and ${locations.tenantId} = ${access.tenantId} and ${locations.isActive} and ${activeLinkedCompany(access)}`,
);

async function loadOrderingContext(ctx: Ctx, input: CreateOrderBody) {
  const [row] = await orderingContext(ctx.db, { tenantId: ctx.tenantId, companyIds: ctx.companyIds, locationId: input.location.id, packageId: input.package.id });
  if (!row) throw notFound('Location', '/location/id');
  const pkg = row.package;
  if (!pkg) throw new DomainError('notFound', 'Package was not found, or is not available at this location.', { pointer: '/package/id' });
  if (!pkg.isActive) throw new DomainError('packageInactive', 'The package has been deactivated and cannot be ordered.', { pointer: '/package' });
  return { location: row.location, company: row.company, pkg, clockOffsetMs: Number(row.clockOffsetMs ?? 0) };
}

async function checkAgency(ctx: Ctx, input: ResolvedOrderInput, rules: PackageRules) {
  if (!rules.needsAgency) {
    if (input.agency) throw new DomainError('invalidValue', 'agency is accepted only for a package with a DOT service.', { pointer: '/agency' });
    if (input.jobCategory) throw new DomainError('invalidValue', 'jobCategory is accepted only for an order with a DOT service.', { pointer: '/jobCategory' });
    return { agency: null, jobCategory: null };
  }
  if (!input.agency) throw new DomainError('required', 'agency is required: the package includes a DOT service.', { pointer: '/agency' });
  const [agency] = await ctx.db.select().from(agencies).where(eq(agencies.id, input.agency.id));
  if (!agency) throw new DomainError('invalidValue', 'agency must be one of the agencies of the list-agencies operation.', { pointer: '/agency/id' });
  if (!namesJobCategories(agency.code)) {
    if (input.jobCategory)
      throw new DomainError('invalidValue', `jobCategory is accepted only under agency FAA, FRA or FTA, not ${agency.code}.`, { pointer: '/jobCategory' });
    return { agency, jobCategory: null };
  }
  if (!input.jobCategory) {
    if (rules.dotUrine)
      throw new DomainError('required', `jobCategory is required: the package includes a DOT urine test under ${agency.code}.`, { pointer: '/jobCategory' });
    return { agency, jobCategory: null };
  }
  const [jobCategory] = await ctx.db
    .select()
    .from(jobCategories)
    .where(and(eq(jobCategories.id, input.jobCategory.id), eq(jobCategories.agencyId, agency.id)));
  if (!jobCategory) throw new DomainError('invalidValue', `jobCategory must be one that ${agency.code} publishes.`, { pointer: '/jobCategory/id' });
  return { agency, jobCategory };
}

/** The packages of the location to order instead of `refused`, whose windows are all open now (incident.ts `openPackages`). */
async function openPackagesAt(ctx: Ctx, locationId: string, refused: OrderingPackage, occurredAt: Date, now: Date): Promise<OpenPackage[]> {
  return openPackages(refused.items, await packagesAtLocations(ctx, [locationId]), occurredAt, now, refused.id);
}

function checkOtherTestReason(input: CreateOrderBody, rules: PackageRules) {
  if (input.testReason !== 'other' || input.otherTestReason === undefined) return;
  if (!rules.freeTextOtherReason && !(OTHER_TEST_REASONS as readonly string[]).includes(input.otherTestReason))
    throw new DomainError('invalidValue', `otherTestReason must be one of: ${OTHER_TEST_REASONS.join(', ')} (the package has no DOT drug, alcohol or occupational health service).`, {
      pointer: '/otherTestReason',
      meta: { allowed: OTHER_TEST_REASONS },
    });
}

function checkBackgroundCheck(input: CreateOrderBody, items: PackageServiceRow[], company: OrderingCompany) {
  if (!items.some((s) => s.type === BACKGROUND_CHECK_TYPE)) return;
  if (!company.backgroundCheckEnabled)
    throw new DomainError('backgroundCheckIntegrationNotConfigured', 'The package includes a background check, but the company has no background-check integration.', {
      pointer: '/package/id',
    });
  if (input.deliveryMethods[0].type === 'none')
    throw new DomainError('linkRequiredBackground', 'A background check needs a link sent to the participant: use the email or sms delivery method.', {
      pointer: '/deliveryMethods/0/type',
    });
}

/** Total price at a clinic of the package's services, or null when it lacks one of them. */
async function packagePriceAt(ctx: Ctx, clinicId: string, serviceIds: string[]): Promise<number | null> {
  const rows = await ctx.db
    .select({ price: clinicServices.priceCents })
    .from(clinicServices)
    .where(and(eq(clinicServices.clinicId, clinicId), inArray(clinicServices.serviceId, serviceIds)));
  return rows.length === new Set(serviceIds).size ? rows.reduce((s, r) => s + r.price, 0) : null;
}

type ChosenClinic = Pick<typeof clinics.$inferSelect, 'id' | 'name' | 'phone' | 'line1' | 'line2' | 'city' | 'state' | 'postalCode' | 'country'>;

/** The clinic the settings choose (its columns the order document shows), or null: the participant chooses. */
async function chooseClinic(ctx: Ctx, input: ResolvedOrderInput, location: OrderingLocation, items: PackageServiceRow[]): Promise<ChosenClinic | null> {
  const schedule = input.settings.schedule ?? { strategy: 'participantChoice' as const };
  if (!location.scheduleStrategies.includes(schedule.strategy))
    throw new DomainError('invalidScheduleStrategy', `This location does not allow the "${schedule.strategy}" schedule strategy. Allowed: ${location.scheduleStrategies.join(', ')}.`, {
      pointer: '/settings/schedule/strategy',
      meta: { allowed: location.scheduleStrategies },
    });
  const serviceIds = items.map((s) => s.id);
  if (schedule.strategy === 'clinic') {
    const [clinic] = await ctx.db.select().from(clinics).where(and(eq(clinics.id, schedule.clinic.id), eq(clinics.tenantId, ctx.tenantId)));
    if (!clinic) throw notFound('Clinic', '/settings/schedule/clinic/id');
    const price = clinic.isActive ? await packagePriceAt(ctx, clinic.id, serviceIds) : null;
    if (price === null)
      throw new DomainError('scheduleConfiguredClinicUnavailable', 'The clinic is inactive or does not offer every service of the package.', {
        pointer: '/settings/schedule/clinic/id',
      });
    if (location.feeCapCents !== null && price > location.feeCapCents)
      throw new DomainError('scheduleClinicExcludedByFeeCap', `The clinic's price for the package exceeds the location's fee cap.`, {
        pointer: '/settings/schedule/clinic/id',
        meta: { priceCents: price, feeCapCents: location.feeCapCents },
      });
    return clinic;
  }
  if (schedule.strategy === 'nearestClinic') {
    const address = input.participant.address!;
    const position = geocodeZip(address.postalCode) ?? geocodeCity(address.city, address.state);
    if (!position) return null; // unknown address: the participant chooses
    const id = await nearestClinicOffering(ctx, { position, radiusMiles: NEAREST_CLINIC_RADIUS_MILES, serviceIds, feeCapCents: location.feeCapCents });
    if (!id) return null;
    const [clinic] = await ctx.db.select().from(clinics).where(and(eq(clinics.id, id), eq(clinics.tenantId, ctx.tenantId)));
    return clinic ?? null;
  }
  return null;
}

function matchingSettings(input: CreateOrderBody, location: OrderingLocation, company: OrderingCompany) {
  return {
    enabled: input.orderMatching?.enabled ?? location.orderMatchingEnabled ?? company.orderMatchingEnabled,
    windowDays: input.orderMatching?.windowDays ?? location.orderMatchingWindowDays ?? company.orderMatchingWindowDays,
  };
}

/** Open orders of the company and package, with this last name, created in the window: the candidates of a match. */
const matchCandidates = namedStatement<{ id: string; source: string } & MatchableParticipant>(
  'create_order_match_candidates',
  () => sql`select ${orders.id} as id, ${orders.source} as source, ${orders.firstName} as "firstName", ${orders.lastName} as "lastName",
      ${orders.birthDate}::text as "birthDate", ${orders.email} as email, ${orders.phone} as phone
    from ${orders}
    where ${orders.tenantId} = ${access.tenantId} and ${inCompanies(orders.companyId, access.companyIds)} and ${orders.companyId} = ${placeholder('companyId')}
      and lower(${orders.lastName}) = ${placeholder('lastName')} and ${orders.status} = any(${placeholder('statuses')}::text[])
      and ${orders.createdAt} >= ${placeholder('since')}::timestamptz
      and exists (select 1 from ${orderPackages} op where op.order_id = ${orders.id} and op.package_id = ${placeholder('packageId')})
    order by ${orders.createdAt} desc
    limit 50`,
);

async function findMatch(ctx: Ctx, input: ResolvedOrderInput, companyId: string, packageId: string, windowDays: number, now: Date) {
  const candidates = await matchCandidates(ctx.db, {
    tenantId: ctx.tenantId,
    companyIds: ctx.companyIds,
    companyId,
    lastName: input.participant.lastName.toLowerCase(),
    statuses: [...OPEN_ORDER_STATUSES],
    since: new Date(now.getTime() - windowDays * 86_400_000).toISOString(),
    packageId,
  });
  const p = input.participant;
  let best: { id: string; source: string; score: number } | null = null;
  for (const c of candidates) {
    const score = matchScore(c, { firstName: p.firstName, lastName: p.lastName, birthDate: p.birthDate ?? null, email: p.email ?? null, phone: p.phone ?? null });
    if (score >= MATCH_THRESHOLD && (!best || score > best.score)) best = { id: c.id, source: c.source, score };
  }
  return best;
}

/**
 * The whole new order in one statement: the order row with its stored document, and, only if that
 * row was inserted (`new_order`), its package, services, their first status, identifiers, audit
 * entry, pass, message, status counter and `order.created` event with its deliveries. A code already taken inserts nothing at all (`created`
 * 0) and the caller tries another. `dto.creating_order` names the order for migration 0014's
 * triggers, so the parts inserted with it keep the document the row was inserted with.
 */
const insertNewOrder = namedStatement<{ created: number; queued: number }>(
  'create_order_insert',
  () => sql`with creating as (select set_config('dto.creating_order', ${placeholder('id')}, true) as id),
  new_order as (
    insert into orders (id, tenant_id, code, company_id, location_id, employee_id, agency_id, job_category_id, clinic_id, status, is_final,
      status_updated_at, test_reason, other_test_reason, participant_first_name, participant_last_name, participant_middle_name,
      participant_birth_date, participant_email, participant_phone, participant_address, participant_language, delivery_method, requester, settings,
      callback_url, incident, source, created_by_token_id, created_by_user_id, expires_at, created_at, updated_at, document)
    select creating.id, ${placeholder('tenantId')}, ${placeholder('code')}, ${placeholder('companyId')}, ${placeholder('locationId')},
      ${placeholder('employeeId')}, ${placeholder('agencyId')}, ${placeholder('jobCategoryId')}, ${placeholder('clinicId')}, ${placeholder('status')}, false,
      ${placeholder('now')}::timestamptz, ${placeholder('testReason')}, ${placeholder('otherTestReason')}, ${placeholder('firstName')},
      ${placeholder('lastName')}, ${placeholder('middleName')}, ${placeholder('birthDate')}::date, ${placeholder('email')}, ${placeholder('phone')},
      ${placeholder('address')}::jsonb, ${placeholder('language')}, ${placeholder('deliveryMethod')}, ${placeholder('requester')}::jsonb, ${placeholder('settings')}::jsonb,
      ${placeholder('callbackUrl')}, ${placeholder('incident')}::jsonb, ${placeholder('source')}, ${placeholder('createdByTokenId')},
      ${placeholder('createdByUserId')}, ${placeholder('expiresAt')}::timestamptz, ${placeholder('now')}::timestamptz,
      ${placeholder('now')}::timestamptz, ${placeholder('document')}::json
    from creating
    on conflict do nothing
    returning id, tenant_id, company_id, status),
  packages_ as (insert into order_packages (order_id, package_id, position) select id, ${placeholder('packageId')}, 0 from new_order),
  services_ as (
    insert into order_services (id, order_id, service_id, position, name, type, category, specimen_type, is_dot, status,
      status_updated_at, deadline_closes_at, deadline_reason_required_after)
    select s.id, new_order.id, s.service_id, s.position, s.name, s.type, s.category, s.specimen_type, s.is_dot, 'ordered',
      ${placeholder('now')}::timestamptz, s.deadline_closes_at, s.deadline_reason_required_after
    from new_order, json_to_recordset(${placeholder('services')}::json) as s(id text, service_id text, position int, name text, type text,
      category text, specimen_type text, is_dot boolean, deadline_closes_at timestamptz, deadline_reason_required_after timestamptz)),
  history_ as (
    insert into order_service_status_history (id, order_service_id, status, group_type, occurred_at)
    select h.id, h.order_service_id, 'ordered', 'ordered', ${placeholder('now')}::timestamptz
    from new_order, json_to_recordset(${placeholder('history')}::json) as h(id text, order_service_id text)),
  identifiers_ as (
    insert into participant_identifiers (id, order_id, position, type, value, issuing_country, issuing_state)
    select i.id, new_order.id, i.position, i.type, i.value, i.issuing_country, i.issuing_state
    from new_order, json_to_recordset(${placeholder('identifiers')}::json) as i(id text, position int, type text, value text,
      issuing_country text, issuing_state text)),
  audit_ as (
    insert into audit_events (id, tenant_id, order_id, action, actor_type, actor_token_id, actor_user_id, actor_email, actor_name, data)
    select a.id, new_order.tenant_id, new_order.id, a.action, a.actor_type, a.actor_token_id, a.actor_user_id, a.actor_email, a.actor_name, a.data
    from new_order, json_to_record(${placeholder('audit')}::json) as a(id text, action text, actor_type text, actor_token_id text,
      actor_user_id text, actor_email text, actor_name text, data jsonb)),
  pass_ as (
    insert into order_passes (id, tenant_id, order_id, token_hash, token_encrypted)
    select ${placeholder('passId')}, new_order.tenant_id, new_order.id, ${placeholder('passTokenHash')}, ${placeholder('passTokenEncrypted')} from new_order),
  messages_ as (
    insert into messages (id, tenant_id, order_id, channel, to_encrypted, to_masked, to_hash, template, data, language, status, next_attempt_at)
    select m.id, new_order.tenant_id, new_order.id, m.channel, m.to_encrypted, m.to_masked, m.to_hash, m.template, m.data, m.language, 'queued', ${placeholder('queuedAt')}::timestamptz
    from new_order, json_to_recordset(${placeholder('messages')}::json) as m(id text, channel text, to_encrypted text, to_masked text,
      to_hash text, template text, data jsonb, language text)),
  counted as (
    insert into order_counters (tenant_id, company_id, status, slot, count)
    select tenant_id, company_id, status, ${placeholder('counterSlot')}, 1 from new_order
    on conflict (tenant_id, company_id, status, slot) do update set count = order_counters.count + 1),
  event_ as (
    insert into events (id, tenant_id, type, company_id, order_id, payload, created_at)
    select ${placeholder('eventId')}, tenant_id, 'order.created', company_id, id, ${placeholder('eventPayload')}::jsonb, ${placeholder('now')}::timestamptz from new_order),
  deliveries_ as (
    -- emitEvent's fan-out (lib/domain/webhook-endpoints/fan-out.ts) in SQL: a delivery per endpoint
    -- that takes the event; ids are the base UUID v7 with its last 4 digits numbering the endpoints.
    insert into webhook_deliveries (id, tenant_id, order_id, endpoint_id, event_id, event_type, sequence, url, payload, status, next_attempt_at, created_at)
    select overlay(${placeholder('deliveryIdBase')} placing lpad(to_hex(row_number() over (order by w.id)), 4, '0') from 33 for 4),
      new_order.tenant_id, new_order.id, w.id, ${placeholder('eventId')}, 'order.created', 0, w.url, ${placeholder('eventPayload')}::jsonb,
      'pending', ${placeholder('queuedAt')}::timestamptz, ${placeholder('queuedAt')}::timestamptz
    from new_order join webhook_endpoints w on ${endpointTakes(sql`w`, sql`new_order.tenant_id`, 'order.created', sql`new_order.company_id`)}
    returning 1)
  select count(*)::int as created, (select count(*)::int from deliveries_) as queued from new_order`,
);

const json = (value: unknown) => JSON.stringify(value);

async function createNewOrder(ctx: Ctx, body: CreateOrderBody): Promise<CreateOrderResult & { messageQueued: boolean }> {
  const { location, company, pkg, clockOffsetMs } = await loadOrderingContext(ctx, body);
  const rules = packageRules(pkg.items);
  // DESIGN.md 7.1: an order for an employee of the roster takes its participant and coverage from it.
  const resolved = await resolveEmployee(ctx, body, company.id);
  const employee = resolved.employee;
  const input = withEmployeeCoverage(resolved.input, employee, rules.needsAgency);
  const { agency, jobCategory } = await checkAgency(ctx, input, rules);
  checkOtherTestReason(input, rules);
  const observedCollection = observedCollectionOf(input, rules);
  checkBackgroundCheck(input, pkg.items, company);
  // DOT post-accident / reasonable-suspicion windows (DESIGN.md 6.3): 400s, and 422 testingWindowClosed
  // offering the location's packages whose windows are all open.
  // The tenant's clock (lib/domain/clock.ts), read once: the incident windows, the expiry, the
  // matching window and every stamp of the new order (createdAt, its history, its event), so that a
  // sandbox tenant whose clock moved dates its orders on that clock and compares them in one time.
  const now = tenantNowAt(clockOffsetMs);
  if (input.settings.expiresAt && Date.parse(input.settings.expiresAt) <= now.getTime())
    throw new DomainError('invalidValue', 'settings.expiresAt must be in the future.', { pointer: '/settings/expiresAt' });
  const occurredAt = input.incident && new Date(input.incident.occurredAt);
  const offered = occurredAt && closedWindows(input.testReason, pkg.items, occurredAt, now).length ? await openPackagesAt(ctx, location.id, pkg, occurredAt, now) : [];
  const clock = incidentClock(input, pkg.items, now, offered);
  if (input.callback) {
    const problem = callbackUrlProblem(input.callback.url);
    if (problem) throw new DomainError('invalidValue', problem, { pointer: '/callback/url' });
  }
  const clinic = await chooseClinic(ctx, input, location, pkg.items);

  const matching = matchingSettings(input, location, company);
  if (matching.enabled) {
    const match = await findMatch(ctx, input, company.id, pkg.id, matching.windowDays, now);
    if (match) {
      return { order: await getOrder(ctx, match.id), matched: { originalSource: match.source, score: match.score }, messageQueued: false };
    }
  }

  const id = newId();
  const status = clinic ? 'scheduled' : 'ordered';
  const p = input.participant;
  const deliveryMethod = input.deliveryMethods[0].type;
  const expiresAt = input.settings.expiresAt ? new Date(input.settings.expiresAt) : new Date(now.getTime() + DEFAULT_EXPIRY_DAYS * 86_400_000);
  const participant = {
    firstName: p.firstName,
    lastName: p.lastName,
    middleName: p.middleName ?? null,
    birthDate: p.birthDate ?? null,
    email: p.email ?? null,
    phone: p.phone ?? null,
    address: p.address ? { ...p.address, line2: p.address.line2 ?? null } : null,
    // Issue 29: the participant's messages and pass page; omitted, the company's setting.
    language: p.language ?? participantLanguageOr(company.participantLanguage),
  };
  const settings = {
    schedule: input.settings.schedule ?? { strategy: 'participantChoice' },
    observedCollection,
    ...(input.settings.notes !== undefined ? { notes: input.settings.notes } : {}),
  };
  const orderServices: NewOrderService[] = pkg.items.map((s) => ({
    id: newId(),
    name: s.name,
    category: s.category,
    specimenType: s.specimenType,
    isDot: s.isDot,
    ...clock.deadlineColumns(s),
  }));
  const identifiers = (employeeIdentifiers(input, employee, agency?.code ?? null) ?? []).map((identifier, position) => ({
    id: newId(),
    position,
    type: identifier.type,
    value: sealIdentifierValue(identifier.value),
    issuing_country: identifier.issuingCountry ?? null,
    issuing_state: identifier.issuingState ?? null,
  }));
  const pass = newPassValues({ id, tenantId: ctx.tenantId });
  const message = participantMessage(
    { id, tenantId: ctx.tenantId, deliveryMethod, email: participant.email, phone: participant.phone, participantLanguage: participant.language },
    'orderCreated',
    pass.values.id,
  );
  const queued = message && messageValues(message);
  if (queued) await assertRoomForRecipient(ctx.db, queued, deliveryMethod === 'sms' ? '/participant/phone' : '/participant/email');
  const audit = orderAuditValues({ tenantId: ctx.tenantId, orderId: id, action: 'order.created', actor: ctx.actor, data: { source: ctx.source, requesterEmail: input.requester.email, ...(employee ? { employeeId: employee.id } : {}) } });

  for (let attempt = 0; ; attempt++) {
    const code = newOrderCode();
    const document = newOrderDocument({
      id, code, status, now, expiresAt,
      testReason: input.testReason,
      otherTestReason: input.otherTestReason ?? null,
      deliveryMethod,
      requester: input.requester,
      settings,
      incident: clock.incident,
      employeeId: employee?.id ?? null,
      participant,
      company, location,
      agency: agency ? { id: agency.id, code: agency.code } : null,
      jobCategory: jobCategory ? { id: jobCategory.id, name: jobCategory.name, agencyId: jobCategory.agencyId } : null,
      clinic,
      packages: [{ id: pkg.id, name: pkg.name }],
      services: orderServices,
    });
    const eventId = newEventId();
    const [{ created, queued: deliveriesQueued }] = await insertNewOrder(ctx.db, {
      id, code, status,
      tenantId: ctx.tenantId,
      companyId: company.id,
      locationId: location.id,
      employeeId: employee?.id ?? null,
      agencyId: agency?.id ?? null,
      jobCategoryId: jobCategory?.id ?? null,
      clinicId: clinic?.id ?? null,
      now: now.toISOString(),
      // The senders' schedule is real time, whatever the tenant's clock says: due at once.
      queuedAt: new Date().toISOString(),
      testReason: input.testReason,
      otherTestReason: input.otherTestReason ?? null,
      firstName: participant.firstName,
      lastName: participant.lastName,
      middleName: participant.middleName,
      birthDate: participant.birthDate,
      email: participant.email,
      phone: participant.phone,
      address: participant.address && json(participant.address),
      language: participant.language,
      deliveryMethod,
      requester: json(input.requester),
      settings: json(settings),
      callbackUrl: input.callback?.url ?? null,
      incident: clock.incident && json(clock.incident),
      source: ctx.source,
      createdByTokenId: ctx.actor.type === 'token' ? ctx.actor.id : null,
      createdByUserId: ctx.actor.type === 'user' ? ctx.actor.id : null,
      expiresAt: expiresAt.toISOString(),
      document: json(document),
      packageId: pkg.id,
      services: json(
        orderServices.map((s, position) => ({
          id: s.id, service_id: pkg.items[position].id, position, name: s.name, type: pkg.items[position].type, category: s.category,
          specimen_type: s.specimenType, is_dot: s.isDot, deadline_closes_at: s.deadlineClosesAt, deadline_reason_required_after: s.deadlineReasonRequiredAfter,
        })),
      ),
      history: json(orderServices.map((s) => ({ id: newId(), order_service_id: s.id }))),
      identifiers: json(identifiers),
      audit: json({
        id: audit.id, action: audit.action, actor_type: audit.actorType, actor_token_id: audit.actorTokenId, actor_user_id: audit.actorUserId,
        actor_email: audit.actorEmail, actor_name: audit.actorName, data: audit.data,
      }),
      passId: pass.values.id,
      passTokenHash: pass.values.tokenHash,
      passTokenEncrypted: pass.values.tokenEncrypted,
      messages: json(
        queued
          ? [{ id: queued.id, channel: queued.channel, to_encrypted: queued.toEncrypted, to_masked: queued.toMasked, to_hash: queued.toHash, template: queued.template, data: queued.data, language: queued.language }]
          : [],
      ),
      counterSlot: counterSlot(),
      // `order.created` (DESIGN.md 7.6), recorded and fanned out in this statement.
      eventId,
      eventPayload: json({ id: eventId, object: 'event', type: 'order.created', sequence: 0, createdAt: now.toISOString(), data: { order: eventOrder(serializeOrder({ ...document, identifiers: [] }, { identifiers: false })) } }),
      deliveryIdBase: newId(),
    });
    if (created) {
      if (deliveriesQueued) afterCommitOf(ctx.db, notifyDeliveriesDue);
      const withIdentifiers = ctx.scopes.has('order.participant.read');
      const sealed = identifiers.map((i) => ({ type: i.type, value: i.value, issuingCountry: i.issuing_country, issuingState: i.issuing_state }));
      return { order: serializeOrder({ ...document, identifiers: sealed }, { identifiers: withIdentifiers }), matched: null, messageQueued: message !== null };
    }
    if (attempt === 4) throw new Error('Could not allocate a unique order code');
  }
}
