/**
 * Request members of the follow-up plans (DESIGN.md 7.3): the API, the dashboard's plan form and
 * the OpenAPI document use these same schemas. Pure (zod and windows.ts only).
 */
import { z } from 'zod';
import { E164, Reference } from '@/lib/domain/contract/inputs';
import { PageQuery } from '@/lib/domain/pagination';
import { DeliveryMethodInput, SettingsInput } from '@/lib/domain/orders/schemas';
import { FIRST_YEAR_MIN_TESTS, MAX_PLAN_MONTHS, phaseBounds, testsInFirstYear } from './windows';

export const SUBSTANCES = ['drug', 'alcohol'] as const;
export const PLAN_STATUSES = ['active', 'paused', 'completed', 'cancelled'] as const;
/** scheduled (its day ahead), due, ordered, completed, missed (its order did not count: a make-up follows) or cancelled (with its plan). */
export const TEST_STATUSES = ['scheduled', 'due', 'ordered', 'completed', 'missed', 'cancelled'] as const;

const rule = (ctx: z.RefinementCtx, code: string, message: string, path: (string | number)[]) =>
  ctx.addIssue({ code: 'custom', message, path, params: { code } });

const PhaseInput = z.strictObject({
  months: z.number().int().min(1).max(1000).describe('Calendar months of the phase (at most 60 in all: the plan\'s rule, 400 `tooBig` at `/phases`).'),
  tests: z.number().int().min(1).max(366).describe('Unannounced tests in the phase: one in each of as many equal windows.'),
});

export const CreateFollowUpPlanBody = z
  .strictObject({
    agency: Reference.nullish().describe("The DOT agency the plan answers to; omitted, the employee's."),
    sap: z
      .strictObject({
        name: z.string().trim().min(1).max(200),
        email: z.email().max(254).nullish(),
        phone: E164.nullish(),
      })
      .describe('The substance-abuse professional who directed the plan.'),
    returnToDutyOrder: Reference.describe("The employee's return-to-duty order: final and negative (422 `invalidState` otherwise)."),
    startsOn: z.iso.date().describe('The day the employee returned to safety-sensitive duty: the first window starts on it.'),
    phases: z
      .array(PhaseInput)
      .min(1)
      .max(20)
      .describe('In order: at least 6 tests in the first 12 months (400 `tooSmall`), at most 60 months in all (400 `tooBig`).'),
    substances: z.array(z.enum(SUBSTANCES)).min(1).max(2),
  })
  .superRefine((body, ctx) => {
    if (new Set(body.substances).size !== body.substances.length) rule(ctx, 'invalidValue', 'substances must not repeat a value.', ['substances']);
    const months = body.phases.reduce((sum, p) => sum + p.months, 0);
    if (months > MAX_PLAN_MONTHS) {
      rule(ctx, 'tooBig', `A follow-up plan lasts at most ${MAX_PLAN_MONTHS} months (49 CFR 40.307(d)(2)); these phases last ${months}.`, ['phases']);
      return;
    }
    // The windows need a real start day; a malformed startsOn has its own issue.
    if (!/^\d{4}-\d{2}-\d{2}$/.test(body.startsOn) || Number.isNaN(Date.parse(body.startsOn))) return;
    const bounds = phaseBounds(body.startsOn, body.phases);
    const crowded = body.phases.findIndex((p, i) => p.tests > bounds[i].days);
    if (crowded >= 0) {
      rule(ctx, 'tooBig', `Phase ${crowded + 1} has more tests than days (${bounds[crowded].days}): each test needs a window of at least a day.`, ['phases', crowded, 'tests']);
      return;
    }
    const firstYear = testsInFirstYear(body.startsOn, body.phases);
    if (firstYear < FIRST_YEAR_MIN_TESTS)
      rule(
        ctx,
        'tooSmall',
        `At least ${FIRST_YEAR_MIN_TESTS} follow-up tests in the first 12 months (49 CFR 40.307(d)); these phases have ${firstYear} whose window ends within them.`,
        ['phases'],
      );
  })
  .meta({ id: 'CreateFollowUpPlanRequest' });
export type CreateFollowUpPlanBody = z.output<typeof CreateFollowUpPlanBody>;

export const UpdateFollowUpPlanBody = z
  .strictObject({
    status: z
      .enum(['active', 'paused', 'cancelled'])
      .describe('`paused` stops the plan (no test falls due); `active` resumes it, moving every open due day by the paused time; `cancelled` ends it.'),
  })
  .meta({ id: 'UpdateFollowUpPlanRequest' });
export type UpdateFollowUpPlanBody = z.output<typeof UpdateFollowUpPlanBody>;

export const ListFollowUpPlansQuery = PageQuery;
export type ListFollowUpPlansQuery = z.output<typeof ListFollowUpPlansQuery>;

/**
 * "Order now" for a test: what create-order takes besides the participant (the employee), the test
 * reason (`followUp`) and the employee reference, which the plan gives.
 */
export const OrderFollowUpTestBody = z
  .strictObject({
    deliveryMethods: z.array(DeliveryMethodInput).length(1),
    location: Reference,
    package: Reference,
    requester: z.strictObject({
      email: z.email().max(254),
      name: z.string().trim().min(1).max(200).optional(),
      phone: E164.optional(),
    }),
    settings: SettingsInput.optional(),
    agency: Reference.optional().describe("Omitted: the plan's agency when the package has a DOT service."),
    jobCategory: Reference.optional(),
    callback: z.strictObject({ url: z.url({ protocol: /^https?$/ }).max(2000) }).optional(),
  })
  .meta({ id: 'OrderFollowUpTestRequest' });
export type OrderFollowUpTestBody = z.output<typeof OrderFollowUpTestBody>;
