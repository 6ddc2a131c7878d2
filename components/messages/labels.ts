/** Words for the messages outbox (DESIGN.md 6.1), shared by the order page's panel and the mailbox. */
import type { Tone } from '@/components/ui/badge';

export const TEMPLATE_LABELS: Record<string, string> = {
  orderCreated: 'Pass link (order created)',
  reminder: 'Reminder',
  passReissued: 'New pass (reissued)',
  expirationExtended: 'Deadline extended',
  userInvitation: 'User invitation',
  passwordReset: 'Password reset',
};

export const templateLabel = (template: string) => TEMPLATE_LABELS[template] ?? template;

export const MESSAGE_STATUS_TONE: Record<string, Tone> = { queued: 'info', sent: 'success', failed: 'danger' };

export const channelLabel = (channel: string) => (channel === 'sms' ? 'SMS' : 'E-mail');

/** What a `lastError` means for the person reading the order page. */
export function explainError(lastError: string): string {
  if (lastError === 'providerNotConfigured')
    return 'Not sent: this server has no e-mail (SMTP) or text-message (Twilio) provider configured. An administrator sets SMTP_URL or the TWILIO_* variables; meanwhile, print the pass and hand it over.';
  if (lastError.startsWith('passMissing')) return 'Not sent: the order has no valid pass link any more.';
  if (lastError.startsWith('smtp 5') || lastError.startsWith('twilio 4')) return `The provider refused the message for good: ${lastError}`;
  return lastError;
}
