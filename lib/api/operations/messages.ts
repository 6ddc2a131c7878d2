/** Messages to participants (DESIGN.md 6.1): the outbox as the API shows it. */
import type { OperationSpec } from './spec';

export const messagesOperations = {
} satisfies Record<string, OperationSpec>;
