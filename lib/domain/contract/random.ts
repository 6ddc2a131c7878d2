/**
 * The representations of random testing (DESIGN.md 7.2): rates, pools, their progress, draws,
 * verification answers, selections and an employee's history of draws. Beside representation.ts
 * (the same rules: one schema per representation, its same-name type, serializers return it).
 */
import { z } from 'zod';
import { AgencyRef, API, CompanyRef, PackageRef } from './representation';

const DateTime = z.iso.datetime().describe('ISO 8601 date-time with milliseconds, UTC (`Z`).');
const Day = z.iso.date().describe('A day, `YYYY-MM-DD`, of the tenant\'s clock.');
const Kind = z.enum(['drug', 'alcohol']);

/** Why the product has no exclusion or weighting option: shown where a user looks for one. */
export const EQUAL_CHANCE =
  'Every member has the same chance at every draw: DOT requires it (49 CFR 382.305(i), 655.45(e), 219.601), so a pool has no option to exclude, ' +
  'weight or skip anyone, and someone selected stays in the pool for the next draw. Members are computed from the roster at each draw.';

export const RandomRate = z
  .object({
    object: z.literal('randomRate'),
    agency: AgencyRef,
    category: z.enum(['covered', 'maintenanceOfWay', 'mechanical']).nullable().describe('FRA only; null for every other agency.'),
    year: z.number().int(),
    drug: z.number().describe('Minimum annual rate, a fraction: 0.5 is 50%.'),
    alcohol: z.number().nullable().describe('null: the agency has no random alcohol testing.'),
    source: z.string().describe('The notice the rate comes from.'),
  })
  .meta({ id: 'RandomRate' });
export type RandomRate = z.output<typeof RandomRate>;

export const RandomPool = z
  .object({
    id: z.string(),
    object: z.literal('randomPool'),
    name: z.string(),
    kind: z.enum(['dot', 'nonDot']),
    agencies: z.array(AgencyRef).describe('DOT: one or more (a combined pool tests at the highest rate of its agencies); non-DOT: none.'),
    companies: z.array(CompanyRef).describe('One: an employer pool; several: a consortium pool.'),
    drugRate: z.number(),
    alcoholRate: z.number().nullable(),
    frequency: z.enum(['monthly', 'quarterly']),
    packages: z.object({ drug: PackageRef.nullable(), alcohol: PackageRef.nullable() }),
    isActive: z.boolean(),
    memberCount: z.number().int().describe('Active employees of its companies it covers today: members are computed, never listed by hand.'),
    selectionMethod: z.string().describe(EQUAL_CHANCE),
    createdAt: DateTime,
    updatedAt: DateTime,
    url: z.string(),
  })
  .meta({ id: 'RandomPool' });
export type RandomPool = z.output<typeof RandomPool>;

const KindCounts = z.object({ drug: z.number().int(), alcohol: z.number().int() });

export const RandomPoolProgress = z
  .object({
    object: z.literal('randomPoolProgress'),
    pool: z.object({ id: z.string(), object: z.literal('randomPool'), name: z.string(), url: z.string() }),
    year: z.number().int(),
    periods: z.array(
      z.object({
        period: z.string(),
        start: Day,
        end: Day,
        poolSize: z.number().int().nullable().describe('At the draw; null before it.'),
        draw: z.object({ id: z.string(), object: z.literal('randomDraw'), url: z.string() }).nullable(),
        selected: KindCounts,
        completed: KindCounts,
        excused: KindCounts,
        lost: KindCounts,
      }),
    ),
    meanPoolSize: z.number().describe('Over the year\'s draws so far.'),
    required: z.object({ drug: z.number().int(), alcohol: z.number().int().nullable() }),
    completed: KindCounts,
    onTrack: z.boolean().describe('Completed tests keep pace with the required count over the periods elapsed.'),
  })
  .meta({ id: 'RandomPoolProgress' });
export type RandomPoolProgress = z.output<typeof RandomPoolProgress>;

const Actor = z.object({ type: z.enum(['user', 'token', 'system']), id: z.string().nullable(), name: z.string().nullable() });

export const RandomDraw = z
  .object({
    id: z.string(),
    object: z.literal('randomDraw'),
    pool: z.object({ id: z.string(), object: z.literal('randomPool'), name: z.string(), url: z.string() }),
    period: z.string(),
    periodStart: Day,
    periodEnd: Day,
    drawnAt: DateTime,
    drawnBy: Actor,
    poolSize: z.number().int(),
    eligible: KindCounts.describe('Members eligible per kind (agencies without random alcohol testing are not in the alcohol ranking).'),
    meanPoolSize: z.number(),
    rates: z.object({ drug: z.number(), alcohol: z.number().nullable() }),
    required: z.object({ drug: z.number().int(), alcohol: z.number().int().nullable() }),
    selected: KindCounts,
    commitment: z.string().describe('SHA-256 (hex) of the 32 seed bytes, published at the draw.'),
    poolHash: z.string().describe('SHA-256 (hex) of the eligible ids, sorted and joined by `\\n`.'),
    seed: z.string().nullable().describe('64 lower-case hex characters; null until revealed.'),
    seedRevealedAt: DateTime.nullable(),
    algorithm: z.literal('sha256-rank-v1'),
    certificateUrl: z.string(),
    snapshotUrl: z.string(),
    verificationUrl: z.string(),
    url: z.string(),
  })
  .meta({ id: 'RandomDraw' });
