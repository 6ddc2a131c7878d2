/**
 * What a message provider does (DESIGN.md 6.1 "Providers"): send one rendered message to one
 * address and say whether a failure is worth retrying. SMTP 5xx and Twilio 4xx answers are
 * permanent; timeouts, refused connections, SMTP 4xx, Twilio 429 and 5xx are transient.
 */
export type ProviderName = 'smtp' | 'twilio' | 'mailbox';

export interface OutgoingMessage {
  /** The outbox row's id: the mailbox's capture id, and a header for tracing. */
  id: string;
  channel: 'email' | 'sms';
  /** The address in clear (opened from the outbox row just before sending). */
  to: string;
  subject: string;
  text: string;
  html: string;
  sms: string;
}

export type SendOutcome =
  | { ok: true; providerMessageId: string | null }
  | { ok: false; permanent: boolean; error: string };

export interface MessageProvider {
  readonly name: ProviderName;
  send(message: OutgoingMessage): Promise<SendOutcome>;
}

/** Error texts are stored in `messages.last_error`: one line, at most 500 characters. */
export const errorText = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 500);
