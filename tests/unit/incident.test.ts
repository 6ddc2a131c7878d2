/** The window rules of the incident clock (lib/domain/orders/incident.ts; DESIGN.md 6.3). */
import { describe, expect, it } from 'vitest';
import { DomainError } from '@/lib/domain/errors';
import {
  awaitsCollection, closedWindows, deadlineOf, incidentClock, incidentWindows, missingIncidentReasons, needsIncident, openPackages, windowKindOf, type WindowService,
} from '@/lib/domain/orders/incident';

const HOUR = 3_600_000;
const now = new Date('2026-07-15T12:00:00.000Z');
const ago = (h: number) => new Date(now.getTime() - h * HOUR).toISOString();

const dotUrine: WindowService = { name: 'DOT 5-Panel Urine Drug Screen', type: 'labBasedToxicology', category: 'drug', specimenType: 'urine', isDot: true };
const dotBreath: WindowService = { name: 'DOT Breath Alcohol Test', type: 'breathAlcoholTest', category: 'alcohol', specimenType: 'breath', isDot: true };
const dotPhysical: WindowService = { name: 'DOT Physical', type: 'occupationalHealthService', category: 'physical', specimenType: null, isDot: true };
const nonDotBreath: WindowService = { ...dotBreath, name: 'Non-DOT Breath Alcohol Test', isDot: false };

/** The error a call throws: its code, pointer and detail. */
function failure(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return { code: e.entries[0].code, pointer: e.entries[0].pointer, detail: e.entries[0].detail };
    throw e;
  }
  throw new Error('expected a DomainError');
}

describe('windowKindOf', () => {
  it('DOT alcohol by category, type or breath specimen; DOT drug by category or drug-test type; nothing else', () => {
    expect(windowKindOf(dotBreath)).toBe('alcohol');
    expect(windowKindOf({ ...dotBreath, category: null })).toBe('alcohol');
    expect(windowKindOf({ name: 'x', type: 'labBasedToxicology', category: 'alcohol', specimenType: 'blood', isDot: true })).toBe('alcohol');
    expect(windowKindOf(dotUrine)).toBe('drug');
    expect(windowKindOf({ ...dotUrine, category: null, type: 'instantDrugTest' })).toBe('drug');
    expect(windowKindOf(dotPhysical)).toBeNull();
    expect(windowKindOf(nonDotBreath)).toBeNull();
  });
});

describe('deadlineOf and incidentWindows', () => {
  it('alcohol: 8 hours, a reason after 2; drug: 32 hours, no reason instant', () => {
    const t = new Date('2026-03-08T07:00:00.000Z'); // 2 a.m. in Chicago, the night clocks change: hours are elapsed time
    expect(deadlineOf('alcohol', t)).toEqual({ closesAt: new Date('2026-03-08T15:00:00.000Z'), reasonRequiredAfter: new Date('2026-03-08T09:00:00.000Z') });
    expect(deadlineOf('drug', t)).toEqual({ closesAt: new Date('2026-03-09T15:00:00.000Z'), reasonRequiredAfter: null });
    expect(incidentWindows([dotUrine, dotPhysical, dotBreath], t).map((w) => w?.kind ?? null)).toEqual(['drug', null, 'alcohol']);
  });

  it('needsIncident: postAccident or reasonableSuspicion with a DOT service that has a window', () => {
    expect(needsIncident('postAccident', [dotUrine])).toBe(true);
    expect(needsIncident('reasonableSuspicion', [dotBreath])).toBe(true);
    expect(needsIncident('random', [dotUrine])).toBe(false);
    expect(needsIncident('postAccident', [nonDotBreath])).toBe(false);
    expect(needsIncident('postAccident', [dotPhysical])).toBe(false);
  });
});

