/** Random testing (DESIGN.md 7.2): rates, pools, draws, verification, selections and excuses. */
import type { OperationSpec } from './spec';

export const randomOperations = {} satisfies Record<string, OperationSpec>;
