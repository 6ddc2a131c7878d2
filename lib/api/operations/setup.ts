/** Setting up a customer (DESIGN.md 6.4): company, location and package writes. */
import type { OperationSpec } from './spec';

export const setupOperations = {
} satisfies Record<string, OperationSpec>;
