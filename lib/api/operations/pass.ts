/** The participant's pass and the order's expiry (DESIGN.md 6.1). */
import type { OperationSpec } from './spec';

export const passOperations = {
} satisfies Record<string, OperationSpec>;
