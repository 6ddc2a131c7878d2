/**
 * The incident clock of DOT post-accident and reasonable-suspicion orders (DESIGN.md 6.3; 49 CFR
 * 382.303 and 382.307): from `incident.occurredAt` (the accident, or the reasonable-suspicion
 * determination), a DOT alcohol test within 8 hours, with a reason recorded when it is not done
 * within 2, and a DOT drug test within 32 hours.
 *
 * Pure: the create-order operation applies it (`incidentClock`), and the dashboard's form computes
 * the same windows for its countdowns (`incidentWindows`). Which window a service has comes from
 * its catalog facts: alcohol by category `alcohol`, type `breathAlcoholTest` or a breath specimen;
 * drug by category `drug` or a drug-test type (lib/seed/catalog.ts STANDARD_CATALOG). Other DOT
 * services (a DOT physical) and non-DOT services have no window.
 */
import { z } from 'zod';
import { DomainError } from '@/lib/domain/errors';

/** Test reasons whose DOT orders run the clock (spec 2.2 codes). */
export const INCIDENT_TEST_REASONS = ['postAccident', 'reasonableSuspicion'] as const;

export const ALCOHOL_WINDOW_HOURS = 8;
export const ALCOHOL_REASON_AFTER_HOURS = 2;
export const DRUG_WINDOW_HOURS = 32;
/** Clock skew allowed between the caller and the server before `occurredAt` counts as future. */
export const FUTURE_TOLERANCE_MS = 2 * 60_000;

const HOUR = 3_600_000;

/** The `incident` member of a create-order body. */
export const IncidentInput = z.strictObject({
  occurredAt: z.iso
    .datetime({ offset: true })
    .describe('When the accident happened, or when reasonable suspicion was determined; not in the future.'),
  delayReason: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .optional()
    .describe(`Why the alcohol test is not done within ${ALCOHOL_REASON_AFTER_HOURS} hours (required after that).`),
});
export type IncidentInput = z.output<typeof IncidentInput>;

/** The catalog facts of a service that decide its window. */
export interface WindowService {
  name: string;
  type: string;
  category: string | null;
  specimenType: string | null;
  isDot: boolean;
}

export type WindowKind = 'alcohol' | 'drug';

const DRUG_TYPES = ['labBasedToxicology', 'instantDrugTest', 'confirmationTest'];

/** The DOT window a service has, or null. */
export function windowKindOf(s: WindowService): WindowKind | null {
  if (!s.isDot) return null;
  if (s.category === 'alcohol' || s.type === 'breathAlcoholTest' || s.specimenType === 'breath') return 'alcohol';
  if (s.category === 'drug' || DRUG_TYPES.includes(s.type)) return 'drug';
  return null;
}

/**
 * Service statuses before the specimen is collected: the window still matters (countdowns, the
 * `deadlineBefore` filter). From `pending_collectionCompleted` on, or a final status, it is over.
 */
export const AWAITING_COLLECTION_STATUSES = [
  'ordered', 'integrationError', 'pending', 'pending_arrivedAtTheClinic', 'pending_collectionInitiated', 'pending_collectionSuspended',
] as const;
export const awaitsCollection = (status: string): boolean => (AWAITING_COLLECTION_STATUSES as readonly string[]).includes(status);

export interface Deadline {
  closesAt: Date;
  /** Alcohol only: a reason must be recorded after this instant. */
  reasonRequiredAfter: Date | null;
}

/** The window of a kind of service from the incident. */
export function deadlineOf(kind: WindowKind, occurredAt: Date): Deadline {
  const t = occurredAt.getTime();
  return kind === 'alcohol'
    ? { closesAt: new Date(t + ALCOHOL_WINDOW_HOURS * HOUR), reasonRequiredAfter: new Date(t + ALCOHOL_REASON_AFTER_HOURS * HOUR) }
    : { closesAt: new Date(t + DRUG_WINDOW_HOURS * HOUR), reasonRequiredAfter: null };
}

/** Whether an order of this test reason and these services runs the clock (a DOT service with a window). */
export function needsIncident(testReason: string, services: readonly WindowService[]): boolean {
  return (INCIDENT_TEST_REASONS as readonly string[]).includes(testReason) && services.some((s) => windowKindOf(s) !== null);
}

