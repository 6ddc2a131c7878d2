/** What results cause (DESIGN.md 7.5): the Clearinghouse's reports and queries, the bulk query file, the observed recollection. */
import {
  ClearinghouseQueriesReportQuery, ClearinghouseQueryBody, ClearinghouseReportBody, CLEARINGHOUSE_ITEM_KINDS, RecollectionBody,
} from '@/lib/domain/results/schemas';
import { BULK_QUERY_COLUMNS } from '@/lib/domain/results/clearinghouse-query-file';
import * as R from '../representations';
import { ok, type OperationSpec } from './spec';

export const resultsOperations = {
  reportToClearinghouse: {
    method: 'PUT', path: '/api/v2/orders/{id}/clearinghouse-reports/{kind}', scope: 'order.update', tag: 'orders',
    summary: "Record the employer's Clearinghouse report",
    description:
      `Records that the employer reported the order's Clearinghouse item \`kind\` (one of ${CLEARINGHOUSE_ITEM_KINDS.map((k) => `\`${k}\``).join(', ')}) ` +
      'on the FMCSA site, at `reportedAt` (default now on the tenant\'s clock; a future time is 400 `invalidValue`). ' +
      'Once the last employer item is reported, the order\'s `clearinghouseReportDue` action is resolved. Recording it again answers the order unchanged. ' +
      'An item the order does not have is 404; an item the MRO reports (verified positives, adulterated and substituted specimens, refusals the MRO determines) is 422 `invalidState`.',
    body: ClearinghouseReportBody, bodyOptional: true, responses: ok(R.Order), errors: [400, 404, 422],
  },
  orderRecollection: {
    method: 'POST', path: '/api/v2/orders/{id}/recollection', scope: 'order.create', tag: 'orders',
    summary: 'Order the observed recollection the MRO directs',
    description:
      'For an order with a service whose `result.recollection` is `observed` (49 CFR 40.67): a new order for the same participant (and employee), location, package, ' +
      'test reason and coverage, with `settings.observedCollection: true`, never matched to an open order; both audit trails name each other and the ' +
      "order's `recollectionDirected` action is resolved. 422 `invalidState` when no result directs one. Ordering it again answers the recollection ordered first " +
      '(200 with `matched`, as create-order answers an equivalent order).',
    body: RecollectionBody, bodyOptional: true, created: 'order',
    responses: {
      201: { description: 'Created: the recollection order.', schema: R.Order, headers: { Location: 'Path of the new order.' } },
      200: { description: 'The recollection ordered before, with `matched`.', schema: R.Order },
    },
    errors: [400, 404, 422],
  },
  recordClearinghouseQuery: {
    method: 'POST', path: '/api/v2/employees/{id}/clearinghouse-queries', scope: 'employee.write', tag: 'employees',
    summary: 'Record a Clearinghouse query',
    description:
      "Records a query made on the FMCSA Clearinghouse site for a driver (an FMCSA employee with a CDL; 422 `invalidState` otherwise) and updates the employee's `clearinghouse`: " +
      '`lastLimitedQueryOn` or `lastFullQueryOn`, `limitedConsentUntil` when given, and `status` from the newest query: `prohibited` when it says so, `clear` when it found nothing ' +
      'or a full query found information that does not prohibit, `unknown` after a limited query that found information (a full query is due within 24 hours, 382.701(b)(4)). ' +
      '`queriedOn` after today on the tenant\'s clock is 400 `invalidValue`.',
    body: ClearinghouseQueryBody, responses: ok(R.Employee), errors: [400, 404, 422],
  },
  clearinghouseQueryFile: {
    method: 'GET', path: '/api/v2/reports/clearinghouse-queries', scope: 'report.read', tag: 'employees',
    summary: 'Download the Clearinghouse bulk query file',
    description:
      'The tab-delimited file of limited queries to upload on the FMCSA Clearinghouse site: every active FMCSA driver with a CDL whose annual query (382.701(b)) falls due within `due` days ' +
      `(default 30) or is overdue or was never recorded. Columns: ${BULK_QUERY_COLUMNS.join(', ')}; a header row, CRLF line ends. It carries CDL numbers in full, so it also needs ` +
      '`order.participant.read` (403 `insufficientScope` otherwise).',
    query: ClearinghouseQueriesReportQuery,
    responses: { 200: { description: 'The bulk query file.', files: ['text/tab-separated-values'], headers: { 'Content-Disposition': 'attachment; filename="clearinghouse-queries.txt"' } } },
    errors: [400],
  },
} satisfies Record<string, OperationSpec>;
