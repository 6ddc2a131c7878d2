import { afterEach, describe, expect, it } from 'vitest';
import { lifecycle, MAGIC_LAST_NAMES, nextStep, outcomeOf, sandboxResult, serviceKind, type SandboxOutcome } from '@/lib/sandbox/lifecycle';
import { normalizeResult, resultProblems } from '@/lib/domain/order-model/result-details';
import { sandboxEnabled, stepSecondsFromEnv } from '@/lib/sandbox/simulator';
import { isFinalServiceStatus, SERVICE_STATUSES } from '@/lib/domain/order-model/status';

type CatalogService = { type: string; category: string | null; specimenType: string | null };
const urineDrug: CatalogService = { type: 'labBasedToxicology', category: 'drug', specimenType: 'urine' };
const hairDrug = { type: 'labBasedToxicology', category: 'drug', specimenType: 'hair' };
const instant = { type: 'instantDrugTest', category: 'drug', specimenType: 'urine' };
const breath = { type: 'breathAlcoholTest', category: 'alcohol', specimenType: 'breath' };
const physical = { type: 'occupationalHealthService', category: 'physical', specimenType: null };
const fitTest = { type: 'occupationalHealthService', category: 'clinical', specimenType: null };
const background = { type: 'backgroundCheckService', category: 'background', specimenType: null };
const mro = { type: 'mroService', category: null, specimenType: null };
const ALL: CatalogService[] = [urineDrug, hairDrug, instant, breath, physical, fitTest, background, mro, { type: 'vaccination', category: 'vaccination', specimenType: null }];
const OUTCOMES: SandboxOutcome[] = ['expired', 'noShow', 'refusal', 'lost', 'adulterated', 'dilute', 'positive', 'alcohol', 'hits', 'negative'];

const statuses = (s: CatalogService, o: SandboxOutcome) => lifecycle(s, o).map((step) => step.status);

describe('sandbox magic last names', () => {
  it('picks the outcome from the last name, case and punctuation aside; first match wins', () => {
    expect(outcomeOf('Smith')).toBe('negative');
    expect(outcomeOf(null)).toBe('negative');
    expect(outcomeOf('Test-Positive')).toBe('positive');
    expect(outcomeOf('positive')).toBe('positive');
    expect(outcomeOf('No Show')).toBe('noShow');
    expect(outcomeOf('NoShow')).toBe('noShow');
    expect(outcomeOf('Dilute')).toBe('dilute');
    expect(outcomeOf('Expired')).toBe('expired');
    expect(outcomeOf('Refusal')).toBe('refusal');
    expect(outcomeOf('Lost')).toBe('lost');
    expect(outcomeOf('Adulterated')).toBe('adulterated');
    expect(outcomeOf('Hits')).toBe('hits');
    expect(outcomeOf('ManualPositive')).toBe('manual');
    expect(outcomeOf('ExpiredPositive')).toBe('expired');
    expect(MAGIC_LAST_NAMES.map(([w]) => w)).toEqual(['manual', 'expired', 'noshow', 'refusal', 'lost', 'adulterated', 'dilute', 'positive', 'alcohol', 'hits']);
  });

  it('drug tests: collection, lab, MRO review, result', () => {
    expect(statuses(urineDrug, 'negative')).toEqual(['pending_collectionInitiated', 'pending_collectionCompleted', 'pending_atTheLab', 'pending_inMROReview', 'negative']);
    expect(statuses(urineDrug, 'dilute').at(-1)).toBe('negative_negativeDilute');
    expect(statuses(urineDrug, 'positive').slice(-3)).toEqual(['pending_inMROReview', 'pending_awaitingMROContact', 'nonNegative']);
    expect(statuses(urineDrug, 'adulterated').at(-1)).toBe('adulterated_failTC');
    expect(statuses(hairDrug, 'adulterated').at(-1)).toBe('negative'); // only urine is tested for adulterants
    expect(statuses(urineDrug, 'lost')).toEqual(['pending_collectionInitiated', 'pending_collectionCompleted', 'lostInTransit']);
    expect(statuses(urineDrug, 'refusal')).toEqual(['pending_collectionInitiated', 'incomplete_refusalToTest']);
    expect(statuses(urineDrug, 'noShow')).toEqual(['noShow']);
    expect(statuses(urineDrug, 'expired')).toEqual(['expired']);
    expect(statuses(instant, 'negative')).toEqual(['pending_collectionInitiated', 'pending_collectionCompleted', 'negative']);
    expect(statuses(instant, 'positive')).toContain('pending_atTheLab');
    expect(statuses(breath, 'positive').at(-1)).toBe('negative');
  });

  it('milestones, specimen, courier and lab come with the right steps', () => {
    const steps = lifecycle(urineDrug, 'negative');
    expect(steps.filter((s) => s.milestone).map((s) => s.milestone)).toEqual(['collectionInitiated', 'collected', 'atLab', 'labResulted', 'mroReviewed']);
    expect(steps.find((s) => s.specimen)!.status).toBe('pending_collectionCompleted');
    expect(steps.find((s) => s.ship)!.status).toBe('pending_collectionCompleted');
    expect(steps.find((s) => s.lab)!.status).toBe('pending_atTheLab');
    expect(lifecycle(breath, 'negative').some((s) => s.ship || s.lab)).toBe(false);
  });

  it('background checks run without a visit: clear, or hits', () => {
    expect(statuses(background, 'negative')).toEqual(['pending_inProcess', 'complete_clear']);
    expect(statuses(background, 'hits')).toEqual(['pending_inProcess', 'complete_hits']);
    for (const o of ['noShow', 'refusal', 'lost', 'adulterated', 'dilute', 'positive'] as const) expect(statuses(background, o).at(-1)).toBe('complete_clear');
    expect(statuses(physical, 'negative').at(-1)).toBe('complete_meetsStandards');
    expect(statuses(fitTest, 'negative').at(-1)).toBe('pass');
    expect(statuses(mro, 'negative').at(-1)).toBe('complete_verified');
  });

  it('every path uses known statuses, is open until its terminal last step, and never repeats a status', () => {
    for (const service of ALL)
      for (const outcome of OUTCOMES) {
        const path = statuses(service, outcome);
        expect(path.length).toBeGreaterThan(0);
        for (const s of path) expect(SERVICE_STATUSES, s).toContain(s);
        expect(path.slice(0, -1).every((s) => !isFinalServiceStatus(s))).toBe(true);
        expect(isFinalServiceStatus(path.at(-1)!)).toBe(true);
        expect(new Set(path).size).toBe(path.length);
      }
    expect(lifecycle(urineDrug, 'manual')).toEqual([]);
  });

  it('nextStep follows the path from the current status', () => {
    const steps = lifecycle(urineDrug, 'negative');
    expect(nextStep(steps, 'ordered')!.status).toBe('pending_collectionInitiated');
    expect(nextStep(steps, 'pending_atTheLab')!.status).toBe('pending_inMROReview');
    expect(nextStep(steps, 'negative')).toBeNull();
    expect(nextStep(steps, 'pending_collectionSuspended')).toBeNull(); // off the path: left alone
  });

  it('service kinds follow the catalog type', () => {
    expect(ALL.map(serviceKind)).toEqual(['lab', 'lab', 'instant', 'alcohol', 'physical', 'passFail', 'background', 'clinical', 'clinical']);
  });
});

