/**
 * Request schemas of the order operations: one per input, shared by the route handlers, the
 * dashboard's create-order form and the OpenAPI document.
 */
import { isValidPhoneNumber } from 'libphonenumber-js';
import { z } from 'zod';
import { ORDER_STATUSES, SERVICE_STATUSES } from '@/lib/domain/order-model/status';
import { AddressInput, E164, ParticipantLanguageInput, Reference, SCHEDULE_STRATEGIES } from '@/lib/domain/contract/inputs';
import { IncidentInput } from './incident';
import { POSITIVE_DRUGS, REFUSAL_KINDS } from '@/lib/domain/contract/result-details';

/** Spec 2.2 (open list: future values may be added). */
export const TEST_REASONS = [
  'blindSample', 'fitnessForDuty', 'followUp', 'jobTransfer', 'notIndicated', 'other', 'periodic',
  'periodicMedical', 'postAccident', 'preEmployment', 'preSiteAccess', 'probation', 'promotion',
  'random', 'reasonableSuspicion', 'returnToDuty', 'splitSpecimen', 'sweep', 'unauthorizedTest',
  'unknown', 'injury',
] as const;

/** Spec 4.2: the values `otherTestReason` may take for a package without a DOT drug, alcohol or occupational health service. */
export const OTHER_TEST_REASONS = [
  'clinical', 'courtOrdered', 'criminalJustice', 'diversion', 'drugTreatment', 'employeeAnnual',
  'forensic', 'personal', 'personalLegal', 'probableCause', 'proficiencyTesting', 'reversal',
  'sendOut', 'specialForensic',
] as const;

/** Agencies whose DOT orders name a job category (spec 4.2); required there for a DOT urine test. */
export const JOB_CATEGORY_AGENCIES = ['FAA', 'FRA', 'FTA'] as const;

/**
 * Service types that, on a DOT service, make `otherTestReason` free text (spec 4.2: "a DOT drug,
 * alcohol or occupational health service"); otherwise it is one of OTHER_TEST_REASONS.
 */
export const FREE_TEXT_REASON_SERVICE_TYPES = ['labBasedToxicology', 'instantDrugTest', 'confirmationTest', 'breathAlcoholTest', 'occupationalHealthService'] as const;

export const DELIVERY_METHOD_TYPES = ['email', 'sms', 'none'] as const;

const rule = (ctx: z.RefinementCtx, code: string, message: string, path: (string | number)[]) =>
  ctx.addIssue({ code: 'custom', message, path, params: { code } });



/**
 * The participant's phone, where text messages go: E.164 and a number its country's numbering plan
 * has (libphonenumber-js), not merely shaped like one (`+999...`, or the unassigned area code 555).
 */
export const ParticipantPhone = E164.pipe(
  z.string().refine((value) => isValidPhoneNumber(value), {
    message: "participant.phone is not a phone number in its country's numbering plan: check the country code and the digits, such as +12145550123.",
    params: { code: 'invalidValue' },
  }),
);

/** A real calendar date `YYYY-MM-DD` (leap years included), not in the future. */
export const BirthDate = z.iso.date().refine((value) => value <= new Date().toISOString().slice(0, 10), {
  message: 'birthDate must not be in the future',
  params: { code: 'invalidValue' },
});


export const IdentifierInput = z.strictObject({
  type: z.string().min(1).max(50),
  value: z.string().min(1).max(100),
  issuingCountry: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code').nullish(),
  issuingState: z.string().min(1).max(50).nullish(),
});

export const ParticipantInput = z.strictObject({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  middleName: z.string().trim().max(100).nullish(),
  birthDate: BirthDate.nullish(),
  email: z.email().max(254).nullish(),
  phone: ParticipantPhone.nullish(),
  address: AddressInput.nullish(),
  identifiers: z.array(IdentifierInput).max(10).optional(),
  /** Issue 29: omitted, the company's `participantLanguage`. */
  language: ParticipantLanguageInput.optional(),
});

export type ParticipantInput = z.output<typeof ParticipantInput>;

/**
 * `participant` as create-order takes it: every member optional here, so that an order for an
 * employee (DESIGN.md 7.1) may name only what differs from the roster; without `employee`, the
 * body's rule below requires firstName and lastName as ParticipantInput does.
 */
const OrderParticipantInput = ParticipantInput.partial();

/**
 * The participant rules that read members an employee may fill (the delivery method's address, the
 * nearest clinic's address): the body's check, and create-order's once the employee has filled them.
 */