describe('incidentClock', () => {
  const both = [dotUrine, dotBreath];

  it('1 hour ago: the stored incident and each service deadline', () => {
    const clock = incidentClock({ testReason: 'postAccident', incident: { occurredAt: ago(1) } }, both, now);
    expect(clock.incident).toEqual({ occurredAt: ago(1), delayReason: null, alcoholNotTestedReason: null });
    expect(clock.deadlineColumns(dotBreath)).toEqual({ deadlineClosesAt: new Date(now.getTime() + 7 * HOUR), deadlineReasonRequiredAfter: new Date(now.getTime() + HOUR) });
    expect(clock.deadlineColumns(dotUrine)).toEqual({ deadlineClosesAt: new Date(now.getTime() + 31 * HOUR), deadlineReasonRequiredAfter: null });
  });

  it('the boundaries: the reason is required from exactly 2 hours, the window closed at exactly 8 and 32', () => {
    expect(incidentClock({ testReason: 'postAccident', incident: { occurredAt: new Date(now.getTime() - 2 * HOUR + 1).toISOString() } }, both, now).incident).not.toBeNull();
    expect(failure(() => incidentClock({ testReason: 'postAccident', incident: { occurredAt: ago(2) } }, both, now))).toMatchObject({ code: 'required', pointer: '/incident/delayReason' });
    expect(incidentClock({ testReason: 'postAccident', incident: { occurredAt: new Date(now.getTime() - 8 * HOUR + 1).toISOString(), delayReason: 'x' } }, both, now).incident).not.toBeNull();
    expect(failure(() => incidentClock({ testReason: 'postAccident', incident: { occurredAt: ago(8), delayReason: 'x' } }, both, now))).toMatchObject({ code: 'testingWindowClosed', pointer: '/incident/occurredAt' });
    expect(incidentClock({ testReason: 'postAccident', incident: { occurredAt: ago(31.9), alcoholNotTestedReason: 'x' } }, [dotUrine], now).incident).not.toBeNull();
    expect(failure(() => incidentClock({ testReason: 'postAccident', incident: { occurredAt: ago(32) } }, [dotUrine], now)).code).toBe('testingWindowClosed');
  });

  it('a closed window names every closed service, and wins over a missing reason', () => {
    const f = failure(() => incidentClock({ testReason: 'postAccident', incident: { occurredAt: ago(40) } }, both, now));
    expect(f.code).toBe('testingWindowClosed');
    expect(f.detail).toContain('DOT Breath Alcohol Test');
    expect(f.detail).toContain('DOT 5-Panel Urine Drug Screen');
  });

  it('required at /incident for a DOT incident order; invalidValue for another test reason; future occurredAt', () => {
    expect(failure(() => incidentClock({ testReason: 'postAccident' }, both, now))).toMatchObject({ code: 'required', pointer: '/incident' });
    expect(incidentClock({ testReason: 'postAccident' }, [nonDotBreath], now).incident).toBeNull();
    expect(failure(() => incidentClock({ testReason: 'preEmployment', incident: { occurredAt: ago(1) } }, both, now))).toMatchObject({ code: 'invalidValue', pointer: '/incident' });
    expect(failure(() => incidentClock({ testReason: 'postAccident', incident: { occurredAt: ago(-1) } }, both, now))).toMatchObject({ code: 'invalidValue', pointer: '/incident/occurredAt' });
    // A clock a minute ahead of the server's is not the future.
    expect(incidentClock({ testReason: 'postAccident', incident: { occurredAt: ago(-1 / 60) } }, both, now).incident).not.toBeNull();
  });

  it('a closed alcohol window: the 422 offers the open packages; the drug-only order records why the alcohol test was not done', () => {
    const f = (() => {
      try {
        incidentClock({ testReason: 'postAccident', incident: { occurredAt: ago(9), delayReason: 'x' } }, both, now, [{ id: 'p1', name: 'DOT Drug Screen', services: [dotUrine.name] }]);
      } catch (e) {
        return (e as DomainError).entries[0];
      }
      throw new Error('expected a DomainError');
    })();
    expect(f).toMatchObject({ code: 'testingWindowClosed', pointer: '/incident/occurredAt' });
    expect(f.meta).toEqual({
      services: [{ name: dotBreath.name, kind: 'alcohol', closesAt: new Date(now.getTime() - HOUR).toISOString() }],
      openPackages: [{ id: 'p1', name: 'DOT Drug Screen', services: [dotUrine.name] }],
    });
    expect(f.detail).toContain('Order the tests whose windows are still open instead: package "DOT Drug Screen" (p1), with incident.alcoholNotTestedReason');

    const clock = incidentClock({ testReason: 'postAccident', incident: { occurredAt: ago(9), alcoholNotTestedReason: 'Driver in surgery' } }, [dotUrine], now);
    expect(clock.incident).toEqual({ occurredAt: ago(9), delayReason: null, alcoholNotTestedReason: 'Driver in surgery' });
    // The API records the reason when given and does not require it (the dashboard's form does).
    expect(incidentClock({ testReason: 'postAccident', incident: { occurredAt: ago(9) } }, [dotUrine], now).incident).toEqual({ occurredAt: ago(9), delayReason: null, alcoholNotTestedReason: null });
  });

  it('awaitsCollection: before the specimen is collected only', () => {
    expect(['ordered', 'pending', 'pending_arrivedAtTheClinic', 'pending_collectionInitiated'].every(awaitsCollection)).toBe(true);
    expect(['pending_collectionCompleted', 'pending_atTheLab', 'negative', 'cancelled'].some(awaitsCollection)).toBe(false);
  });
});

