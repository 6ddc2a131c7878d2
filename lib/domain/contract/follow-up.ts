/**
 * The follow-up plan representation (DESIGN.md 7.3), like representation.ts: the zod schema with
 * its same-name type, the serializer's return type, the OpenAPI document's schema and what the API
 * tests validate responses against. Due days are the employer's alone: no participant-facing page
 * or message ever carries them.
 */
import { z } from 'zod';
import { AgencyRef, API } from './representation';

const DateTime = z.iso.datetime().describe('ISO 8601 date-time with milliseconds, UTC (`Z`).');
const Day = z.iso.date();
const idRef = <T extends string>(object: T) => z.object({ id: z.string(), object: z.literal(object), url: z.string() });

export const followUpPlanUrl = (id: string) => `${API}/follow-up-plans/${id}`;

export const FollowUpTest = z
  .object({
    id: z.string(),
    object: z.literal('followUpTest'),
    number: z.number().int().describe('1-based position in the plan; a make-up test keeps the number of the test it makes up.'),
    windowStart: Day.describe('First day of the window the due day was drawn in.'),
    windowEnd: Day.describe('Last day of the window (inclusive).'),
    dueOn: Day.describe('Drawn uniformly at random (CSPRNG) in the window. Visible to the employer only.'),
    status: z
      .enum(['scheduled', 'due', 'ordered', 'completed', 'missed', 'cancelled'])
      .describe('`scheduled` until its day, `due` on it, `ordered` once ordered, `completed` when its order has a result, `missed` when its order was cancelled, expired or a no-show (a make-up test follows), `cancelled` with its plan.'),
    makeUpOf: z.string().nullable().describe('The id of the missed test this one makes up.'),
    order: idRef('order').nullable(),
  })
  .meta({ id: 'FollowUpTest' });
export type FollowUpTest = z.output<typeof FollowUpTest>;

export const FollowUpPlan = z
  .object({
    id: z.string(),
    object: z.literal('followUpPlan'),
    url: z.string(),
    employee: idRef('employee'),
    company: idRef('company'),
    agency: AgencyRef.nullable(),
    sap: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
    returnToDutyOrder: idRef('order'),
    startsOn: Day,
    phases: z.array(z.object({ months: z.number().int(), tests: z.number().int() })),
    substances: z.array(z.enum(['drug', 'alcohol'])),
    status: z.enum(['active', 'paused', 'completed', 'cancelled']),
    testsRequired: z.number().int(),
    testsCompleted: z.number().int(),
    pausedAt: DateTime.nullable().describe("When a paused plan was paused (the tenant's clock); null otherwise."),
    tests: z.array(FollowUpTest).describe('Every test in order of number, a make-up after the test it makes up.'),
    createdAt: DateTime,
    updatedAt: DateTime,
  })
  .meta({ id: 'FollowUpPlan' });
export type FollowUpPlan = z.output<typeof FollowUpPlan>;