export type RandomDraw = z.output<typeof RandomDraw>;

export const RandomDrawVerification = z
  .object({
    object: z.literal('randomDrawVerification'),
    drawId: z.string(),
    algorithm: z.literal('sha256-rank-v1'),
    description: z.string(),
    seed: z.string().nullable(),
    commitment: z.string(),
    poolHash: z.string(),
    snapshotIds: z.array(z.string()).describe('Every eligible member, in the snapshot\'s order (sorted by id).'),
    eligible: z.object({ drug: z.array(z.string()), alcohol: z.array(z.string()) }),
    selected: z.object({ drug: z.array(z.string()), alcohol: z.array(z.string()) }).describe('The ids the draw selected, per kind, in rank order.'),
  })
  .meta({ id: 'RandomDrawVerification' });
export type RandomDrawVerification = z.output<typeof RandomDrawVerification>;

export const RandomSelectionEmployee = z
  .object({ id: z.string(), object: z.literal('employee'), name: z.string(), externalId: z.string(), url: z.string() })
  .meta({ id: 'RandomSelectionEmployee' });
const SelectionRef = z.object({ id: z.string(), object: z.literal('randomSelection'), url: z.string() });

export const RandomSelection = z
  .object({
    id: z.string(),
    object: z.literal('randomSelection'),
    draw: z.object({ id: z.string(), object: z.literal('randomDraw'), period: z.string(), url: z.string() }),
    employee: RandomSelectionEmployee,
    company: CompanyRef,
    kind: Kind,
    rank: z.number().int(),
    status: z.enum(['selected', 'ordered', 'completed', 'excused', 'lost']),
    notifyOn: Day,
    order: z.object({ id: z.string(), object: z.literal('order'), status: z.string(), url: z.string() }).nullable(),
    excuse: z.object({ reason: z.string(), note: z.string().nullable() }).nullable(),
    replaces: SelectionRef.nullable(),
    replacedBy: SelectionRef.nullable(),
    createdAt: DateTime,
    updatedAt: DateTime,
    url: z.string(),
  })
  .meta({ id: 'RandomSelection' });
export type RandomSelection = z.output<typeof RandomSelection>;

/** One entry of `GET /api/v2/employees/{id}/random-history`: a draw the employee was eligible for, and their selections in it. */
export const RandomHistoryEntry = z
  .object({
    object: z.literal('randomHistoryEntry'),
    employee: RandomSelectionEmployee,
    draw: z.object({ id: z.string(), object: z.literal('randomDraw'), period: z.string(), drawnAt: DateTime, url: z.string() }),
    pool: z.object({ id: z.string(), object: z.literal('randomPool'), name: z.string(), url: z.string() }),
    eligible: z.object({ drug: z.boolean(), alcohol: z.boolean() }),
    poolSize: z.number().int(),
    selections: z.array(RandomSelection),
  })
  .meta({ id: 'RandomHistoryEntry' });
export type RandomHistoryEntry = z.output<typeof RandomHistoryEntry>;

export const randomPoolUrl = (id: string) => `${API}/random-pools/${id}`;
export const randomDrawUrl = (id: string) => `${API}/random-draws/${id}`;
export const randomSelectionUrl = (id: string) => `${API}/random-selections/${id}`;
export const employeeUrl = (id: string) => `${API}/employees/${id}`;

export const RandomDrawCreatedEvent = z
  .object({
    id: z.string(),
    object: z.literal('event'),
    type: z.literal('randomDraw.created'),
    createdAt: DateTime,
    data: z.object({ randomDraw: RandomDraw }),
  })
  .meta({ id: 'RandomDrawCreatedEvent' });
export type RandomDrawCreatedEvent = z.output<typeof RandomDrawCreatedEvent>;

export const RandomSelectionUpdatedEvent = z
  .object({
    id: z.string(),
    object: z.literal('event'),
    type: z.literal('randomSelection.updated'),
    createdAt: DateTime,
    data: z.object({ randomSelection: RandomSelection }),
  })
  .meta({ id: 'RandomSelectionUpdatedEvent' });
export type RandomSelectionUpdatedEvent = z.output<typeof RandomSelectionUpdatedEvent>;
