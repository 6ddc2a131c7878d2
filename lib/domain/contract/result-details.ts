/**
 * Result details of an order service and the Clearinghouse items of an order (DESIGN.md 7.5): the
 * vocabularies and the representation schemas. The rules of which terminal status takes which
 * member are data in lib/domain/order-model/result-details.ts; the MIS report counts these values.
 */
import { z } from 'zod';

/** The drugs an MRO verifies a positive for (the DOT panel; fentanyl added to the HHS panel in 2025). */
export const POSITIVE_DRUGS = ['marijuana', 'cocaine', 'pcp', 'opioids', 'amphetamines', 'fentanyl'] as const;
export type PositiveDrug = (typeof POSITIVE_DRUGS)[number];

export const REFUSAL_KINDS = ['adulterated', 'substituted', 'shyBladder', 'shyLung', 'other'] as const;
export type RefusalKind = (typeof REFUSAL_KINDS)[number];

export const CANCELLED_BY = ['mro', 'employer'] as const;

export const ServiceResult = z
  .object({
    positiveFor: z.array(z.enum(POSITIVE_DRUGS)).describe('The drugs the MRO verified the specimen positive for; empty unless a verified positive.'),
    alcohol: z
      .object({
        screening: z.number().describe('The screening test\'s breath alcohol concentration (g/210 L).'),
        confirmation: z.number().nullable().describe('The confirmation test\'s reading; null when none was needed (screening below 0.02, 49 CFR 40.247).'),
      })
      .nullable()
      .describe('Alcohol tests only.'),
    refusal: z.object({ kind: z.enum(REFUSAL_KINDS) }).nullable().describe('A refusal to test and its kind (49 CFR 40.191); else null.'),
    cancellation: z
      .object({ by: z.enum(CANCELLED_BY), reason: z.string().nullable().describe('Why; null when the employer cancelled without saying.') })
      .nullable()
      .describe('A cancelled test: by the MRO (with its reason) or by the employer (the order\'s cancellation); else null.'),
    dilute: z.boolean().describe('The laboratory reported the specimen dilute.'),
    recollection: z.enum(['observed']).nullable().describe('The MRO directs an immediate recollection under direct observation (49 CFR 40.67); else null.'),
  })
  .meta({ id: 'OrderServiceResult' });
export type ServiceResult = z.output<typeof ServiceResult>;

/** What an order with a reportable violation must report to the FMCSA Clearinghouse (49 CFR 382.705). */
export const CLEARINGHOUSE_ITEM_KINDS = ['verifiedPositive', 'adulterated', 'substituted', 'refusal', 'alcohol04', 'returnToDutyNegative', 'followUpCompleted'] as const;
export type ClearinghouseItemKind = (typeof CLEARINGHOUSE_ITEM_KINDS)[number];

const DateTime = z.iso.datetime().describe('ISO 8601 date-time with milliseconds, UTC (`Z`).');

export const ClearinghouseItem = z.object({
  kind: z.enum(CLEARINGHOUSE_ITEM_KINDS),
  reporter: z.enum(['mro', 'employer']).describe('Who reports it: the MRO (verified drug results, adulterated and substituted specimens, refusals the MRO determines) or the employer.'),
  dueAt: DateTime.nullable().describe("The employer's items: the close of the 3rd business day after the employer learned of it, US federal holidays excepted (382.705(b)(3)); null for the MRO's."),
  reportedAt: DateTime.nullable(),
  reportedBy: z.object({ type: z.enum(['user', 'token', 'system']), id: z.string().nullable(), name: z.string().nullable() }).nullable(),
});
export type ClearinghouseItem = z.output<typeof ClearinghouseItem>;

export const OrderClearinghouse = z
  .object({ items: z.array(ClearinghouseItem) })
  .meta({ id: 'OrderClearinghouse' });
export type OrderClearinghouse = z.output<typeof OrderClearinghouse>;
