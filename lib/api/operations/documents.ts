/** Result documents and acknowledgement (DESIGN.md 6.2). */
import type { OperationSpec } from './spec';

export const documentsOperations = {
} satisfies Record<string, OperationSpec>;