export function participantProblems(
  body: { deliveryMethods: ReadonlyArray<{ type: string }>; settings: { schedule?: { strategy: string } } },
  participant: { email?: string | null; phone?: string | null; address?: unknown } | undefined,
): Array<{ code: 'required'; message: string; path: string[] }> {
  const problems: Array<{ code: 'required'; message: string; path: string[] }> = [];
  const method = body.deliveryMethods[0]?.type;
  if (method === 'email' && !participant?.email)
    problems.push({ code: 'required', message: 'participant.email is required for the email delivery method.', path: ['participant', 'email'] });
  if (method === 'sms' && !participant?.phone)
    problems.push({ code: 'required', message: 'participant.phone is required for the sms delivery method.', path: ['participant', 'phone'] });
  if (body.settings.schedule?.strategy === 'nearestClinic' && !participant?.address)
    problems.push({ code: 'required', message: 'participant.address is required for the nearestClinic schedule strategy.', path: ['participant', 'address'] });
  return problems;
}

export const DeliveryMethodInput = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('email') }),
  z.strictObject({ type: z.literal('sms') }),
  z.strictObject({ type: z.literal('none') }),
]);

export const ScheduleInput = z.discriminatedUnion('strategy', [
  z.strictObject({ strategy: z.literal('participantChoice') }),
  z.strictObject({ strategy: z.literal('nearestClinic') }),
  z.strictObject({ strategy: z.literal('clinic'), clinic: Reference }),
]);

export const SettingsInput = z.strictObject({
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  observedCollection: z.boolean().optional(),
  notes: z.string().trim().max(1000).optional(),
  schedule: ScheduleInput.optional(),
});

export const CreateOrderBody = z
  .strictObject({
    deliveryMethods: z.array(DeliveryMethodInput).length(1),
    location: Reference,
    package: Reference,
    /** Without `employee`, required with firstName and lastName; with it, the members that differ from the employee's for this order. */
    participant: OrderParticipantInput.optional(),
    /** DESIGN.md 7.1: the roster's employee the order is for; the participant is filled from it. */
    employee: Reference.optional(),
    requester: z.strictObject({
      email: z.email().max(254),
      name: z.string().trim().min(1).max(200).optional(),
      phone: E164.optional(),
    }),
    settings: SettingsInput,
    testReason: z.enum(TEST_REASONS),
    callback: z.strictObject({ url: z.url({ protocol: /^https?$/ }).max(2000) }).optional(),
    /** DOT postAccident / reasonableSuspicion: the incident the testing windows run from (incident.ts). */
    incident: IncidentInput.optional(),
    agency: Reference.optional(),
    jobCategory: Reference.optional(),
    orderMatching: z
      .strictObject({ enabled: z.boolean().optional(), windowDays: z.number().int().min(1).max(365).optional() })
      .optional(),
    /** Trimmed: blank text is refused like a missing value (400 at /otherTestReason). */
    otherTestReason: z.string().trim().min(1).max(30).optional(),
  })
  // Without an employee, the participant and its names are required as any required member is:
  // named even when other members are wrong (`when`), so the body is read loosely here.
  .superRefine(
    (value, ctx) => {
      // Runs whatever the body is (`when`): a body that is not even an object has its own issue.
      if (typeof value !== 'object' || value === null) return;
      const body = value as { employee?: unknown; participant?: unknown };
      if (body.employee !== undefined) return;
      if (body.participant === undefined) rule(ctx, 'required', 'participant is required (or employee, to fill it from the roster).', ['participant']);
      else if (typeof body.participant === 'object' && body.participant !== null)
        for (const name of ['firstName', 'lastName'] as const)
          if ((body.participant as Record<string, unknown>)[name] === undefined) rule(ctx, 'required', `participant.${name} is required.`, ['participant', name]);
    },
    { when: () => true },
  )
  .superRefine((body, ctx) => {
    // With an employee, create-order checks these once the employee has filled the participant.
    if (!body.employee) for (const p of participantProblems(body, body.participant)) rule(ctx, p.code, p.message, p.path);
    if (body.otherTestReason !== undefined && body.testReason !== 'other')
      rule(ctx, 'invalidValue', 'otherTestReason is allowed only with testReason "other".', ['otherTestReason']);
    // Real time here (the form's and the API's first check); create-order checks it again against the
    // tenant's clock (lib/domain/clock.ts), which is never behind real time.
    if (body.settings.expiresAt && Date.parse(body.settings.expiresAt) <= Date.now())
      rule(ctx, 'invalidValue', 'settings.expiresAt must be in the future.', ['settings', 'expiresAt']);
  });
export type CreateOrderBody = z.output<typeof CreateOrderBody>;

/** A comma-separated list of order statuses: `status=pending,negative`. */
const StatusList = z
  .string()
  .min(1)
  .max(1000)
  .transform((s) => s.split(',').map((v) => v.trim()).filter(Boolean))
  .pipe(z.array(z.enum(ORDER_STATUSES)).min(1).max(50));

const booleanParam = z.enum(['true', 'false']).transform((v) => v === 'true');

