/**
 * The participant's side of a pass (DESIGN.md 6.1, "Pass page"): what `/pass/{token}` shows and the
 * clinic choice it records. The token is the only credential; a participant sees their first name,
 * the company, the tests, the clinic and the time left — never identifiers, never results.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { namedStatement } from '@/lib/db/prepared';
import { clinics, companies, locations, orderPasses, orders, orderServices } from '@/lib/db/schema';
import { writeAudit } from '@/lib/domain/audit';
import { openStatusSql, zoneOf } from '@/lib/domain/clinics/hours';
import { nearbyClinicsSql } from '@/lib/domain/clinics/nearby';
import { DomainError } from '@/lib/domain/errors';
import { countStatusChange, enqueueOrderUpdated } from '@/lib/domain/orders/bookkeeping';
import { storeOrderDocuments } from '@/lib/domain/order-model/documents';
import { loadOrderDocuments } from '@/lib/domain/orders/queries';
import { serializeOrder } from '@/lib/domain/order-model/serialize';
import { BACKGROUND_CHECK_TYPE, isFinalOrderStatus } from '@/lib/domain/order-model/status';
import { withTransaction } from '@/lib/domain/transaction';
import type { Position } from '@/lib/geo/geocode';
import { isLiveOrderStatus } from '@/lib/domain/passes/passes';
import { hashPassToken, isPassTokenShape } from '@/lib/domain/passes/tokens';
import { participantLanguageOr, type ParticipantLanguage } from '@/lib/i18n/participant';

export interface PassClinic {
  id: string;
  name: string;
  phone: string | null;
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  lat: number | null;
  long: number | null;
  hours: Array<{ day: string; opens: string; closes: string }>;
  timeZone: string | null;
  /**
   * Open or closed now, and until or from when: the clinic search's one opening state
   * (`openStatusSql`, lib/domain/clinics/hours.ts), as the dashboard's map shows it; null for a
   * clinic whose zone is unknown.
   */
  openStatus: { isOpen: boolean; closesAt?: string | null; opensAt?: string | null } | null;
  /** Miles from the searched place (search results only). */
  miles?: number;
}

/** What the page shows for a state other than a live pass. */
export type PassState = 'live' | 'cancelled' | 'expired' | 'final' | 'noShow';

export interface PassView {
  passId: string;
  orderId: string;
  tenantId: string;
  state: PassState;
  firstOpen: boolean;
  code: string;
  firstName: string | null;
  company: string;
  tests: string[];
  expiresAt: Date | null;
  /** The zone the deadline is shown in: the clinic's, else the ordering location's state's. */
  timeZone: string;
  observedCollection: boolean;
  strategy: string;
  clinic: PassClinic | null;
  /** The participant may pick (or change) the clinic now. */
  canChooseClinic: boolean;
  /** The order's `participant.language` (issue 29): the page's unless the participant switched. */
  language: ParticipantLanguage;
}

export type PassLookup = { kind: 'unknown' } | { kind: 'revoked'; language: ParticipantLanguage } | { kind: 'pass'; view: PassView };

function stateOf(status: string): PassState {
  if (status === 'cancelled' || status === 'expired' || status === 'noShow') return status;
  return isFinalOrderStatus(status) ? 'final' : 'live';
}

/**
 * Everything the page shows of a pass, as one JSON row (one round trip, prepared once): the pass,
 * its order's few columns the page needs (not the stored order document), company, location state,
 * the services in order and the chosen clinic.
 */
