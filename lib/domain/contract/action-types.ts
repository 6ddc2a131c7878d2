/**
 * The action types (DESIGN.md 7.4) as data: each with its severity, the rule it cites, when it is
 * raised and due, and whether a person may resolve it by hand or only by fixing its cause. The sweep
 * (lib/domain/actions/sweep.ts) raises and resolves the types whose `raisedBy` is `sweep`; a change
 * that fixes a cause resolves its action in its own transaction. Citations are those of
 * PROGRAM-FACTS.md ("Deadlines the product can watch"). It lives with the contract because the
 * Action representation's enums come from it (lib/domain/actions/types.ts re-exports it); pure, so
 * the dashboard reads it too.
 */

export const ACTION_SEVERITIES = ['critical', 'high', 'normal'] as const;
export type ActionSeverity = (typeof ACTION_SEVERITIES)[number];

export const ACTION_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

/** What an action is about (`subject.object`). `misReport` is a company's report for one agency and year. */
export const ACTION_SUBJECTS = ['order', 'employee', 'randomPool', 'randomDraw', 'randomSelection', 'followUpPlan', 'webhookEndpoint', 'misReport'] as const;
export type ActionSubjectObject = (typeof ACTION_SUBJECTS)[number];

/** The one-click fix the dashboard offers (beside resolve and dismiss). */
export type ActionFix = 'openOrder' | 'acknowledge' | 'openEmployee' | 'openPool' | 'openSelection' | 'openReport' | 'openWebhookEndpoint' | 'none';

