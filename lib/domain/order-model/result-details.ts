/**
 * Result details of an order service (DESIGN.md 7.5): which terminal status takes which member
 * (a table, as data), the check of a given result against its status and its service, and the
 * result in words as the MRO letter and the alcohol testing form say it. Pure: the service events
 * operation, the sandbox and the dashboard share it.
 */
import type { ErrorEntry } from '@/lib/domain/errors';
import type { PositiveDrug, RefusalKind, ServiceResult } from '@/lib/domain/contract/result-details';
import { isFinalServiceStatus, serviceStatusGroup } from './status';

export type { ServiceResult };

/** The members of a result beyond their empty values (`positiveFor: []`, `dilute: false`, null). */
export type ResultMember = 'positiveFor' | 'alcohol' | 'refusal' | 'cancellation' | 'dilute' | 'recollection';

export interface ResultRule {
  /** A full status (`negative_negativeDilute`) or a group (`incomplete`); the full status wins. */
  status: string;
  allows: readonly ResultMember[];
  /** Members that must be given (by the kind of service: a drug test's positive names its drugs). */
  requires?: { drug?: readonly ResultMember[]; alcohol?: readonly ResultMember[] };
  /** The refusal kinds this status means (when it allows `refusal`). */
  refusalKinds?: readonly RefusalKind[];
  /** Why, in a sentence the 400's detail quotes. */
  why: string;
}

/**
 * Which members each terminal status allows. A status absent from this table takes no details
 * (a physical, a no-show, an expired service): a `result` with any member is refused.
 */
export const RESULT_RULES: readonly ResultRule[] = [
  { status: 'negative', allows: ['alcohol'], why: 'a negative has no drugs, refusal or cancellation; an alcohol test gives its reading' },
  { status: 'negative_negativeSeeReport', allows: ['alcohol'], why: 'a negative has no drugs, refusal or cancellation' },
  {
    status: 'negative_negativeDilute',
    allows: ['dilute', 'recollection'],
    // dilute defaults to true here (normalizeResult); false is refused below.
    why: 'a negative-dilute is dilute; with creatinine of 2 to 5 mg/dL the MRO directs an observed recollection (49 CFR 40.67(c))',
  },
  {
    status: 'nonNegative',
    allows: ['positiveFor', 'alcohol', 'dilute'],
    requires: { drug: ['positiveFor'], alcohol: ['alcohol'] },
    why: "a drug test's verified positive names its drugs; an alcohol test's gives its readings",
  },
  {
    status: 'adulterated',
    allows: ['refusal'],
    requires: { drug: ['refusal'] },
    refusalKinds: ['adulterated', 'substituted'],
    why: 'an adulterated or substituted specimen is a refusal of that kind (49 CFR 40.191(b))',
  },
  { status: 'incomplete_refusalToTest', allows: ['refusal'], refusalKinds: ['shyBladder', 'shyLung', 'other'], why: 'a refusal to test says its kind' },
  {
    status: 'incomplete_shyBladder',
    allows: ['refusal', 'cancellation'],
    refusalKinds: ['shyBladder'],
    why: 'a shy bladder is a refusal without a medical explanation, else a cancelled test (49 CFR 40.193)',
  },
  {
    status: 'incomplete_shyLung',
    allows: ['refusal', 'cancellation'],
    refusalKinds: ['shyLung'],
    why: 'a shy lung is a refusal without a medical explanation, else a cancelled test (49 CFR 40.265)',
  },
  {
    status: 'incomplete_invalid',
    allows: ['cancellation', 'recollection'],
    why: 'an invalid result is cancelled; without a medical explanation the MRO directs an observed recollection (49 CFR 40.159, 40.67(a))',
  },
  { status: 'incomplete', allows: ['cancellation'], why: 'an incomplete test may be cancelled by the MRO' },
  { status: 'lostInTransit', allows: ['cancellation'], why: 'a specimen lost in transit is a cancelled test' },
  {
    status: 'cancelled',
    allows: ['cancellation', 'recollection'],
    requires: { drug: ['cancellation'], alcohol: ['cancellation'] },
    why: 'a test the MRO cancels gives the reason, and may direct an observed recollection (49 CFR 40.67(a))',
  },
];

const RULE_BY_STATUS = new Map(RESULT_RULES.map((r) => [r.status, r]));

/** The rule of a terminal status: its own, else its group's; undefined when it takes no details. */
export function resultRuleOf(status: string): ResultRule | undefined {
  return RULE_BY_STATUS.get(status) ?? RULE_BY_STATUS.get(serviceStatusGroup(status));
}

