/** What results cause (DESIGN.md 7.5): the Clearinghouse's reports and queries, the observed recollection, their actions. */
export { RESULT_ACTIONS } from './action-types';
export { BULK_QUERY_COLUMNS, annualQueryDueOn, clearinghouseQueryFile } from './clearinghouse-query-file';
export { afterServiceEvent } from './consequences';
export { orderRecollection, recollectionOf, RECOLLECTION_ORDERED } from './order-recollection';
export { createOrderCheckingDriver, raiseIfProhibitedDriver } from './prohibited-driver';
export { recordClearinghouseQuery, statusAfterQuery } from './record-clearinghouse-query';
export { reportToClearinghouse } from './report-clearinghouse';
export * from './schemas';
