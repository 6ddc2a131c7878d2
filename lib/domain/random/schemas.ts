/**
 * Request members of random testing (DESIGN.md 7.2): pools, draws, selections, excuses. The API,
 * the dashboard's forms and the OpenAPI document use these same schemas. Pure (zod only).
 */
import { z } from 'zod';
import { EQUAL_CHANCE } from '@/lib/domain/contract/random';
import { Reference } from '@/lib/domain/contract/inputs';
import { PageQuery } from '@/lib/domain/pagination';
import { FREQUENCIES } from './periods';

export const POOL_KINDS = ['dot', 'nonDot'] as const;

/** The reasons DOT allows for excusing a selection (PROGRAM-FACTS "Alternates"): unavailable the whole period. */
export const EXCUSE_REASONS = ['longTermAbsence', 'layoff', 'medicalLeave', 'terminated', 'notOnDutyForAlcohol'] as const;
export type ExcuseReason = (typeof EXCUSE_REASONS)[number];

const Year = z.coerce.number().int().min(2000).max(2100);
const Rate = z.number().min(0).max(1).describe('A fraction: 0.5 is 50%.');
const PackagesInput = z.strictObject({ drug: Reference.nullish(), alcohol: Reference.nullish() });

const poolMembers = {
  name: z.string().trim().min(1).max(200),
  kind: z.enum(POOL_KINDS),
  agencies: z.array(Reference).max(6).optional().describe('DOT: one or more agencies; non-DOT: none.'),
  companies: z.array(Reference).min(1).max(500).describe('One company: an employer pool; several: a consortium pool.'),
  drugRate: Rate.describe('At least the year\'s minimum of the highest-rate agency for a DOT pool (400 `tooSmall`).'),
  alcoholRate: Rate.nullable().optional().describe('null: no alcohol randoms (PHMSA and USCG have none).'),
  frequency: z.enum(FREQUENCIES),
  packages: PackagesInput.optional().describe('What a selection orders, per kind.'),
  isActive: z.boolean().optional(),
};

export const CreateRandomPoolBody = z.strictObject(poolMembers).meta({ id: 'CreateRandomPoolRequest', description: EQUAL_CHANCE });
export type CreateRandomPoolBody = z.output<typeof CreateRandomPoolBody>;

export const UpdateRandomPoolBody = z
  .strictObject({
    name: poolMembers.name.optional(),
    agencies: poolMembers.agencies,
    companies: poolMembers.companies.optional(),
    drugRate: Rate.optional(),
    alcoholRate: poolMembers.alcoholRate,
    frequency: poolMembers.frequency.optional(),
    packages: poolMembers.packages,
    isActive: z.boolean().optional(),
  })
  .meta({ id: 'UpdateRandomPoolRequest', description: EQUAL_CHANCE });
export type UpdateRandomPoolBody = z.output<typeof UpdateRandomPoolBody>;

export const ListRandomPoolsQuery = PageQuery;
export type ListRandomPoolsQuery = z.output<typeof ListRandomPoolsQuery>;

export const PoolProgressQuery = z.object({ year: Year.optional().describe('Default: the current year of the tenant\'s clock.') });
export type PoolProgressQuery = z.output<typeof PoolProgressQuery>;

export const CreateDrawBody = z
  .strictObject({
    period: z.string().max(20).optional().describe('`2026-Q3` (quarterly) or `2026-07` (monthly); default the current period of the tenant\'s clock.'),
    rosterConfirmed: z.boolean().describe('true: the roster is up to date (400 `required` otherwise).'),
  })
  .meta({ id: 'CreateRandomDrawRequest' });
export type CreateDrawBody = z.output<typeof CreateDrawBody>;

export const ListDrawsQuery = PageQuery;
export type ListDrawsQuery = z.output<typeof ListDrawsQuery>;

export const ListSelectionsQuery = PageQuery.extend({ limit: z.coerce.number().int().min(1).max(20).default(20) });
export type ListSelectionsQuery = z.output<typeof ListSelectionsQuery>;

export const OrderSelectionBody = z
  .strictObject({
    deliveryMethods: z.array(z.discriminatedUnion('type', [z.strictObject({ type: z.literal('email') }), z.strictObject({ type: z.literal('sms') }), z.strictObject({ type: z.literal('none') })])).length(1),
    requester: z.strictObject({ email: z.email().max(254), name: z.string().trim().min(1).max(200).optional() }),
    location: Reference.optional().describe('Default: the employee\'s location.'),
    settings: z.strictObject({ expiresAt: z.iso.datetime({ offset: true }).optional(), observedCollection: z.boolean().optional(), notes: z.string().trim().max(1000).optional() }).optional(),
  })
  .meta({ id: 'OrderRandomSelectionRequest' });
export type OrderSelectionBody = z.output<typeof OrderSelectionBody>;

export const ExcuseSelectionBody = z
  .strictObject({
    reason: z.string().min(1).max(50).describe(`One of ${EXCUSE_REASONS.join(', ')} (notOnDutyForAlcohol: alcohol only). DOT allows no other reason (400 \`invalidValue\`).`),
    note: z.string().trim().max(1000).nullish(),
  })
  .meta({ id: 'ExcuseRandomSelectionRequest' });
export type ExcuseSelectionBody = z.output<typeof ExcuseSelectionBody>;

export const RandomHistoryQuery = PageQuery;
export type RandomHistoryQuery = z.output<typeof RandomHistoryQuery>;
