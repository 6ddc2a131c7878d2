/**
 * Orders of one demo tenant, spread over every order status of spec 3.1, each with services whose
 * statuses, status history and screen history tell a plausible story that ends in that status.
 *
 * How a story is made: a status picks a plan for each service of a package (how many stages of the
 * service's path it went through and how it ended); the plan is checked against
 * `servicesFitOrderStatus`, so that the order status is the one the service statuses give, except for
 * the statuses the derivation never produces (`EXTERNAL_ORDER_STATUSES`: `positive`, `released`,
 * `substituted`, `testCancelled`, `unobtainable`), which are set on the order by the lab or the MRO.
 * Times then follow from a creation time, a clinic visit and per-stage delays, squeezed so that
 * nothing happens after the anchor.
 */
import {
  ORDER_STATUSES,
  isFinalOrderStatus,
  isFinalServiceStatus,
  isOpenOrderStatus,
  serviceStatusGroup,
  servicesFitOrderStatus,
  type OrderStatus,
} from '@/lib/domain/order-model/status';
import { OTHER_TEST_REASONS, TEST_REASONS } from '@/lib/domain/orders/schemas';
import type { AddressJson } from '@/lib/db/schema';
import { agencyId, AGENCY_DEFS, jobCategoryId, labId, type AgencyCode, type LabKey } from './reference';
import type { ServiceKind } from './catalog';
import type { TenantDef } from './tenants';
import { seedIds } from './ids';
import { seedId, ANCHOR, DAY, HOUR, MINUTE, Rng } from './random';
import { seedResult } from './results';
import { APARTMENTS, AREA_CODES, COURIERS, DOT_OTHER_TEST_REASONS, FIRST_NAMES, LAST_NAMES, STREET_NAMES } from './names';
import { miles, type Geo, type Zip } from './geo';
import type { BuiltClinic, BuiltCompany, BuiltLocation, BuiltPackage, BuiltService, TenantRows } from './model';

/** How many orders of each status a tenant gets (360 in all). */
export const ORDER_STATUS_COUNTS: Readonly<Record<OrderStatus, number>> = {
  negative: 110, pending: 46, complete: 30, ordered: 22, cancelled: 20, scheduled: 12, expired: 10,
  positive: 10, released: 10, noShow: 8, nonNegative: 8, pass: 8, fitForDuty: 8, incomplete: 8,
  notFitForDuty: 6, fail: 6, adulterated: 6, testNotPerformed: 6, integrationError: 6,
  substituted: 5, lostInTransit: 5, unobtainable: 5, testCancelled: 5,
};

const DOT_TEST_REASONS: ReadonlyArray<readonly [string, number]> = [
  ['preEmployment', 35], ['random', 30], ['postAccident', 10], ['followUp', 10], ['reasonableSuspicion', 5],
  ['returnToDuty', 5],
];

const NON_DOT_TEST_REASONS: ReadonlyArray<readonly [string, number]> = [
  ['preEmployment', 40], ['random', 15], ['postAccident', 8], ['periodic', 6], ['reasonableSuspicion', 4],
  ['other', 4], ['injury', 3], ['fitnessForDuty', 3], ['returnToDuty', 2], ['followUp', 2], ['preSiteAccess', 2],
  ['periodicMedical', 2], ['promotion', 1], ['jobTransfer', 1], ['probation', 1],
];

/** People who have several open orders, so that order matching has something to find. */
export interface SharedParticipant {
  firstName: string;
  lastName: string;
  middleName: string | null;
  birthDate: string;
  email: string;
  phone: string;
  company: string;
  location: string;
  package: string;
  statuses: readonly OrderStatus[];
}