/** Each service's window (null without one), in the order given: for the form's countdowns. */
export function incidentWindows<S extends WindowService>(services: readonly S[], occurredAt: Date): Array<{ service: S; kind: WindowKind; deadline: Deadline } | null> {
  return services.map((service) => {
    const kind = windowKindOf(service);
    return kind ? { service, kind, deadline: deadlineOf(kind, occurredAt) } : null;
  });
}

/** The result of the clock on a create-order request. */
export interface IncidentClock {
  /** What `orders.incident` stores (null: no incident given). */
  incident: { occurredAt: string; delayReason: string | null } | null;
  /** The deadline columns of one of the request's services. */
  deadlineColumns(service: WindowService): { deadlineClosesAt: Date | null; deadlineReasonRequiredAfter: Date | null };
}

/**
 * Applies the rules to a create-order request, at `now`:
 * - a DOT order with testReason postAccident or reasonableSuspicion needs `incident` (400 `required`
 *   at /incident); `incident` is accepted only with those test reasons (400 `invalidValue`);
 * - `occurredAt` not in the future (400 `invalidValue` at /incident/occurredAt);
 * - a window already closed: 422 `testingWindowClosed` at /incident/occurredAt, naming the services;
 * - an alcohol service past its 2 hours without `delayReason`: 400 `required` at /incident/delayReason.
 */
export function incidentClock(input: { testReason: string; incident?: IncidentInput }, services: readonly WindowService[], now: Date): IncidentClock {
  const runs = needsIncident(input.testReason, services);
  const given = input.incident;
  if (!given) {
    if (runs)
      throw new DomainError('required', `incident is required: a DOT ${input.testReason} order runs the testing windows from when the incident occurred.`, {
        pointer: '/incident',
      });
    return { incident: null, deadlineColumns: () => ({ deadlineClosesAt: null, deadlineReasonRequiredAfter: null }) };
  }
  if (!(INCIDENT_TEST_REASONS as readonly string[]).includes(input.testReason))
    throw new DomainError('invalidValue', `incident is accepted only with testReason ${INCIDENT_TEST_REASONS.join(' or ')}.`, { pointer: '/incident' });
  const occurredAt = new Date(given.occurredAt);
  if (occurredAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS)
    throw new DomainError('invalidValue', 'incident.occurredAt must not be in the future.', { pointer: '/incident/occurredAt' });

  const windows = runs ? incidentWindows(services, occurredAt) : services.map(() => null);
  const closed = windows.filter((w) => w !== null && w.deadline.closesAt.getTime() <= now.getTime());
  if (closed.length) {
    const names = closed.map((w) => `${w!.service.name} (${w!.kind}, ${w!.kind === 'alcohol' ? ALCOHOL_WINDOW_HOURS : DRUG_WINDOW_HOURS} hours, closed ${w!.deadline.closesAt.toISOString()})`);
    throw new DomainError('testingWindowClosed', `The DOT testing window has closed for: ${names.join('; ')}.`, {
      pointer: '/incident/occurredAt',
      meta: { services: closed.map((w) => ({ name: w!.service.name, kind: w!.kind, closesAt: w!.deadline.closesAt.toISOString() })) },
    });
  }
  const late = windows.some((w) => w?.deadline.reasonRequiredAfter && w.deadline.reasonRequiredAfter.getTime() <= now.getTime());
  if (late && !given.delayReason)
    throw new DomainError('required', `incident.delayReason is required: the alcohol test is more than ${ALCOHOL_REASON_AFTER_HOURS} hours after the incident.`, {
      pointer: '/incident/delayReason',
    });

  const byService = new Map<WindowService, Deadline>();
  windows.forEach((w) => w && byService.set(w.service, w.deadline));
  return {
    incident: { occurredAt: occurredAt.toISOString(), delayReason: given.delayReason ?? null },
    deadlineColumns: (service) => {
      const d = byService.get(service);
      return { deadlineClosesAt: d?.closesAt ?? null, deadlineReasonRequiredAfter: d?.reasonRequiredAfter ?? null };
    },
  };
}
