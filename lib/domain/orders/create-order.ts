/**
 * Create an order (spec 4.2, DESIGN.md section 4). Every rule that needs the database lives here;
 * shape rules live in CreateOrderBody. The order, its services, history and audit event are
 * written in one transaction (which an `Idempotency-Key` record joins, lib/http/idempotency.ts).
 * The answer is a domain value: the new order, or an equivalent open one and how it `matched`.
 */
import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import {
  clinics, clinicServices, companies, jobCategories, agencies, locations, orderPackages, orders, orderServices,
  orderServiceStatusHistory, packages, participantIdentifiers,
} from '@/lib/db/schema';
import { activeLinkedCompany, orderablePackage, visibleOrder } from '@/lib/domain/access';
import { writeAudit } from '@/lib/domain/audit';
import { nearestClinicOffering } from '@/lib/domain/clinics/nearest';
import type { Ctx } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';
import { servicesOfPackages, type PackageServiceRow } from '@/lib/domain/packages';
import { callbackUrlProblem } from '@/lib/domain/webhooks/callback-url';
import { createPassForOrder } from '@/lib/domain/passes/passes';
import { geocodeCity, geocodeZip } from '@/lib/geo/geocode';
import { newId, newOrderCode } from '@/lib/ids';
import { countStatusChange } from './bookkeeping';
import { incidentClock } from './incident';
import { sealIdentifierValue } from './identifiers';
import { MATCH_THRESHOLD, matchScore } from './matching';
import { getOrder, loadOrderDocuments } from './queries';
import { namesJobCategories, packageRules, type PackageRules } from './package-rules';
import { OTHER_TEST_REASONS, type CreateOrderBody } from './schemas';
import { storeOrderDocuments } from './documents';
import { serializeOrder, type Order } from './serialize';
import { BACKGROUND_CHECK_TYPE, OPEN_ORDER_STATUSES } from './status';

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

export async function createOrder({ ctx, input }: { ctx: Ctx; input: CreateOrderBody }): Promise<CreateOrderResult> {
  return withTransaction(ctx, (tx) => createInTransaction(tx, input));
}

async function loadLocation(ctx: Ctx, id: string) {
  const [row] = await ctx.db
    .select({ location: locations, company: companies })
    .from(locations)
    .innerJoin(companies, eq(companies.id, locations.companyId))
    .where(and(eq(locations.id, id), eq(locations.tenantId, ctx.tenantId), eq(locations.isActive, true), activeLinkedCompany(ctx)));
  if (!row) throw notFound('Location', '/location/id');
  return row;
}

async function loadPackage(ctx: Ctx, id: string, location: typeof locations.$inferSelect) {
  const [row] = await ctx.db
    .select({ id: packages.id, name: packages.name, isActive: packages.isActive })
    .from(packages)
    .where(
      and(
        eq(packages.id, id),
        orderablePackage(ctx),
        or(eq(packages.locationId, location.id), and(isNull(packages.locationId), eq(packages.companyId, location.companyId))),
      ),
    );
  if (!row) throw new DomainError('notFound', 'Package was not found, or is not available at this location.', { pointer: '/package/id' });
  if (!row.isActive) throw new DomainError('packageInactive', 'The package has been deactivated and cannot be ordered.', { pointer: '/package' });
  const items = await servicesOfPackages(ctx, [row.id]);
  return { ...row, items };
}