/** The result as given: every member optional. */
export interface ResultInput {
  positiveFor?: PositiveDrug[];
  alcohol?: { screening: number; confirmation?: number | null } | null;
  refusal?: { kind: RefusalKind } | null;
  cancellation?: { by: 'mro' | 'employer'; reason: string | null } | null;
  dilute?: boolean;
  recollection?: 'observed' | null;
}

/** The stored result: every member, the empty ones filled (a drug test's negative-dilute is dilute unless said otherwise). */
export function normalizeResult(status: string, service: { category: string | null; type?: string | null }, input: ResultInput): ServiceResult {
  return {
    positiveFor: input.positiveFor ?? [],
    alcohol: input.alcohol ? { screening: input.alcohol.screening, confirmation: input.alcohol.confirmation ?? null } : null,
    refusal: input.refusal ?? null,
    cancellation: input.cancellation ?? null,
    dilute: input.dilute ?? (status === 'negative_negativeDilute' && resultKindOf(service) === 'drug'),
    recollection: input.recollection ?? null,
  };
}

/** Members that hold more than their empty value. */
export function givenMembers(r: ServiceResult): ResultMember[] {
  const given: ResultMember[] = [];
  if (r.positiveFor.length) given.push('positiveFor');
  if (r.alcohol) given.push('alcohol');
  if (r.refusal) given.push('refusal');
  if (r.cancellation) given.push('cancellation');
  if (r.dilute) given.push('dilute');
  if (r.recollection) given.push('recollection');
  return given;
}

/** 49 CFR 40.23(f), 40.247: 0.02 and above is not negative; a confirmation follows a screening of 0.02 or more. */
export const ALCOHOL_NEGATIVE_BELOW = 0.02;
/** 49 CFR 382.201: a confirmed 0.04 or more is a violation (Clearinghouse `alcohol04`). */
export const ALCOHOL_VIOLATION_AT = 0.04;

export type ServiceKindOfResult = 'drug' | 'alcohol' | 'other';

/** A drug or an alcohol test by its catalog category (blood alcohol is an alcohol test too). */
export function resultKindOf(s: { category: string | null; type?: string | null }): ServiceKindOfResult {
  if (s.category === 'alcohol' || s.type === 'breathAlcoholTest') return 'alcohol';
  if (s.category === 'drug') return 'drug';
  return 'other';
}

const DRUG_ONLY_REFUSALS: readonly RefusalKind[] = ['adulterated', 'substituted', 'shyBladder'];

/**
 * What is wrong with `result` given with `status` on this service: one entry per problem, with the
 * pointer into the service event's body (`/result/...`). Empty when it is right.
 */