const passFacts = namedStatement<{
  facts: {
    pass: { id: string; revokedAt: string | null; openedAt: string | null };
    order: { id: string; tenantId: string; code: string; firstName: string | null; status: string; expiresAt: string | null; settings: Record<string, unknown>; language: string };
    company: string;
    locationState: string | null;
    services: Array<{ name: string; type: string; status: string }>;
    clinic: Omit<PassClinic, 'miles'> | null;
  };
}>(
  'pass_page_facts',
  () => sql`select json_build_object(
      'pass', json_build_object('id', ${orderPasses.id}, 'revokedAt', ${orderPasses.revokedAt}, 'openedAt', ${orderPasses.openedAt}),
      'order', json_build_object('id', ${orders.id}, 'tenantId', ${orders.tenantId}, 'code', ${orders.code}, 'firstName', ${orders.firstName},
        'status', ${orders.status}, 'expiresAt', ${orders.expiresAt}, 'settings', ${orders.settings}, 'language', ${orders.participantLanguage}),
      'company', ${companies.name},
      'locationState', ${locations.state},
      'services', (select coalesce(json_agg(json_build_object('name', ${orderServices.name}, 'type', ${orderServices.type}, 'status', ${orderServices.status})
          order by ${orderServices.position}), '[]'::json)
        from ${orderServices} where ${orderServices.orderId} = ${orders.id}),
      'clinic', (select json_build_object('id', ${clinics.id}, 'name', ${clinics.name}, 'phone', ${clinics.phone}, 'line1', ${clinics.line1},
          'line2', ${clinics.line2}, 'city', ${clinics.city}, 'state', ${clinics.state}, 'postalCode', ${clinics.postalCode}, 'lat', ${clinics.lat},
          'long', ${clinics.long}, 'hours', ${clinics.hours}, 'timeZone', ${clinics.timeZone},
          'openStatus', ${openStatusSql({ hours: clinics.hours, timeZone: clinics.timeZone, state: clinics.state }, sql`now()`)})
        from ${clinics} where ${clinics.id} = ${orders.clinicId})) as facts
    from ${orderPasses}
    join ${orders} on ${orders.id} = ${orderPasses.orderId}
    join ${companies} on ${companies.id} = ${orders.companyId}
    join ${locations} on ${locations.id} = ${orders.locationId}
    where ${orderPasses.tokenHash} = ${sql.placeholder('tokenHash')}`,
);

/**
 * The pass of a token: unknown (404), revoked (410) or the page's facts. `open` records the first
 * opening (`opened_at`), as the page does; a HEAD or a preview does not.
 */
export async function lookupPass(db: Db, token: string, options: { open?: boolean; now?: Date } = {}): Promise<PassLookup> {
  if (!isPassTokenShape(token)) return { kind: 'unknown' };
  const [row] = await passFacts(db, { tokenHash: hashPassToken(token) });
  if (!row) return { kind: 'unknown' };
  const { pass, order, services, clinic: chosen } = row.facts;
  if (pass.revokedAt) return { kind: 'revoked', language: participantLanguageOr(order.language) };
  let firstOpen = false;
  if (options.open && !pass.openedAt) {
    const updated = await db
      .update(orderPasses)
      .set({ openedAt: options.now ?? new Date() })
      .where(and(eq(orderPasses.id, pass.id), sql`${orderPasses.openedAt} is null`))
      .returning({ id: orderPasses.id });
    firstOpen = updated.length > 0;
  }
  const clinic = chosen ? { ...chosen, timeZone: chosen.timeZone ?? zoneOf(chosen.state, chosen.lat, chosen.long) } : null;
  const settings = order.settings as { observedCollection?: boolean; schedule?: { strategy?: string } };
  const strategy = settings.schedule?.strategy ?? 'participantChoice';
  const state = stateOf(order.status);
  const started = services.some((s) => s.type !== BACKGROUND_CHECK_TYPE && s.status !== 'ordered');
  return {
    kind: 'pass',
    view: {
      passId: pass.id,
      orderId: order.id,
      tenantId: order.tenantId,
      state,
      firstOpen,
      code: order.code,
      firstName: order.firstName,
      company: row.facts.company,
      tests: services.map((s) => s.name),
      expiresAt: order.expiresAt === null ? null : new Date(order.expiresAt),
      timeZone: clinic?.timeZone ?? zoneOf(row.facts.locationState) ?? 'UTC',
      observedCollection: settings.observedCollection === true,
      strategy,
      clinic,
      canChooseClinic: state === 'live' && !started && strategy !== 'clinic',
      language: participantLanguageOr(order.language),
    },
  };
}

/** Marks a pass opened (the sandbox's simulated participant, before collection). */
export async function markPassOpened(db: Db, orderId: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(orderPasses)
    .set({ openedAt: now })
    .where(and(eq(orderPasses.orderId, orderId), sql`${orderPasses.revokedAt} is null`, sql`${orderPasses.openedAt} is null`))
    .returning({ id: orderPasses.id });
  return rows.length > 0;
}

const CLINIC_RESULTS = 10;
export const PASS_SEARCH_RADIUS_MILES = 50;

/**
 * Active clinics of the order's tenant near `position` that offer every service of the order and,
 * when its location has a fee cap, whose price for them is within it; nearest first. `only` limits
 * the answer to one clinic (the check of a choice: however many clinics share its building).
 */