describe('sandbox switch', () => {
  const saved = { APP_ENV: process.env.APP_ENV, SANDBOX: process.env.SANDBOX, SANDBOX_STEP_SECONDS: process.env.SANDBOX_STEP_SECONDS };
  afterEach(() => {
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  });

  it('runs in staging (the default), never in production, and SANDBOX=off turns it off', () => {
    delete process.env.APP_ENV;
    delete process.env.SANDBOX;
    expect(sandboxEnabled()).toBe(true);
    process.env.APP_ENV = 'staging';
    expect(sandboxEnabled()).toBe(true);
    process.env.SANDBOX = 'off';
    expect(sandboxEnabled()).toBe(false);
    delete process.env.SANDBOX;
    process.env.APP_ENV = 'production';
    expect(sandboxEnabled()).toBe(false);
    process.env.SANDBOX = 'on';
    expect(sandboxEnabled()).toBe(false);
  });

  it('SANDBOX_STEP_SECONDS defaults to 30; a value that is no number is refused as at start-up', () => {
    delete process.env.SANDBOX_STEP_SECONDS;
    expect(stepSecondsFromEnv()).toBe(30);
    process.env.SANDBOX_STEP_SECONDS = '1';
    expect(stepSecondsFromEnv()).toBe(1);
    process.env.SANDBOX_STEP_SECONDS = 'fast';
    expect(() => stepSecondsFromEnv()).toThrow('SANDBOX_STEP_SECONDS must be an integer >= 1 (not "fast")');
  });
});

describe('sandbox result details (DESIGN.md 7.5)', () => {
  const first = <T,>(_purpose: string, items: readonly T[]) => items[0];
  const last = <T,>(_purpose: string, items: readonly T[]) => items[items.length - 1];

  it('alcohol: breath tests end nonNegative with a confirmation reading', () => {
    expect(statuses(breath, 'alcohol')).toEqual(['pending_collectionInitiated', 'pending_collectionCompleted', 'nonNegative']);
    expect(sandboxResult(breath, 'alcohol', 'nonNegative', first)).toEqual({ alcohol: { screening: 0.021, confirmation: 0.021 } });
    expect(sandboxResult(breath, 'alcohol', 'nonNegative', last)).toEqual({ alcohol: { screening: 0.124, confirmation: 0.12 } });
  });

  it('every terminal step of every service and outcome carries a result its status accepts', () => {
    for (const service of ALL)
      for (const outcome of OUTCOMES)
        for (const pick of [first, last]) {
          const end = lifecycle(service, outcome).at(-1);
          if (!end) continue;
          const given = sandboxResult(service, outcome, end.status, pick);
          if (!given) continue;
          expect(resultProblems(end.status, service, normalizeResult(end.status, service, given)), `${service.type}/${outcome}/${end.status}`).toEqual([]);
        }
  });

  it('no details for services that are not drug or alcohol tests, nor for ends without a test', () => {
    expect(sandboxResult(physical, 'negative', 'complete_meetsStandards', first)).toBeUndefined();
    expect(sandboxResult(urineDrug, 'expired', 'expired', first)).toBeUndefined();
    expect(sandboxResult(urineDrug, 'positive', 'nonNegative', first)).toEqual({ positiveFor: ['marijuana'] });
  });
});
