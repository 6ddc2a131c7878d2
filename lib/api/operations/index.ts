/**
 * The table of every `/api/v2` operation: method, path, scope, request schemas and response
 * shape, one file per area. Route files take their declaration from here and add the handler; the
 * OpenAPI document and the API test matrices are generated from it, so a route cannot escape them.
 */
import { accountOperations } from './account';
import { actionsOperations } from './actions';
import { clinicNetworkOperations } from './clinic-network';
import { coreOperations } from './core';
import { documentsOperations } from './documents';
import { employeesOperations } from './employees';
import { eventsOperations } from './events';
import { followUpOperations } from './follow-up';
import { messagesOperations } from './messages';
import { passOperations } from './pass';
import { randomOperations } from './random';
import { resultsOperations } from './results';
import { reportsOperations } from './reports';
import { sandboxOperations } from './sandbox';
import { settingsOperations } from './settings';
import { setupOperations } from './setup';
import { webhookEndpointsOperations } from './webhook-endpoints';

export type { OperationSpec } from './spec';

export const operations = {
  ...coreOperations,
  ...setupOperations,
  ...messagesOperations,
  ...passOperations,
  ...documentsOperations,
  ...settingsOperations,
  ...clinicNetworkOperations,
  ...accountOperations,
  ...eventsOperations,
  ...webhookEndpointsOperations,
  ...sandboxOperations,
  ...employeesOperations,
  ...randomOperations,
  ...followUpOperations,
  ...resultsOperations,
  ...actionsOperations,
  ...reportsOperations,
};

export type OperationId = keyof typeof operations;
