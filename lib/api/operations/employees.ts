/** The roster (DESIGN.md 7.1): employees, the roster import, an employee's history. */
import type { OperationSpec } from './spec';

export const employeesOperations = {} satisfies Record<string, OperationSpec>;
