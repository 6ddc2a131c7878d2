/** Request schemas of what results cause (DESIGN.md 7.5): the Clearinghouse report, queries and bulk file, the observed recollection. */
import { z } from 'zod';
import { CLEARINGHOUSE_ITEM_KINDS } from '@/lib/domain/contract/result-details';

export { CLEARINGHOUSE_ITEM_KINDS };

/** `PUT /api/v2/orders/{id}/clearinghouse-reports/{kind}`: when the employer reported it (default: now on the tenant's clock). */
export const ClearinghouseReportBody = z
  .strictObject({ reportedAt: z.iso.datetime({ offset: true }).optional().describe('When it was reported on the FMCSA site; default now. Not in the future.') })
  .meta({ id: 'ClearinghouseReportRequest' });
export type ClearinghouseReportBody = z.output<typeof ClearinghouseReportBody>;

export const CLEARINGHOUSE_QUERY_TYPES = ['limited', 'full'] as const;
export const CLEARINGHOUSE_QUERY_RESULTS = ['noInformation', 'informationFound', 'prohibited'] as const;

/** `POST /api/v2/employees/{id}/clearinghouse-queries`: a query made on the FMCSA site. */
export const ClearinghouseQueryBody = z
  .strictObject({
    type: z.enum(CLEARINGHOUSE_QUERY_TYPES),
    queriedOn: z.iso.date().describe('The day of the query (not after today on the tenant\'s clock).'),
    result: z.enum(CLEARINGHOUSE_QUERY_RESULTS),
    limitedConsentUntil: z.iso
      .date()
      .optional()
      .describe("The last day the driver's written consent to limited queries covers (382.701(b)(2): it may cover several years); recorded on the employee."),
  })
  .meta({ id: 'ClearinghouseQueryRequest' });
export type ClearinghouseQueryBody = z.output<typeof ClearinghouseQueryBody>;

/** `GET /api/v2/reports/clearinghouse-queries?due=30`: drivers whose annual limited query falls due within `due` days. */
export const ClearinghouseQueriesReportQuery = z.strictObject({
  due: z.coerce.number().int().min(0).max(366).default(30).describe('Days ahead on the tenant\'s clock (default 30).'),
  companyId: z.string().min(1).max(255).optional(),
});
export type ClearinghouseQueriesReportQuery = z.output<typeof ClearinghouseQueriesReportQuery>;

/** `POST /api/v2/orders/{id}/recollection`: the observed recollection; how the participant receives the pass, else as the first order. */
export const RecollectionBody = z
  .strictObject({
    deliveryMethods: z.array(z.strictObject({ type: z.enum(['email', 'sms', 'none']) })).length(1).optional(),
  })
  .meta({ id: 'RecollectionRequest' });
export type RecollectionBody = z.output<typeof RecollectionBody>;
