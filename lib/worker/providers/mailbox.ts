/**
 * The staging mailbox (DESIGN.md 6.1): without a provider, staging "sends" a message by keeping it
 * in the outbox as `sent` with provider `mailbox`; the dashboard's /mailbox page renders it again
 * for admins. Nothing leaves the process.
 */
import type { MessageProvider } from './types';

export const mailboxProvider: MessageProvider = {
  name: 'mailbox',
  async send(message) {
    return { ok: true, providerMessageId: `mailbox-${message.id}` };
  },
};