async function checkAgency(ctx: Ctx, input: CreateOrderBody, rules: PackageRules) {
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

function checkOtherTestReason(input: CreateOrderBody, rules: PackageRules) {
  if (input.testReason !== 'other' || input.otherTestReason === undefined) return;
  if (!rules.freeTextOtherReason && !(OTHER_TEST_REASONS as readonly string[]).includes(input.otherTestReason))
    throw new DomainError('invalidValue', `otherTestReason must be one of: ${OTHER_TEST_REASONS.join(', ')} (the package has no DOT drug, alcohol or occupational health service).`, {
      pointer: '/otherTestReason',
      meta: { allowed: OTHER_TEST_REASONS },
    });
}

function checkBackgroundCheck(input: CreateOrderBody, items: PackageServiceRow[], company: typeof companies.$inferSelect) {
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

async function chooseClinic(ctx: Ctx, input: CreateOrderBody, location: typeof locations.$inferSelect, items: PackageServiceRow[]) {
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
    return clinic.id;
  }
  if (schedule.strategy === 'nearestClinic') {
    const address = input.participant.address!;
    const position = geocodeZip(address.postalCode) ?? geocodeCity(address.city, address.state);
    if (!position) return null; // unknown address: the participant chooses
    return nearestClinicOffering(ctx, { position, radiusMiles: NEAREST_CLINIC_RADIUS_MILES, serviceIds, feeCapCents: location.feeCapCents });
  }
  return null;
}

function matchingSettings(input: CreateOrderBody, location: typeof locations.$inferSelect, company: typeof companies.$inferSelect) {
  return {
    enabled: input.orderMatching?.enabled ?? location.orderMatchingEnabled ?? company.orderMatchingEnabled,
    windowDays: input.orderMatching?.windowDays ?? location.orderMatchingWindowDays ?? company.orderMatchingWindowDays,
  };
}

async function findMatch(ctx: Ctx, input: CreateOrderBody, companyId: string, packageId: string, windowDays: number) {
  const since = new Date(Date.now() - windowDays * 86_400_000);
  const candidates = await ctx.db
    .select({ id: orders.id, source: orders.source, firstName: orders.firstName, lastName: orders.lastName, birthDate: orders.birthDate, email: orders.email, phone: orders.phone })
    .from(orders)
    .where(
      and(
        visibleOrder(ctx),
        eq(orders.companyId, companyId),
        sql`lower(${orders.lastName}) = ${input.participant.lastName.toLowerCase()}`,
        inArray(orders.status, [...OPEN_ORDER_STATUSES]),
        gte(orders.createdAt, since),
        sql`exists (select 1 from ${orderPackages} op where op.order_id = ${orders.id} and op.package_id = ${packageId})`,
      ),
    )
    .orderBy(sql`${orders.createdAt} desc`)
    .limit(50);
  const p = input.participant;
  let best: { id: string; source: string; score: number } | null = null;
  for (const c of candidates) {
    const score = matchScore(c, { firstName: p.firstName, lastName: p.lastName, birthDate: p.birthDate ?? null, email: p.email ?? null, phone: p.phone ?? null });
    if (score >= MATCH_THRESHOLD && (!best || score > best.score)) best = { id: c.id, source: c.source, score };
  }
  return best;
}

async function insertWithUniqueCode(db: Db, values: Omit<typeof orders.$inferInsert, 'code'>): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = newOrderCode();
    const rows = await db.insert(orders).values({ ...values, code }).onConflictDoNothing().returning({ code: orders.code });
    if (rows.length) return code;
  }
  throw new Error('Could not allocate a unique order code');
}