describe('closedWindows, openPackages and missingIncidentReasons', () => {
  const occurred = new Date(now.getTime() - 9 * HOUR);
  const dotPhysicalAndDrug = { id: 'phys', name: 'A DOT Physical + Drug Screen', services: [dotPhysical, dotUrine] };
  const drugOnly = { id: 'drug', name: 'DOT Drug Screen', services: [dotUrine] };
  const withAlcohol = { id: 'both', name: 'DOT Drug & Alcohol', services: [dotUrine, dotBreath] };
  const nonDot = { id: 'nondot', name: 'Non-DOT Breath', services: [nonDotBreath] };

  it('closedWindows: the request’s services whose window had closed, only when the clock runs', () => {
    expect(closedWindows('postAccident', [dotUrine, dotBreath], occurred, now)).toEqual([{ name: dotBreath.name, kind: 'alcohol', closesAt: new Date(occurred.getTime() + 8 * HOUR).toISOString() }]);
    expect(closedWindows('postAccident', [dotUrine], occurred, now)).toEqual([]);
    expect(closedWindows('random', [dotBreath], occurred, now)).toEqual([]);
  });

  it('openPackages: packages whose windows are all open, the refused package’s own tests first, never the refused one', () => {
    expect(openPackages([dotUrine, dotBreath], [withAlcohol, dotPhysicalAndDrug, nonDot, drugOnly], occurred, now, 'both')).toEqual([
      { id: 'drug', name: 'DOT Drug Screen', services: [dotUrine.name] },
      { id: 'phys', name: 'A DOT Physical + Drug Screen', services: [dotPhysical.name, dotUrine.name] },
    ]);
    // 33 hours: the drug window has closed too; nothing is left to offer.
    expect(openPackages([dotUrine, dotBreath], [drugOnly, dotPhysicalAndDrug], new Date(now.getTime() - 33 * HOUR), now)).toEqual([]);
  });

  it('missingIncidentReasons: the delay reason, the record of the alcohol test not done, and where it is refused', () => {
    // As the dashboard's form asks (alcoholRecordRequired); the API leaves the record optional.
    const reasons = (testReason: string, hours: number, services: WindowService[], extra: Record<string, string> = {}) =>
      missingIncidentReasons({ testReason, incident: { occurredAt: ago(hours), ...extra } }, services, now, { alcoholRecordRequired: true }).map((p) => `${p.code} ${p.pointer}`);
    expect(missingIncidentReasons({ testReason: 'postAccident', incident: { occurredAt: ago(9) } }, [dotUrine], now)).toEqual([]);
    expect(reasons('postAccident', 3, [dotUrine, dotBreath])).toEqual(['required /incident/delayReason']);
    expect(reasons('postAccident', 3, [dotUrine])).toEqual([]);
    expect(reasons('postAccident', 9, [dotUrine])).toEqual(['required /incident/alcoholNotTestedReason']);
    expect(reasons('postAccident', 9, [dotUrine], { alcoholNotTestedReason: 'x' })).toEqual([]);
    expect(reasons('reasonableSuspicion', 9, [dotUrine])).toEqual([]);
    expect(reasons('reasonableSuspicion', 9, [dotUrine], { alcoholNotTestedReason: 'x' })).toEqual([]);
    expect(reasons('postAccident', 7, [dotUrine], { alcoholNotTestedReason: 'x' })).toEqual(['invalidValue /incident/alcoholNotTestedReason']);
    expect(reasons('postAccident', 1, [dotUrine, dotBreath], { alcoholNotTestedReason: 'x' })).toEqual(['invalidValue /incident/alcoholNotTestedReason']);
  });
});