export const SHARED_PARTICIPANTS: Readonly<Record<TenantDef['slug'], readonly SharedParticipant[]>> = {
  acme: [
    {
      firstName: 'Jordan', lastName: 'Alvarez', middleName: 'Lee', birthDate: '1988-04-12',
      email: 'jordan.alvarez@example.com', phone: '+12145550142', company: 'primary', location: 'primary',
      package: 'dotWithAlcohol', statuses: ['pending', 'ordered'],
    },
    {
      firstName: 'Taylor', lastName: 'Brooks', middleName: null, birthDate: '1992-09-30',
      email: 'taylor.brooks@example.net', phone: '+16145550177', company: 'secondary', location: 'secondary',
      package: 'secondaryNonDot', statuses: ['ordered', 'scheduled', 'pending'],
    },
  ],
  northwind: [
    {
      firstName: 'Riley', lastName: 'Chen', middleName: null, birthDate: '1985-01-23',
      email: 'riley.chen@example.org', phone: '+16175550118', company: 'primary', location: 'primary',
      package: 'nonDot', statuses: ['pending', 'ordered'],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Service paths
// ---------------------------------------------------------------------------------------------

interface Stage {
  status: string;
  screen?: string;
  /** Delay after the previous event; the first stage happens at the visit (or, for background checks, when the check starts). */
  delay: readonly [number, number];
}

const COLLECTION: readonly Stage[] = [
  { status: 'pending_collectionInitiated', screen: 'collectionInitiated', delay: [0, 0] },
  { status: 'pending_collectionCompleted', screen: 'collected', delay: [10 * MINUTE, 40 * MINUTE] },
];

const PATHS: Record<ServiceKind, { stages: readonly Stage[]; finalDelay: readonly [number, number]; finalScreen?: string }> = {
  lab: {
    stages: [
      ...COLLECTION,
      { status: 'pending_atTheLab', screen: 'atLab', delay: [12 * HOUR, 36 * HOUR] },
      { status: 'pending_inMROReview', screen: 'labResulted', delay: [8 * HOUR, 48 * HOUR] },
    ],
    finalDelay: [2 * HOUR, 30 * HOUR],
    finalScreen: 'mroReviewed',
  },
  instant: { stages: COLLECTION, finalDelay: [5 * MINUTE, 15 * MINUTE] },
  alcohol: { stages: COLLECTION, finalDelay: [10 * MINUTE, 25 * MINUTE] },
  physical: {
    stages: [
      { status: 'pending_arrivedAtTheClinic', delay: [0, 0] },
      { status: 'pending_inProcess', delay: [10 * MINUTE, 40 * MINUTE] },
      { status: 'pending_awaitingSignOff', delay: [30 * MINUTE, 3 * HOUR] },
    ],
    finalDelay: [1 * HOUR, 48 * HOUR],
  },
  clinical: {
    stages: [
      { status: 'pending_arrivedAtTheClinic', delay: [0, 0] },
      { status: 'pending_inProcess', delay: [5 * MINUTE, 30 * MINUTE] },
    ],
    finalDelay: [15 * MINUTE, 24 * HOUR],
  },
  passFail: {
    stages: [
      { status: 'pending_arrivedAtTheClinic', delay: [0, 0] },
      { status: 'pending_inProcess', delay: [5 * MINUTE, 30 * MINUTE] },
    ],
    finalDelay: [30 * MINUTE, 8 * HOUR],
  },
  background: { stages: [{ status: 'pending_inProcess', delay: [0, 0] }], finalDelay: [1 * DAY, 4 * DAY] },
};

/** When a final status is set by the order's fate rather than by the service path. */
type FinalAt = 'cancel' | 'expire' | 'noShow' | 'declined';

interface Plan {
  service: BuiltService;
  /** Path the service follows (an instant test that screens non-negative goes on to the lab). */
  path: ServiceKind;
  /** Stages of the path reached. */
  stages: number;
  /** Open statuses after the stages (e.g. `pending_awaitingMROContact`). */
  extra: ReadonlyArray<{ status: string; delay: readonly [number, number] }>;
  /** Terminal status, or null while the service is open. */
  final: string | null;
  finalAt?: FinalAt;
  /** Delay of the final status after the last stage, when not the path's usual one. */
  finalDelay?: readonly [number, number];
}

const isClinicKind = (k: ServiceKind) => k !== 'background';
const isSpecimenKind = (k: ServiceKind) => k === 'lab' || k === 'instant' || k === 'alcohol';

function plan(service: BuiltService, p: Partial<Plan> & { stages: number; final: string | null }): Plan {
  return { service, path: service.def.kind, extra: [], ...p };
}

function fullStages(kind: ServiceKind): number {
  return PATHS[kind].stages.length;
}

function goodPlan(s: BuiltService, rng: Rng): Plan {
  const kind = s.def.kind;
  const stages = fullStages(kind);
  switch (kind) {
    case 'lab':
    case 'instant':
    case 'alcohol':
      return plan(s, {
        stages,
        final: rng.weighted([['negative', 85], ['negative_negativeDilute', 10], ['negative_negativeSeeReport', 5]]),
      });
    case 'physical':
      return plan(s, {
        stages,
        final: rng.weighted([['complete_meetsStandards', 45], ['complete_meetsStandardsWithRestrictions', 10], ['pass', 25], ['fitForDuty', 20]]),
      });
    case 'passFail':
      return plan(s, { stages, final: 'pass' });
    case 'background':
      return plan(s, {
        stages,
        final: rng.weighted([['complete_clear', 40], ['complete_noRecord', 20], ['complete_noHits', 15], ['complete_verified', 15], ['complete_record', 10]]),
      });
    case 'clinical': {
      if (s.def.type === 'mroService') return plan(s, { stages, final: 'complete_verified' });
      if (s.def.type === 'unknown') return plan(s, { stages, final: 'complete_unknown' });
      if (s.def.type === 'additionalService') return plan(s, { stages, final: 'complete_forBilling' });
      return plan(s, {
        stages,
        final: rng.weighted([['complete_clear', 50], ['complete_seeComments', 15], ['complete_forBilling', 15], ['complete_noReviewNoReport', 10], ['complete_abnormal', 10]]),
      });
    }
  }
}

/** A collection that ends at the clinic, and a specimen the lab does not test. */
const AT_COLLECTION = [20 * MINUTE, 2 * HOUR] as const;
const AT_LAB = [6 * HOUR, 30 * HOUR] as const;

const MRO_CONTACT = { status: 'pending_awaitingMROContact', delay: [4 * HOUR, 24 * HOUR] as const };

/** The one service that carries a special outcome, by order status. */
const SPECIAL: Partial<Record<OrderStatus, { eligible: (s: BuiltService) => boolean; plan: (s: BuiltService, rng: Rng) => Plan }>> = {
  nonNegative: {
    eligible: (s) => s.def.kind === 'lab' || s.def.kind === 'instant',
    plan: (s, rng) => plan(s, { path: 'lab', stages: 4, final: 'nonNegative', extra: rng.chance(0.5) ? [MRO_CONTACT] : [] }),
  },
  positive: {
    eligible: (s) => (s.def.kind === 'lab' || s.def.kind === 'instant') && s.def.category === 'drug',
    plan: (s) => plan(s, { path: 'lab', stages: 4, final: 'nonNegative', extra: [MRO_CONTACT] }),
  },
  adulterated: {
    eligible: (s) => s.def.kind === 'lab' && s.def.specimenType === 'urine',
    plan: (s, rng) => plan(s, { stages: 4, final: rng.pick(['adulterated_failACTC', 'adulterated']), extra: [MRO_CONTACT] }),
  },
  substituted: {
    eligible: (s) => s.def.kind === 'lab' && s.def.specimenType === 'urine',
    plan: (s) => plan(s, { stages: 4, final: 'adulterated_failTC', extra: [MRO_CONTACT] }),
  },
  fail: {
    eligible: (s) => ['alcohol', 'physical', 'passFail'].includes(s.def.kind),
    plan: (s) => plan(s, { stages: fullStages(s.def.kind), final: 'fail' }),
  },
  notFitForDuty: {
    eligible: (s) => s.def.kind === 'physical',
    plan: (s) => plan(s, { stages: 3, final: 'notFitForDuty' }),
  },
  lostInTransit: {
    eligible: (s) => s.def.kind === 'lab',
    plan: (s) => plan(s, { stages: 2, final: 'lostInTransit', finalDelay: [3 * DAY, 6 * DAY] }),
  },
  incomplete: {
    eligible: (s) => isSpecimenKind(s.def.kind) || s.def.kind === 'physical',
    plan: (s, rng) => {
      const { kind, specimenType } = s.def;
      if (kind === 'alcohol') return plan(s, { stages: 1, final: 'incomplete_shyLung', finalDelay: AT_COLLECTION });
      if (kind === 'physical') return plan(s, { stages: 2, final: 'incomplete_incompleteExamination' });
      if (kind === 'lab' && rng.chance(0.4)) {
        return plan(s, { stages: 3, final: rng.pick(['incomplete_labReject', 'incomplete_invalid']), finalDelay: AT_LAB });
      }
      const atCollection =
        specimenType === 'urine'
          ? ['incomplete_shyBladder', 'incomplete_refusalToTest', 'incomplete_excused']
          : ['incomplete_qnsQuantityNotSufficient', 'incomplete_refusalToTest'];
      return plan(s, { stages: 1, final: rng.pick(atCollection), finalDelay: AT_COLLECTION });
    },
  },
  unobtainable: {
    eligible: (s) => isSpecimenKind(s.def.kind),
    plan: (s, rng) =>
      plan(s, {
        stages: 1,
        final: rng.pick([
          'incomplete_collectionCompleteNotEnoughSpecimenProvided',
          'incomplete_collectionCompletedNoInsufficientSpecimenProvided',
          'incomplete_donorUnable',
        ]),
        finalDelay: AT_COLLECTION,
      }),
  },
  testNotPerformed: {
    eligible: (s) => isClinicKind(s.def.kind),
    plan: (s, rng) =>
      s.def.kind === 'lab' && rng.chance(0.4)
        ? plan(s, { stages: 3, final: 'notRun', finalDelay: AT_LAB })
        : plan(s, { stages: 0, final: 'declined', finalAt: 'declined' }),
  },
  testCancelled: {
    eligible: (s) => s.def.kind === 'lab',
    plan: (s) => plan(s, { stages: 3, final: 'cancelled', finalDelay: AT_LAB }),
  },
  released: {
    eligible: (s) => s.def.kind === 'lab',
    plan: (s) => plan(s, { stages: 4, final: 'complete_MROReportReleased' }),
  },
  complete: {
    eligible: (s) => !isSpecimenKind(s.def.kind),
    plan: (s, rng) =>
      s.def.kind === 'physical'
        ? plan(s, { stages: 3, final: rng.pick(['complete_meetsStandards', 'complete_meetsStandardsWithRestrictions', 'complete_deferred']) })
        : s.def.kind === 'passFail'
          ? plan(s, { stages: 2, final: 'complete_seeComments' })
          : goodPlan(s, rng),
  },
};

function currentStatus(p: Plan): string {
  if (p.final) return p.final;
  if (p.extra.length > 0) return p.extra[p.extra.length - 1].status;
  if (p.stages > 0) return PATHS[p.path].stages[p.stages - 1].status;
  return 'ordered';
}

/** Per-service plans that give `status`, or null when the package cannot end that way. */
function planServices(status: OrderStatus, services: readonly BuiltService[], rng: Rng): Plan[] | null {
  const kinds = services.map((s) => s.def.kind);
  const hasClinicService = kinds.some(isClinicKind);
  for (let attempt = 0; attempt < 6; attempt++) {
    let plans: Plan[] | null;
    switch (status) {
      case 'ordered':
      case 'scheduled':
        plans = services.map((s) => plan(s, { stages: 0, final: null }));
        break;
      case 'pending':
        plans = pendingPlans(services, rng);
        break;
      case 'integrationError': {
        const key = rng.int(0, services.length - 1);
        plans = services.map((s, i) =>
          plan(s, { stages: 0, final: null, extra: i === key ? [{ status: 'integrationError', delay: [1 * MINUTE, 10 * MINUTE] }] : [] }),
        );
        break;
      }
      case 'cancelled': {
        if (!hasClinicService) return null;
        const during = rng.chance(0.25);
        plans = services.map((s) =>
          isClinicKind(s.def.kind)
            ? plan(s, { stages: during ? 1 : 0, final: 'cancelled', finalAt: 'cancel' })
            : rng.chance(0.5)
              ? plan(s, { stages: 1, final: null })
              : goodPlan(s, rng),
        );
        break;
      }
      case 'expired':
        plans = services.map((s) => plan(s, { stages: 0, final: 'expired', finalAt: 'expire' }));
        break;
      case 'noShow':
        if (!hasClinicService) return null;
        plans = services.map((s) =>
          isClinicKind(s.def.kind) ? plan(s, { stages: 0, final: 'noShow', finalAt: 'noShow' }) : goodPlan(s, rng),
        );
        break;
      case 'negative':
        if (!kinds.every(isSpecimenKind)) return null;
        plans = services.map((s) => goodPlan(s, rng));
        break;
      case 'fitForDuty':
        if (!kinds.every((k) => k === 'physical')) return null;
        plans = services.map((s) => plan(s, { stages: 3, final: 'fitForDuty' }));
        break;
      case 'pass':
        if (!kinds.every((k) => k === 'physical' || k === 'passFail')) return null;
        plans = services.map((s) => plan(s, { stages: fullStages(s.def.kind), final: 'pass' }));
        break;
      default: {
        const rule = SPECIAL[status];
        if (!rule) throw new Error(`seed: no plan for order status ${status}`);
        const eligible = services.map((s, i) => [s, i] as const).filter(([s]) => rule.eligible(s));
        if (eligible.length === 0) return null;
        const [, key] = rng.pick(eligible);
        plans = services.map((s, i) => (i === key ? rule.plan(s, rng) : goodPlan(s, rng)));
      }
    }
    if (plans && consistent(status, plans)) return plans;
  }
  return null;
}

/** Pending: the clinic visit has reached some point; services move on from there. */
function pendingPlans(services: readonly BuiltService[], rng: Rng): Plan[] {
  const hasLab = services.some((s) => s.def.kind === 'lab');
  const hasBackground = services.some((s) => s.def.kind === 'background');
  let progress = hasLab ? rng.weighted([[0, 1], [1, 2], [2, 2], [3, 4], [4, 3]]) : rng.int(0, 2);
  if (progress === 0 && !hasBackground) progress = 1;
  return services.map((s) => {
    const kind = s.def.kind;
    switch (kind) {
      case 'lab':
        return plan(s, { stages: progress, final: null, extra: progress === 4 && rng.chance(0.2) ? [MRO_CONTACT] : [] });
      case 'instant':
      case 'alcohol':
        return progress >= 3 || (progress === 2 && rng.chance(0.5)) ? goodPlan(s, rng) : plan(s, { stages: progress, final: null });
      case 'physical':
        return progress >= 4 && rng.chance(0.5) ? goodPlan(s, rng) : plan(s, { stages: Math.min(progress, 3), final: null });
      case 'clinical':
      case 'passFail':
        return progress >= 3 ? goodPlan(s, rng) : plan(s, { stages: progress, final: null });
      case 'background':
        return rng.chance(0.35) && progress > 0
          ? goodPlan(s, rng)
          : plan(s, {
              stages: 1,
              final: null,
              extra: rng.chance(0.25) ? [{ status: 'pending_additionalResearchNeeded', delay: [6 * HOUR, 2 * DAY] }] : [],
            });
    }
  });
}

const consistent = (status: OrderStatus, plans: readonly Plan[]) => servicesFitOrderStatus(status, plans.map(currentStatus));

// ---------------------------------------------------------------------------------------------
// Stories: plans turned into timed events
// ---------------------------------------------------------------------------------------------

interface TimedEvent {
  status: string;
  at: number;
}

interface ServiceStory {
  plan: Plan;
  events: TimedEvent[];
  screens: Array<{ type: string; at: number }>;
}

interface OrderTimes {
  createdAt: number;
  visit: number;
  backgroundStart: number;
  scheduledAt: number;
  cancelAt: number;
  expiresAt: number;
  noShowAt: number;
}

function storyOf(p: Plan, t: OrderTimes, rng: Rng): ServiceStory {
  const events: TimedEvent[] = [{ status: 'ordered', at: t.createdAt }];
  const screens: ServiceStory['screens'] = [];
  const path = PATHS[p.path];
  let at = t.createdAt;
  for (let i = 0; i < p.stages; i++) {
    const stage = path.stages[i];
    at = i === 0 ? (p.path === 'background' ? t.backgroundStart : t.visit) : at + rng.float(stage.delay[0], stage.delay[1]);
    events.push({ status: stage.status, at });
    if (stage.screen) screens.push({ type: stage.screen, at });
  }
  for (const e of p.extra) {
    at = (p.stages === 0 ? t.createdAt : at) + rng.float(e.delay[0], e.delay[1]);
    events.push({ status: e.status, at });
  }
  if (p.final) {
    switch (p.finalAt) {
      case 'cancel':
        at = Math.max(t.cancelAt, at + MINUTE);
        break;
      case 'expire':
        at = t.expiresAt;
        break;
      case 'noShow':
        at = t.noShowAt;
        break;
      case 'declined':
        at = t.visit + rng.float(5 * MINUTE, 20 * MINUTE);
        break;
      default: {
        const long = p.final === 'nonNegative' || serviceStatusGroup(p.final) === 'adulterated';
        const [min, max] = p.finalDelay ?? (long ? [1 * DAY, 3 * DAY] : path.finalDelay);
        at += rng.float(min, max);
        if (p.stages === path.stages.length && path.finalScreen) screens.push({ type: path.finalScreen, at });
      }
    }
    events.push({ status: p.final, at });
  }
  return { plan: p, events, screens };
}

// ---------------------------------------------------------------------------------------------
// Participants
// ---------------------------------------------------------------------------------------------

interface Participant {
  firstName: string;
  lastName: string;
  middleName: string | null;
  birthDate: string;
  email: string | null;
  phone: string | null;
  address: AddressJson | null;
  identifiers: Array<{ type: string; value: string; issuingCountry: string; issuingState: string | null }>;
}

function emailLocal(s: string): string {
  return s.toLowerCase().replace(/[^a-z]/g, '');
}

function person(rng: Rng, location: BuiltLocation, nearZips: readonly Zip[]): Participant {
  const firstName = rng.pick(FIRST_NAMES);
  const lastName = rng.pick(LAST_NAMES);
  const middleName = rng.chance(0.35) ? rng.pick(FIRST_NAMES) : null;
  const year = rng.int(1958, 2006);
  const month = rng.int(1, 12);
  const day = rng.int(1, new Date(Date.UTC(year, month, 0)).getUTCDate());
  const birthDate = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const email = rng.chance(0.9)
    ? `${emailLocal(firstName)}.${emailLocal(lastName)}${rng.chance(0.5) ? rng.int(1, 99) : ''}@${rng.pick(['example.com', 'example.net', 'example.org'])}`
    : null;
  const zip = rng.pick(nearZips);
  const phone = rng.chance(0.85) ? `+1${rng.pick(AREA_CODES[zip.state] ?? AREA_CODES[location.state])}555${rng.int(1000, 9999)}` : null;
  const address: AddressJson | null = rng.chance(0.7)
    ? {
        line1: `${rng.int(10, 9999)} ${rng.pick(STREET_NAMES)}`,
        line2: rng.chance(0.25) ? rng.pick(APARTMENTS) : null,
        city: zip.city,
        state: zip.state,
        postalCode: zip.zip,
        country: 'US',
      }
    : null;
  const identifiers: Participant['identifiers'] = [];
  if (rng.chance(0.45)) {
    const state = address?.state ?? location.state;
    const types = rng.shuffle(['driversLicense', 'ssnLast4', 'employeeId']).slice(0, rng.int(1, 2));
    for (const type of types) {
      if (type === 'driversLicense') {
        identifiers.push({ type, value: `${rng.chars('ABCDEFGHJKLMNPRSTWY', 1)}${rng.digits(7)}`, issuingCountry: 'US', issuingState: state });
      } else if (type === 'ssnLast4') {
        identifiers.push({ type, value: rng.digits(4), issuingCountry: 'US', issuingState: null });
      } else {
        identifiers.push({ type, value: `E${rng.digits(6)}`, issuingCountry: 'US', issuingState: null });
      }
    }
  }
  return { firstName, lastName, middleName, birthDate, email, phone, address, identifiers };
}

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

interface OrderSpec {
  status: OrderStatus;
  company: BuiltCompany;
  location: BuiltLocation;
  pkg: BuiltPackage;
  plans: Plan[];
  times: OrderTimes;
  strategy: string;
  clinic: BuiltClinic | null;
  participant: Participant;
}

export interface OrdersInput {
  def: TenantDef;
  tenantId: string;
  companies: readonly BuiltCompany[];
  locations: readonly BuiltLocation[];
  packages: readonly BuiltPackage[];
  clinics: readonly BuiltClinic[];
  users: ReadonlyArray<{ id: string; email: string; role: string }>;
  geo: Geo;
}

const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export function buildOrders(input: OrdersInput, rows: TenantRows): void {
  const { def, tenantId } = input;
  const rng = new Rng(`${def.slug}/orders`);
  const anchor = ANCHOR.getTime();
  // Open demo orders stay live for two weeks after seeding, whenever that is: the expiry sweep
  // (lib/domain/orders/expiry.ts) runs in every environment and would otherwise expire them all
  // once the fixed anchor lies two weeks behind. Only expires_at depends on the day of seeding.
  const liveUntil = Math.max(Date.now(), anchor) + 14 * DAY;

  const nearZips = new Map<string, Zip[]>();
  for (const l of input.locations) {
    const zips = (input.geo.byState.get(l.state) ?? []).filter((z) => miles(l.lat, l.long, z.latitude, z.longitude) <= 40);
    nearZips.set(l.id, zips.length > 0 ? zips : [input.geo.zip(l.def.zip)]);
  }

  const clinicsWithPosition = input.clinics.filter((c) => c.isActive && c.lat !== null && c.long !== null);
  function findClinic(pkg: BuiltPackage, location: BuiltLocation, from: { lat: number; long: number }, nearest: boolean): BuiltClinic | null {
    const best: Array<{ c: BuiltClinic; d: number }> = [];
    for (const c of clinicsWithPosition) {
      let price = 0;
      let offersAll = true;
      for (const s of pkg.services) {
        const p = c.prices.get(s.id);
        if (p === undefined) {
          offersAll = false;
          break;
        }
        price += p;
      }
      if (!offersAll || (location.feeCapCents !== null && price > location.feeCapCents)) continue;
      const d = miles(from.lat, from.long, c.lat!, c.long!);
      if (d > 100) continue;
      best.push({ c, d });
      best.sort((a, b) => a.d - b.d);
      if (best.length > 5) best.pop();
    }
    if (best.length === 0) return null;
    return nearest ? best[0].c : best[Math.min(best.length - 1, Math.floor(rng.next() ** 2 * best.length))].c;
  }

  function times(status: OrderStatus, createdAt: number, plans: readonly Plan[]): OrderTimes {
    const cancelledDuringCollection = plans.some((p) => p.finalAt === 'cancel' && p.stages > 0);
    const scheduledAt = createdAt + rng.float(10 * MINUTE, 12 * HOUR);
    const visit = status === 'scheduled' || status === 'noShow'
      ? createdAt + rng.float(1 * DAY, 4 * DAY)
      : createdAt + rng.float(2 * HOUR, 72 * HOUR);
    return {
      createdAt,
      visit,
      backgroundStart: createdAt + rng.float(10 * MINUTE, 6 * HOUR),
      scheduledAt,
      cancelAt: cancelledDuringCollection
        ? visit + rng.float(15 * MINUTE, 60 * MINUTE)
        : createdAt + rng.float(30 * MINUTE, Math.max(31 * MINUTE, visit - createdAt - MINUTE)),
      expiresAt: createdAt + 14 * DAY,
      noShowAt: visit + rng.float(2 * HOUR, 1 * DAY),
    };
  }

  function creationTime(status: OrderStatus): number {
    if (isOpenOrderStatus(status)) return anchor - rng.float(1 * HOUR, 10 * DAY);
    if (status === 'expired') return anchor - rng.float(15 * DAY, 180 * DAY);
    return anchor - rng.float(12 * DAY, 180 * DAY);
  }

  function makeSpec(status: OrderStatus, forced?: { company: string; location: string; package: string }): OrderSpec {
    // The shared participants' orders are the newest, to stay long inside a matching window.
    const createdAt = forced ? anchor - rng.float(1 * HOUR, 2 * DAY) : creationTime(status);
    for (let attempt = 0; attempt < 50; attempt++) {
      const open = (closedAt: number | null) => closedAt === null || createdAt < closedAt - 15 * DAY;
      const company = forced
        ? input.companies.find((c) => c.def.key === forced.company)!
        : rng.weighted(input.companies.filter((c) => open(c.closedAt)).map((c) => [c, c.def.orderWeight] as const));
      const locations = input.locations.filter((l) => l.company === company && open(l.closedAt));
      if (!forced && locations.length === 0) continue;
      const location = forced
        ? input.locations.find((l) => l.def.key === forced.location)!
        : rng.weighted(locations.map((l) => [l, l.def.key === 'primary' || l.def.key === 'secondary' ? 3 : 1] as const));
      if (!location) continue;
      const candidates = forced
        ? input.packages.filter((p) => p.def.key === forced.package)
        : input.packages.filter(
            (p) => p.company === company && !p.def.noOrders && (p.location === null || p.location === location),
          );
      for (const pkg of rng.shuffle(candidates)) {
        const plans = planServices(status, pkg.services, rng);
        if (!plans) continue;
        const allowed = pkg.backgroundOnly ? ['participantChoice'] : location.strategies;
        const strategy = rng.weighted(
          allowed.map((s) => [s, s === 'participantChoice' ? 55 : s === 'clinic' ? 25 : 20] as const),
        );
        const participant = person(rng, location, nearZips.get(location.id)!);
        if (strategy === 'nearestClinic' && !participant.address) {
          const z = rng.pick(nearZips.get(location.id)!);
          participant.address = { line1: `${rng.int(10, 9999)} ${rng.pick(STREET_NAMES)}`, line2: null, city: z.city, state: z.state, postalCode: z.zip, country: 'US' };
        }
        if (pkg.hasBackgroundCheck && !participant.email) {
          participant.email = `${emailLocal(participant.firstName)}.${emailLocal(participant.lastName)}@example.com`;
        }
        const visited = plans.some((p) => isClinicKind(p.service.def.kind) && (p.stages > 0 || p.finalAt === 'declined'));
        const needsClinic =
          !pkg.backgroundOnly && (visited || status === 'scheduled' || status === 'noShow' || strategy !== 'participantChoice');
        let clinic: BuiltClinic | null = null;
        if (needsClinic) {
          const from =
            strategy === 'nearestClinic' && participant.address
              ? (() => {
                  const z = input.geo.zip(participant.address!.postalCode!);
                  return { lat: z.latitude, long: z.longitude };
                })()
              : { lat: location.lat, long: location.long };
          clinic = findClinic(pkg, location, from, strategy === 'nearestClinic');
          if (!clinic) continue;
        }
        return { status, company, location, pkg, plans, times: times(status, createdAt, plans), strategy, clinic, participant };
      }
    }
    throw new Error(`seed: could not place an order with status ${status}`);
  }

  // The statuses, shuffled; the shared participants' orders first take their statuses from the pool.
  const pool: OrderStatus[] = [];
  for (const status of ORDER_STATUSES) for (let i = 0; i < ORDER_STATUS_COUNTS[status]; i++) pool.push(status);
  const specs: OrderSpec[] = [];
  for (const shared of SHARED_PARTICIPANTS[def.slug]) {
    for (const status of shared.statuses) {
      pool.splice(pool.indexOf(status), 1);
      const spec = makeSpec(status, shared);
      spec.participant = {
        ...spec.participant,
        firstName: shared.firstName,
        lastName: shared.lastName,
        middleName: shared.middleName,
        birthDate: shared.birthDate,
        email: shared.email,
        phone: shared.phone,
      };
      specs.push(spec);
    }
  }
  for (const status of rng.shuffle(pool)) specs.push(makeSpec(status));

  // Test reasons: every value of spec 2.2 appears among the non-DOT orders.
  const reasons = new Map<OrderSpec, string>();
  const nonDot = specs.filter((s) => !s.pkg.isDot && !s.pkg.backgroundOnly);
  TEST_REASONS.forEach((r, i) => nonDot[i] && reasons.set(nonDot[i], r));

  specs.sort((a, b) => a.times.createdAt - b.times.createdAt);
  const codes = new Set<string>();
  const staff = input.users.find((u) => u.role === 'staff') ?? input.users.find((u) => u.role === 'admin')!;

  specs.forEach((spec, index) => {
    const n = index + 1;
    const orderKey = `${def.slug}/order/${n}`;
    const orderId = seedIds.order(def.slug, n);
    let code: string;
    do {
      const raw = rng.chars(CODE_ALPHABET, 8);
      code = `${raw.slice(0, 4)}-${raw.slice(4)}`;
    } while (codes.has(code));
    codes.add(code);

    const t = spec.times;
    const stories = spec.plans.map((p) => storyOf(p, t, rng));
    const statusUpdatedAt = orderStatusTime(spec.status, t, stories);
    // Nothing after the anchor; a random margin keeps squeezed orders from sharing one instant.
    const margin = rng.float(5 * MINUTE, Math.max(5 * MINUTE, Math.min(3 * HOUR, (anchor - t.createdAt) / 2)));
    squeeze(t.createdAt, anchor - margin, stories, statusUpdatedAt);
    const updatedAt = Math.max(statusUpdatedAt.at, ...stories.flatMap((s) => s.events.map((e) => e.at)));

    let agency: AgencyCode | null = null;
    let jobCategory: string | null = null;
    if (spec.pkg.isDot) {
      agency = rng.weighted(spec.company.def.agencies);
      if (agency === 'FAA' || agency === 'FRA' || agency === 'FTA') {
        const a = AGENCY_DEFS.find((x) => x.code === agency)!;
        jobCategory = jobCategoryId(agency, rng.pick(a.jobCategories)[0]);
      }
    }
    const dotPhysical = spec.pkg.isDot && spec.pkg.services.some((s) => s.def.type === 'occupationalHealthService');
    const testReason =
      reasons.get(spec) ??
      (spec.pkg.isDot
        ? dotPhysical && rng.chance(0.2)
          ? 'other'
          : rng.weighted(DOT_TEST_REASONS)
        : spec.pkg.backgroundOnly
          ? rng.weighted([['preEmployment', 80], ['promotion', 10], ['jobTransfer', 10]])
          : rng.weighted(NON_DOT_TEST_REASONS));
    const p = spec.participant;
    const deliveryMethod = spec.pkg.hasBackgroundCheck
      ? p.email ? 'email' : 'sms'
      : rng.weighted([
          ['email', p.email ? 55 : 0],
          ['sms', p.phone ? 25 : 0],
          ['none', 20],
        ]);
    const requester = rng.pick(input.def.requesters);
    const schedule: Record<string, unknown> =
      spec.strategy === 'clinic' && spec.clinic
        ? { strategy: 'clinic', clinic: { id: spec.clinic.id } }
        : { strategy: spec.strategy === 'clinic' ? 'participantChoice' : spec.strategy };
    const settings: Record<string, unknown> = { schedule };
    if (spec.pkg.isDot && (testReason === 'returnToDuty' || testReason === 'followUp')) settings.observedCollection = true;
    if (rng.chance(0.1)) settings.notes = rng.pick(['Participant works night shift.', 'Call the site supervisor on arrival.', 'Spanish-speaking participant.', 'Rush: start date next Monday.']);

    rows.orders.push({
      id: orderId,
      tenantId,
      code,
      companyId: spec.company.id,
      locationId: spec.location.id,
      agencyId: agency ? agencyId(agency) : null,
      jobCategoryId: jobCategory,
      clinicId: spec.clinic?.id ?? null,
      status: spec.status,
      isFinal: isFinalOrderStatus(spec.status),
      statusUpdatedAt: date(statusUpdatedAt.at),
      testReason,
      // Free text only where a DOT drug, alcohol or occupational-health service allows it (create-order rule).
      otherTestReason: testReason === 'other' ? (spec.pkg.isDot ? rng.pick(DOT_OTHER_TEST_REASONS) : rng.pick(OTHER_TEST_REASONS)) : null,
      firstName: p.firstName,
      lastName: p.lastName,
      middleName: p.middleName,
      birthDate: p.birthDate,
      email: p.email,
      phone: p.phone,
      participantAddress: p.address,
      deliveryMethod,
      requester: { email: requester.email, name: requester.name },
      settings,
      callbackUrl: null,
      source: 'seed',
      createdByTokenId: null,
      createdByUserId: null,
      expiresAt: date(isOpenOrderStatus(spec.status) ? Math.max(t.expiresAt, liveUntil) : t.expiresAt),
      eventSequence: 0,
      createdAt: date(t.createdAt),
      updatedAt: date(updatedAt),
    });
    rows.orderPackages.push({ orderId, packageId: spec.pkg.id, position: 0 });
    p.identifiers.forEach((idf, position) =>
      rows.participantIdentifiers.push({ id: seedId(`${orderKey}/identifier/${position}`), orderId, position, ...idf }),
    );

    stories.forEach((story, position) => {
      const s = story.plan.service;
      const serviceKey = `${orderKey}/service/${position}`;
      const serviceId = seedId(serviceKey);
      const last = story.events[story.events.length - 1];
      const reached = new Set(story.events.map((e) => e.status));
      const collected = reached.has('pending_collectionCompleted');
      const toLab = collected && story.plan.path === 'lab';
      const lab = toLab ? labFor(s, rng) : null;
      const courier = toLab ? rng.pick(COURIERS) : null;
      rows.orderServices.push({
        id: serviceId,
        orderId,
        serviceId: s.id,
        position,
        name: s.def.name,
        type: s.def.type,
        category: s.def.category,
        specimenType: s.def.specimenType,
        isDot: s.def.isDot,
        status: last.status,
        statusUpdatedAt: date(last.at),
        labId: lab ? labId(lab) : null,
        courierServiceName: courier,
        specimenId: collected && (story.plan.path === 'lab' || story.plan.path === 'instant') ? specimenIdFor(lab, rng) : null,
        trackingNumber: courier ? trackingNumberFor(courier, rng) : null,
        result: isFinalServiceStatus(last.status) ? seedResult(s.def, last.status, serviceKey) : null,
      });
      story.events.forEach((e, i) =>
        rows.orderServiceStatusHistory.push({
          id: seedId(`${serviceKey}/status/${i}`),
          orderServiceId: serviceId,
          status: e.status,
          groupType: serviceStatusGroup(e.status),
          occurredAt: date(e.at),
        }),
      );
      story.screens.forEach((e, i) =>
        rows.orderServiceScreenHistory.push({
          id: seedId(`${serviceKey}/screen/${i}`),
          orderServiceId: serviceId,
          type: e.type,
          occurredAt: date(e.at),
        }),
      );
    });

    rows.auditEvents.push({
      id: seedId(`${orderKey}/audit/created`),
      tenantId,
      orderId,
      action: 'order.created',
      actorType: 'system',
      actorTokenId: null,
      actorUserId: null,
      actorEmail: requester.email,
      data: { source: 'seed', requesterEmail: requester.email },
      createdAt: date(t.createdAt),
    });
    if (spec.status === 'cancelled') {
      const before = stories.some((s) => s.events.some((e) => e.at < statusUpdatedAt.at && e.status !== 'ordered'))
        ? 'pending'
        : 'ordered';
      rows.auditEvents.push({
        id: seedId(`${orderKey}/audit/cancelled`),
        tenantId,
        orderId,
        action: 'order.cancelled',
        actorType: 'user',
        actorTokenId: null,
        actorUserId: staff.id,
        actorEmail: staff.email,
        data: { previousStatus: before, cancelledByEmail: staff.email },
        createdAt: date(statusUpdatedAt.at),
      });
    }
  });
}

/** When the order last changed status. A holder object so that `squeeze` can move it with the events. */
function orderStatusTime(status: OrderStatus, t: OrderTimes, stories: readonly ServiceStory[]): { at: number } {
  const events = stories.flatMap((s) => s.events);
  switch (status) {
    case 'ordered':
      return { at: t.createdAt };
    case 'scheduled':
      return { at: t.scheduledAt };
    case 'pending':
      return { at: Math.min(...events.filter((e) => e.status !== 'ordered').map((e) => e.at)) };
    case 'integrationError':
      return { at: Math.min(...events.filter((e) => e.status === 'integrationError').map((e) => e.at)) };
    case 'cancelled':
      return { at: Math.max(...events.filter((e) => e.status === 'cancelled').map((e) => e.at)) };
    default:
      return { at: Math.max(...stories.map((s) => s.events[s.events.length - 1].at)) };
  }
}

/** Compresses an order's timeline proportionally so that nothing happens after `limit`. */
function squeeze(start: number, limit: number, stories: readonly ServiceStory[], statusTime: { at: number }): void {
  const all = [statusTime, ...stories.flatMap((s) => [...s.events, ...s.screens])];
  const end = Math.max(...all.map((e) => e.at));
  if (end <= limit) return;
  const k = Math.max(0, limit - start) / (end - start);
  for (const e of all) e.at = start + (e.at - start) * k;
}

function date(ms: number): Date {
  return new Date(Math.round(ms));
}

function labFor(s: BuiltService, rng: Rng): LabKey {
  switch (s.def.specimenType) {
    case 'hair':
      return rng.pick(['psychemedics', 'omega'] as const);
    case 'oralFluid':
      return rng.pick(['crl', 'quest'] as const);
    default:
      return rng.weighted([['quest', 40], ['labcorp', 35], ['crl', 15], ['medtox', 10]] as const);
  }
}

function specimenIdFor(lab: LabKey | null, rng: Rng): string {
  const prefix = lab === 'quest' ? 'Q' : lab === 'labcorp' ? 'L' : lab === 'crl' ? 'C' : lab === 'psychemedics' ? 'PH' : lab === 'omega' ? 'OM' : lab === 'medtox' ? 'M' : 'IC';
  return `${prefix}${rng.digits(9)}`;
}

function trackingNumberFor(courier: string, rng: Rng): string {
  if (courier === 'FedEx') return rng.digits(12);
  if (courier === 'UPS') return `1Z${rng.chars('0123456789ABCDEFGHJKLMNPRSTUVWXY', 6)}${rng.digits(10)}`;
  return `${courier === 'Quest Courier' ? 'QC' : 'LC'}${rng.digits(10)}`;
}