async function createInTransaction(ctx: Ctx, input: CreateOrderBody): Promise<CreateOrderResult> {
  const { location, company } = await loadLocation(ctx, input.location.id);
  const pkg = await loadPackage(ctx, input.package.id, location);
  const rules = packageRules(pkg.items);
  const { agency, jobCategory } = await checkAgency(ctx, input, rules);
  checkOtherTestReason(input, rules);
  checkBackgroundCheck(input, pkg.items, company);
  // DOT post-accident / reasonable-suspicion windows (DESIGN.md 6.3): 400s and 422 testingWindowClosed.
  const clock = incidentClock(input, pkg.items, new Date());
  if (input.callback) {
    const problem = callbackUrlProblem(input.callback.url);
    if (problem) throw new DomainError('invalidValue', problem, { pointer: '/callback/url' });
  }
  const clinicId = await chooseClinic(ctx, input, location, pkg.items);

  const matching = matchingSettings(input, location, company);
  if (matching.enabled) {
    const match = await findMatch(ctx, input, company.id, pkg.id, matching.windowDays);
    if (match) {
      return { order: await getOrder(ctx, match.id), matched: { originalSource: match.source, score: match.score } };
    }
  }

  const now = new Date();
  const id = newId();
  const status = clinicId ? 'scheduled' : 'ordered';
  const p = input.participant;
  await insertWithUniqueCode(ctx.db, {
    id,
    tenantId: ctx.tenantId,
    companyId: company.id,
    locationId: location.id,
    agencyId: agency?.id ?? null,
    jobCategoryId: jobCategory?.id ?? null,
    clinicId,
    status,
    isFinal: false,
    statusUpdatedAt: now,
    testReason: input.testReason,
    otherTestReason: input.otherTestReason ?? null,
    firstName: p.firstName,
    lastName: p.lastName,
    middleName: p.middleName ?? null,
    birthDate: p.birthDate ?? null,
    email: p.email ?? null,
    phone: p.phone ?? null,
    participantAddress: p.address ? { ...p.address, line2: p.address.line2 ?? null } : null,
    deliveryMethod: input.deliveryMethods[0].type,
    requester: input.requester,
    settings: {
      schedule: input.settings.schedule ?? { strategy: 'participantChoice' },
      observedCollection: input.settings.observedCollection ?? false,
      ...(input.settings.notes !== undefined ? { notes: input.settings.notes } : {}),
    },
    callbackUrl: input.callback?.url ?? null,
    incident: clock.incident,
    source: ctx.source,
    createdByTokenId: ctx.actor.type === 'token' ? ctx.actor.id : null,
    createdByUserId: ctx.actor.type === 'user' ? ctx.actor.id : null,
    expiresAt: input.settings.expiresAt ? new Date(input.settings.expiresAt) : new Date(now.getTime() + DEFAULT_EXPIRY_DAYS * 86_400_000),
    createdAt: now,
    updatedAt: now,
  });
  await ctx.db.insert(orderPackages).values({ orderId: id, packageId: pkg.id, position: 0 });
  if (p.identifiers?.length) {
    await ctx.db.insert(participantIdentifiers).values(
      p.identifiers.map((identifier, position) => ({
        id: newId(),
        orderId: id,
        position,
        type: identifier.type,
        value: sealIdentifierValue(identifier.value),
        issuingCountry: identifier.issuingCountry ?? null,
        issuingState: identifier.issuingState ?? null,
      })),
    );
  }
  const serviceRows = pkg.items.map((s, position) => ({
    id: newId(),
    orderId: id,
    serviceId: s.id,
    position,
    name: s.name,
    type: s.type,
    category: s.category,
    specimenType: s.specimenType,
    isDot: s.isDot,
    ...clock.deadlineColumns(s),
    status: 'ordered',
    statusUpdatedAt: now,
  }));
  await ctx.db.insert(orderServices).values(serviceRows);
  await ctx.db
    .insert(orderServiceStatusHistory)
    .values(serviceRows.map((s) => ({ id: newId(), orderServiceId: s.id, status: 'ordered', groupType: 'ordered', occurredAt: now })));
  await countStatusChange(ctx.db, ctx.tenantId, company.id, null, status);
  await writeAudit(ctx.db, {
    tenantId: ctx.tenantId,
    orderId: id,
    action: 'order.created',
    actor: ctx.actor,
    data: { source: ctx.source, requesterEmail: input.requester.email },
  });
  await storeOrderDocuments(ctx.db, [id]);
  await createPassForOrder(ctx.db, { id, tenantId: ctx.tenantId, deliveryMethod: input.deliveryMethods[0].type, email: p.email ?? null, phone: p.phone ?? null });
  const withIdentifiers = ctx.scopes.has('order.participant.read');
  const [document] = await loadOrderDocuments(ctx.db, [id], withIdentifiers);
  return { order: serializeOrder(document, { identifiers: withIdentifiers }), matched: null };
}
