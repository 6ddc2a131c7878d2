/**
 * The payload of `followUpTest.due` (DESIGN.md 7.3 and 7.6): a follow-up test's day has come. It
 * names the plan, the employee and the test with its day (the employer's alone: these events go to
 * the employer's endpoints, never to the participant), no participant identifier.
 */
import { z } from 'zod';

const DateTime = z.iso.datetime().describe('ISO 8601 date-time with milliseconds, UTC (`Z`).');
const idRef = <T extends string>(object: T) => z.object({ id: z.string(), object: z.literal(object), url: z.string() });

export const FollowUpTestDueEvent = z
  .object({
    id: z.string().describe('`evt_…`: the `webhook-id` of every delivery of this event.'),
    object: z.literal('event'),
    type: z.literal('followUpTest.due'),
    createdAt: DateTime,
    data: z.object({
      followUpPlan: idRef('followUpPlan'),
      employee: idRef('employee'),
      test: z.object({
        id: z.string(),
        number: z.number().int().describe("The test's number in the plan (a make-up keeps the number it makes up)."),
        dueOn: z.iso.date().describe('The day drawn for it, today on the tenant\'s clock or earlier (a plan entered late, a resumed one).'),
        makeUpOf: z.string().nullable().describe('The missed test this one makes up, or null.'),
      }),
    }),
  })
  .meta({ id: 'FollowUpTestDueEvent' });
export type FollowUpTestDueEvent = z.output<typeof FollowUpTestDueEvent>;

export const EXAMPLE_FOLLOW_UP_TEST_DUE = {
  id: 'evt_0000000000004000800000000000a011',
  object: 'event',
  type: 'followUpTest.due',
  createdAt: '2026-09-14T05:00:02.114Z',
  data: {
    followUpPlan: { id: '00000000-0000-4000-8000-000000000301', object: 'followUpPlan', url: '/api/v2/follow-up-plans/00000000-0000-4000-8000-000000000301' },
    employee: { id: '00000000-0000-4000-8000-000000000302', object: 'employee', url: '/api/v2/employees/00000000-0000-4000-8000-000000000302' },
    test: { id: '00000000-0000-4000-8000-000000000303', number: 4, dueOn: '2026-09-14', makeUpOf: null },
  },
} satisfies z.input<typeof FollowUpTestDueEvent>;