export function resultProblems(status: string, service: { category: string | null; type?: string | null }, result: ServiceResult): ErrorEntry[] {
  const problems: ErrorEntry[] = [];
  const add = (code: ErrorEntry['code'], pointer: string, detail: string) => problems.push({ code, pointer, detail });
  if (!isFinalServiceStatus(status)) {
    add('invalidValue', '/result', `result is given with a terminal status only; "${status}" is not one.`);
    return problems;
  }
  const kind = resultKindOf(service);
  const given = givenMembers(result);
  if (kind === 'other') {
    if (given.length) add('invalidValue', '/result', 'result details are for drug and alcohol tests only.');
    return problems;
  }
  const rule = resultRuleOf(status);
  for (const member of given)
    if (!rule?.allows.includes(member))
      add('invalidValue', `/result/${member}`, `A service with status "${status}" takes no ${member}${rule ? `: ${rule.why}` : ''}.`);
  for (const member of rule?.requires?.[kind] ?? [])
    if (!given.includes(member)) add('required', `/result/${member}`, `A ${kind} test with status "${status}" gives ${member}: ${rule!.why}.`);

  // Members that belong to one kind of test.
  if (kind !== 'drug' && result.positiveFor.length) add('invalidValue', '/result/positiveFor', 'positiveFor is for drug tests only.');
  if (kind !== 'drug' && result.dilute) add('invalidValue', '/result/dilute', 'dilute is for drug tests only (a urine specimen).');
  if (kind !== 'alcohol' && result.alcohol) add('invalidValue', '/result/alcohol', 'An alcohol reading is for alcohol tests only.');
  if (status === 'negative_negativeDilute' && kind === 'drug' && result.dilute === false && !problems.some((p) => p.pointer === '/result/dilute'))
    add('invalidValue', '/result/dilute', 'A negative-dilute is dilute.');

  const seen = new Set<string>();
  result.positiveFor.forEach((drug, i) => {
    if (seen.has(drug)) add('invalidValue', `/result/positiveFor/${i}`, `"${drug}" is given twice.`);
    seen.add(drug);
  });

  if (result.refusal && rule?.allows.includes('refusal')) {
    const k = result.refusal.kind;
    if (rule.refusalKinds && !rule.refusalKinds.includes(k))
      add('invalidValue', '/result/refusal/kind', `A service with status "${status}" is a refusal of kind ${rule.refusalKinds.join(' or ')}, not ${k}.`);
    else if (kind === 'alcohol' && DRUG_ONLY_REFUSALS.includes(k)) add('invalidValue', '/result/refusal/kind', `A refusal of kind ${k} is a drug test's.`);
    else if (kind === 'drug' && k === 'shyLung') add('invalidValue', '/result/refusal/kind', "A shy lung is an alcohol test's refusal.");
  }
  if (result.refusal && result.cancellation) add('invalidValue', '/result/cancellation', 'A refusal is not a cancelled test: give one or the other.');
  if (result.cancellation?.by === 'employer')
    add('invalidValue', '/result/cancellation/by', 'A service event records the MRO\'s cancellation; the employer cancels through the order\'s cancellation.');

  if (result.alcohol && kind === 'alcohol') {
    const { screening, confirmation } = result.alcohol;
    if (confirmation !== null && screening < ALCOHOL_NEGATIVE_BELOW)
      add('invalidValue', '/result/alcohol/confirmation', 'A confirmation test follows a screening of 0.02 or more (49 CFR 40.247); this screening is below it.');
    const reading = confirmation ?? screening;
    const group = serviceStatusGroup(status);
    if (group === 'negative' && reading >= ALCOHOL_NEGATIVE_BELOW)
      add('invalidValue', '/result/alcohol', `A reading of ${reading} is not negative: 0.02 or more is (49 CFR 40.23(f)).`);
    if (group === 'nonNegative' && reading < ALCOHOL_NEGATIVE_BELOW)
      add('invalidValue', '/result/alcohol', `A reading of ${reading} is negative (below 0.02), not "${status}".`);
  }
  return problems;
}

// -- Words --

const DRUG_WORDS: Record<PositiveDrug, string> = {
  marijuana: 'marijuana',
  cocaine: 'cocaine',
  pcp: 'PCP',
  opioids: 'opioids',
  amphetamines: 'amphetamines',
  fentanyl: 'fentanyl',
};

const REFUSAL_WORDS: Record<RefusalKind, string> = {
  adulterated: 'adulterated',
  substituted: 'substituted',
  shyBladder: 'shy bladder',
  shyLung: 'shy lung',
  other: 'other',
};

/** A reading as the alcohol testing form prints it: three decimals. */
export const alcoholReading = (value: number) => value.toFixed(3);

/**
 * A service's result in words ("Positive: marijuana", "Alcohol 0.041 (confirmation)", "Refusal:
 * adulterated", "Cancelled by the MRO: <reason>", "Negative-dilute"); null without details.
 */
export function resultWords(status: string, result: ServiceResult | null | undefined): string | null {
  if (!result) return null;
  if (result.cancellation) return `Cancelled by the ${result.cancellation.by === 'mro' ? 'MRO' : 'employer'}${result.cancellation.reason ? `: ${result.cancellation.reason}` : ''}`;
  if (result.refusal) return `Refusal: ${REFUSAL_WORDS[result.refusal.kind]}`;
  if (result.positiveFor.length) return `Positive: ${result.positiveFor.map((d) => DRUG_WORDS[d]).join(', ')}${result.dilute ? ' (dilute)' : ''}`;
  // A negative alcohol test reads "Negative"; its reading is on the order page.
  if (result.alcohol && serviceStatusGroup(status) !== 'negative') {
    const { screening, confirmation } = result.alcohol;
    return confirmation !== null ? `Alcohol ${alcoholReading(confirmation)} (confirmation)` : `Alcohol ${alcoholReading(screening)} (screening)`;
  }
  if (serviceStatusGroup(status) === 'negative') return result.dilute ? 'Negative-dilute' : null;
  return null;
}

/** The words of an order's results: each service's that has any, joined. */
export function orderResultWords(services: ReadonlyArray<{ status: string; result?: ServiceResult | null }>): string | null {
  const words = services.map((s) => resultWords(s.status, s.result)).filter((w): w is string => w !== null);
  return words.length ? [...new Set(words)].join(' · ') : null;
}