export interface ActionTypeDefinition {
  type: string;
  severity: ActionSeverity;
  /** The rule, e.g. `49 CFR 382.303(d)(1)`; null for an action of the product's own. */
  citation: string | null;
  subject: ActionSubjectObject;
  /** When it is raised and when it is due, in words (the OpenAPI document and the dashboard show it). */
  rule: string;
  /**
   * A person may mark it resolved with a note (the note is the record the rule asks for, or says
   * how the cause was fixed outside the product). False: only fixing the cause resolves it (422
   * `invalidState` by hand); dismissing stays possible.
   */
  resolvableByHand: boolean;
  /**
   * `sweep`: raised and resolved by the action sweep on the tenant's clock; `webhookDelivery`,
   * `followUp` and `results`: by the delivery worker, the follow-up sweep (lib/domain/follow-up) and
   * the results' consequences (lib/domain/results); `later`: not yet.
   */
  raisedBy: 'sweep' | 'webhookDelivery' | 'followUp' | 'results' | 'later';
  /** The sweep resolves it automatically once its cause is gone (false: the cause never goes by itself; a person resolves it). */
  autoResolve: boolean;
  fix: ActionFix;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The numbers of the due rules (the sweep and the unit tests read these). */
export const DUE_RULES = {
  /** A non-negative result, a refusal or an adulterated or substituted specimen, unacknowledged. */
  resultReviewMs: 24 * HOUR,
  /** 40.131: three attempts over 24 hours, then the DER is asked to make contact. */
  mroContactMs: 24 * HOUR,
  /** A collected specimen should reach the laboratory within two days. */
  labArrivalMs: 48 * HOUR,
  /** A random draw not made this long into its period. */
  drawGraceMs: 7 * DAY,
  /** A random selection still untested this long before its period ends. */
  untestedWarningMs: 7 * DAY,
  /** The annual limited query is raised this long before it falls due (382.701(b)). */
  limitedQueryNoticeMs: 30 * DAY,
  /** Expired orders older than this are not looked at again (their actions stay until resolved). */
  expiredLookbackMs: 90 * DAY,
} as const;

export const ACTION_TYPES = [
  {
    type: 'postAccidentAlcoholWindow',
    severity: 'critical',
    citation: '49 CFR 382.303(d)(1)',
    subject: 'order',
    rule: 'From the order until the alcohol specimen is collected; due 8 hours after the incident (a reason is recorded when not done within 2 hours).',
    resolvableByHand: true,
    raisedBy: 'sweep',
    autoResolve: true,
    fix: 'openOrder',
  },
  {
    type: 'postAccidentDrugWindow',
    severity: 'critical',
    citation: '49 CFR 382.303(d)(2)',
    subject: 'order',
    rule: 'From the order until the drug specimen is collected; due 32 hours after the incident.',
    resolvableByHand: true,
    raisedBy: 'sweep',
    autoResolve: true,
    fix: 'openOrder',
  },
  {
    type: 'resultUnacknowledged',
    severity: 'critical',
    citation: '49 CFR 40.23',
    subject: 'order',
    rule: 'A non-negative result, a refusal or an adulterated or substituted specimen unacknowledged 24 hours after it became final; acknowledging it resolves it.',
    resolvableByHand: false,
    raisedBy: 'sweep',
    autoResolve: true,
    fix: 'acknowledge',
  },
  {
    type: 'mroCannotReachDonor',
    severity: 'high',
    citation: '49 CFR 40.131',
    subject: 'order',
    rule: 'A service awaiting the MRO\'s contact with the donor (`pending_awaitingMROContact`) for 24 hours: the DER contacts the employee.',
    resolvableByHand: true,
    raisedBy: 'sweep',
    autoResolve: true,
    fix: 'openOrder',
  },
  {
    type: 'specimenNotAtLab',
    severity: 'high',
    citation: null,
    subject: 'order',
    rule: 'A specimen collected (`pending_collectionCompleted`) and not at the laboratory 48 hours later.',
    resolvableByHand: true,
    raisedBy: 'sweep',
    autoResolve: true,
    fix: 'openOrder',
  },
  {
    type: 'orderExpiredUncollected',
    severity: 'high',
    citation: '49 CFR 40.191',
    subject: 'order',
    rule: 'A random, follow-up or return-to-duty order that expired with nothing collected: it may be a refusal to test; review it and record what happened.',
    resolvableByHand: true,
    raisedBy: 'sweep',
    autoResolve: false,
    fix: 'openOrder',
  },
  {
    type: 'limitedQueryDue',
    severity: 'normal',
    citation: '49 CFR 382.701(b)',
    subject: 'employee',
    rule: 'An active FMCSA driver with a CDL whose annual limited Clearinghouse query falls due within 30 days (12 months after the last one; now when none is recorded).',
    resolvableByHand: false,
    raisedBy: 'sweep',
    autoResolve: true,
    fix: 'openEmployee',
  },
  {
    type: 'misReportDue',
    severity: 'normal',
    citation: '49 CFR 40.26',
    subject: 'misReport',
    rule: 'From 1 February, for each company and agency with covered employees in the year before: the MIS report is due 15 March.',
    resolvableByHand: true,
    raisedBy: 'sweep',
    autoResolve: false,
    fix: 'openReport',
  },
  {
    type: 'randomDrawNotMade',
    severity: 'high',
    citation: '49 CFR 382.305',
    subject: 'randomPool',
    rule: 'An active random pool with no draw 7 days into its current period.',
    resolvableByHand: false,
    raisedBy: 'sweep',
    autoResolve: true,
    fix: 'openPool',
  },
  {
    type: 'randomSelectionToNotify',
    severity: 'high',
    citation: '49 CFR 382.305',
    subject: 'randomSelection',
    rule: 'A random selection not yet ordered on its `notifyOn` day: notify the employee and order the test.',
    resolvableByHand: false,
    raisedBy: 'sweep',
    autoResolve: true,
    fix: 'openSelection',
  },
  {
    type: 'randomSelectionUntested',
    severity: 'high',
    citation: '49 CFR 382.305',
    subject: 'randomSelection',
    rule: 'A random selection without a final result 7 days before its period ends (due at the period\'s end).',
    resolvableByHand: false,
    raisedBy: 'sweep',
    autoResolve: true,
    fix: 'openSelection',
  },
  {
    type: 'webhookEndpointDisabled',
    severity: 'high',
    citation: null,
    subject: 'webhookEndpoint',
    rule: 'A webhook endpoint failing for 5 days in a row was disabled; enabling it again resolves it.',
    resolvableByHand: false,
    raisedBy: 'webhookDelivery',
    autoResolve: false,
    fix: 'openWebhookEndpoint',
  },
  // Types raised elsewhere, or whose data comes with a later issue (33's result details and
  // Clearinghouse items): defined here so the API and the filters know them.
  {
    type: 'recollectionDirected',
    severity: 'critical',
    citation: '49 CFR 40.67',
    subject: 'order',
    rule: 'The MRO directs an immediate recollection under direct observation (result `recollection: observed`); ordering the recollection resolves it.',
    resolvableByHand: false,
    raisedBy: 'results',
    autoResolve: false,
    fix: 'openOrder',
  },
  {
    type: 'prohibitedDriverOrder',
    severity: 'critical',
    citation: '49 CFR 382.501',
    subject: 'order',
    rule: 'An order other than return-to-duty placed for a driver the Clearinghouse shows as prohibited: the driver may not perform safety-sensitive functions.',
    resolvableByHand: true,
    raisedBy: 'results',
    autoResolve: false,
    fix: 'openOrder',
  },
  {
    type: 'clearinghouseReportDue',
    severity: 'high',
    citation: '49 CFR 382.705(b)',
    subject: 'order',
    rule: 'An employer\'s Clearinghouse report due by the close of the 3rd business day (from a result\'s Clearinghouse items and a completed follow-up plan); recording the report resolves it.',
    resolvableByHand: false,
    raisedBy: 'results',
    autoResolve: true,
    fix: 'openOrder',
  },
  {
    type: 'followUpTestDue',
    severity: 'high',
    citation: '49 CFR 40.309',
    subject: 'followUpPlan',
    rule: 'A follow-up test\'s due day has come: order it.',
    resolvableByHand: false,
    raisedBy: 'followUp',
    autoResolve: true,
    fix: 'openEmployee',
  },
  {
    type: 'followUpTestOverdue',
    severity: 'critical',
    citation: '49 CFR 40.309',
    subject: 'followUpPlan',
    rule: 'A follow-up test still not ordered 7 days after its due day.',
    resolvableByHand: false,
    raisedBy: 'followUp',
    autoResolve: true,
    fix: 'openEmployee',
  },
] as const satisfies readonly ActionTypeDefinition[];

export type ActionType = (typeof ACTION_TYPES)[number]['type'];
export const ACTION_TYPE_NAMES = ACTION_TYPES.map((t) => t.type) as [ActionType, ...ActionType[]];

const BY_TYPE = new Map<string, ActionTypeDefinition>(ACTION_TYPES.map((t) => [t.type, t]));

/** The definition of a type; an unknown type (a row of a newer release) reads as resolvable by hand, of its stored severity. */
export function actionTypeOf(type: string): ActionTypeDefinition | undefined {
  return BY_TYPE.get(type);
}