export const ListOrdersQuery = z.object({
  page: z.coerce.number().int().min(1).max(10000).default(1),
  limit: z.coerce.number().int().min(1).max(20).default(10),
  status: StatusList.optional(),
  companyId: z.string().min(1).max(255).optional(),
  locationId: z.string().min(1).max(255).optional(),
  employeeId: z.string().min(1).max(255).optional().describe("DESIGN.md 7.1: the orders of one of the roster's employees."),
  code: z.string().min(1).max(50).optional(),
  /** Every word somewhere in the code, participant names or e-mail (queries.ts `searchWords`). */
  search: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .optional()
    .describe(
      'Words separated by spaces or commas; each must occur in the order code or the participant\'s first, middle or last name or e-mail, in any order, ignoring case and dashes ("Nelson, Pamela", "b4nx9bp8"). Up to 8 words are matched.',
    ),
  createdAfter: z.iso.datetime({ offset: true }).optional(),
  createdBefore: z.iso.datetime({ offset: true }).optional(),
  updatedAfter: z.iso.datetime({ offset: true }).optional(),
  isFinal: booleanParam.optional(),
  /** Orders with a DOT testing window still open that closes before this instant (DESIGN.md 6.3). */
  deadlineBefore: z.iso.datetime({ offset: true }).optional().describe('Orders with a DOT testing window (post-accident, reasonable suspicion) still open, its service not yet collected, that closes before this instant.'),
  /** `true`: results someone acknowledged; `false`: final results nobody acknowledged yet (the results inbox). */
  acknowledged: booleanParam.optional().describe('true: acknowledged results; false: final results nobody has acknowledged yet.'),
});
export type ListOrdersQuery = z.output<typeof ListOrdersQuery>;

export const CancelOrderBody = z.strictObject({
  cancelledBy: z.strictObject({ email: z.email().max(254) }).optional(),
  /** Why the order is cancelled, kept in the audit trail (trimmed, 1 to 500 characters). */
  reason: z.string().trim().min(1).max(500).optional().describe('Why the order is cancelled (1 to 500 characters after trimming), kept in the audit trail.'),
});
export type CancelOrderBody = z.output<typeof CancelOrderBody>;

/** The most orders one `POST /api/v2/orders/acknowledgements` acknowledges (a page of the results inbox is 20). */
export const MAX_ACKNOWLEDGEMENTS = 100;

/** `POST /api/v2/orders/acknowledgements`: 1 to 100 orders, acknowledged together or not at all. */
export const AcknowledgeOrdersBody = z
  .strictObject({ orders: z.array(Reference).min(1).max(MAX_ACKNOWLEDGEMENTS) })
  .meta({ id: 'AcknowledgeOrdersRequest' });
export type AcknowledgeOrdersBody = z.output<typeof AcknowledgeOrdersBody>;

/** A breath or blood alcohol concentration (g/210 L or g/dL): 0 to 1. */
const AlcoholReading = z.number().min(0).max(1);

/**
 * DESIGN.md 7.5: the result in detail, with a terminal status; every member optional (empty when
 * left out). Which status takes which member is checked against the table of
 * lib/domain/order-model/result-details.ts (400 at the member's pointer).
 */
export const ServiceResultInput = z
  .strictObject({
    positiveFor: z.array(z.enum(POSITIVE_DRUGS)).max(POSITIVE_DRUGS.length).optional().describe('The drugs the MRO verified positive (status nonNegative).'),
    alcohol: z
      .strictObject({ screening: AlcoholReading, confirmation: AlcoholReading.nullable().optional() })
      .nullable()
      .optional()
      .describe('Alcohol tests: the screening reading, and the confirmation reading when the screening was 0.02 or more.'),
    refusal: z.strictObject({ kind: z.enum(REFUSAL_KINDS) }).nullable().optional().describe('A refusal to test (adulterated, incomplete_refusalToTest, shy bladder or lung).'),
    cancellation: z
      .strictObject({ by: z.literal('mro'), reason: z.string().trim().min(1).max(500) })
      .nullable()
      .optional()
      .describe("The MRO cancelled the test (status cancelled, incomplete, lostInTransit), with the reason. The employer's cancellation is the order's."),
    dilute: z.boolean().optional(),
    recollection: z.literal('observed').nullable().optional().describe('The MRO directs an immediate observed recollection (49 CFR 40.67).'),
  });
export type ServiceResultInput = z.output<typeof ServiceResultInput>;

export const ServiceEventBody = z.strictObject({
  status: z.enum(SERVICE_STATUSES as [string, ...string[]]),
  result: ServiceResultInput.optional().describe('DESIGN.md 7.5: the result in detail, with a terminal status only.'),
  /** A screening milestone reached with this event, appended to screenHistory. */
  milestone: z.string().min(1).max(100).optional(),
  occurredAt: z.iso.datetime({ offset: true }).optional(),
  specimenId: z.string().min(1).max(100).optional(),
  lab: Reference.optional(),
  courierServiceName: z.string().min(1).max(100).optional(),
  trackingNumber: z.string().min(1).max(100).optional(),
});
export type ServiceEventBody = z.output<typeof ServiceEventBody>;