export async function clinicsForPass(db: Db, orderId: string, position: Position, options: { radiusMiles?: number; only?: string } = {}): Promise<PassClinic[]> {
  const [order] = await db
    .select({ tenantId: orders.tenantId, feeCapCents: locations.feeCapCents })
    .from(orders)
    .innerJoin(locations, eq(locations.id, orders.locationId))
    .where(eq(orders.id, orderId));
  if (!order) return [];
  const services = await db.select({ id: orderServices.serviceId }).from(orderServices).where(eq(orderServices.orderId, orderId));
  const radiusMiles = options.radiusMiles ?? PASS_SEARCH_RADIUS_MILES;
  const { where, near } = nearbyClinicsSql({ tenantId: order.tenantId, position, radiusMiles, serviceIds: services.map((s) => s.id), feeCapCents: order.feeCapCents });
  const rows = await db
    .select({
      id: clinics.id, name: clinics.name, phone: clinics.phone, line1: clinics.line1, line2: clinics.line2, city: clinics.city,
      state: clinics.state, postalCode: clinics.postalCode, lat: clinics.lat, long: clinics.long, hours: clinics.hours, timeZone: clinics.timeZone,
      openStatus: openStatusSql({ hours: clinics.hours, timeZone: clinics.timeZone, state: clinics.state }, sql`now()`),
      miles: near!.miles,
    })
    .from(clinics)
    .where(options.only ? and(where, eq(clinics.id, options.only)) : where)
    .orderBy(near!.order, asc(clinics.id))
    .limit(CLINIC_RESULTS);
  return rows.map((c) => ({ ...c, miles: Number(c.miles), timeZone: c.timeZone ?? zoneOf(c.state, c.lat, c.long) }));
}

/**
 * The participant picks a clinic on the pass: recorded on the order (`ordered` becomes
 * `scheduled`), an audit entry by the actor "participant", one `order.updated` event. Only while
 * the order is live, before collection starts, for an order whose clinic the employer did not fix;
 * the clinic must offer every service of the order (within the location's fee cap).
 */
export async function choosePassClinic(db: Db, token: string, clinicId: string): Promise<void> {
  await withTransaction({ db }, async (t) => {
    const found = await lookupPass(t.db, token);
    if (found.kind !== 'pass') throw new DomainError('notFound', 'This pass was not found or has been replaced.');
    const view = found.view;
    const [order] = await t.db.select().from(orders).where(eq(orders.id, view.orderId)).for('update');
    const again = await lookupPass(t.db, token);
    if (again.kind !== 'pass' || !again.view.canChooseClinic || !isLiveOrderStatus(order.status))
      throw new DomainError('invalidState', 'The clinic can no longer be changed for this order.', { meta: { status: order.status } });
    const [clinic] = await t.db
      .select({ lat: clinics.lat, long: clinics.long })
      .from(clinics)
      .where(and(eq(clinics.id, clinicId), eq(clinics.tenantId, order.tenantId), eq(clinics.isActive, true)));
    const offered = clinic?.lat != null && clinic.long != null ? await clinicsForPass(t.db, order.id, { lat: clinic.lat, long: clinic.long }, { radiusMiles: 1, only: clinicId }) : [];
    if (!offered.some((c) => c.id === clinicId))
      throw new DomainError('invalidValue', 'This clinic does not offer every test of the order.', { pointer: '/clinicId' });
    if (order.clinicId === clinicId) return;
    const now = new Date();
    const status = order.status === 'ordered' ? 'scheduled' : order.status;
    await t.db
      .update(orders)
      .set({ clinicId, updatedAt: now, ...(status !== order.status ? { status, statusUpdatedAt: now } : {}) })
      .where(eq(orders.id, order.id));
    if (status !== order.status) await countStatusChange(t.db, order.tenantId, order.companyId, order.status, status);
    await storeOrderDocuments(t.db, [order.id]);
    await writeAudit(t.db, {
      tenantId: order.tenantId,
      orderId: order.id,
      action: 'order.clinic.chosen',
      actor: { type: 'system', name: 'participant' },
      data: { from: order.clinicId, to: clinicId, passId: view.passId },
    });
    const [document] = await loadOrderDocuments(t.db, [order.id], false);
    await enqueueOrderUpdated(t, serializeOrder(document, { identifiers: false }), { tenantId: order.tenantId, callbackUrl: order.callbackUrl, previousStatus: order.status });
  });
}
