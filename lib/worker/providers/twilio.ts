/**
 * Text messages through Twilio's Messages REST API (DESIGN.md 6.1), with fetch:
 * `POST {TWILIO_API_BASE}/2010-04-01/Accounts/{SID}/Messages.json`, basic auth `SID:TOKEN`, form
 * fields `To`, `Body` and `From` (or `MessagingServiceSid` when `TWILIO_FROM` is a messaging
 * service, `MG...`). A 2xx answer carries the message `sid`. 4xx answers are permanent (bad number,
 * unsubscribed recipient, bad credentials) except 429; 5xx, timeouts and network errors are transient.
 */
import { errorText, type MessageProvider, type OutgoingMessage, type SendOutcome } from './types';

export const DEFAULT_TWILIO_API_BASE = 'https://api.twilio.com';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A phone number (E.164) or a messaging service SID (`MG...`). */
  from: string;
  apiBase?: string;
  timeoutMs?: number;
}

export function twilioRequest(options: TwilioOptions, message: Pick<OutgoingMessage, 'to' | 'sms'>) {
  const base = (options.apiBase ?? DEFAULT_TWILIO_API_BASE).replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const form = new URLSearchParams({ To: message.to });
  if (options.from.startsWith('MG')) form.set('MessagingServiceSid', options.from);
  else form.set('From', options.from);
  form.set('Body', message.sms);
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return { url, body: form.toString(), headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' } };
}

export function twilioProvider(options: TwilioOptions): MessageProvider {
  return {
    name: 'twilio',
    async send(message: OutgoingMessage): Promise<SendOutcome> {
      const request = twilioRequest(options, message);
      let response: Response;
      try {
        response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body, signal: AbortSignal.timeout(options.timeoutMs ?? 15_000), redirect: 'error' });
      } catch (error) {
        return { ok: false, permanent: false, error: errorText(`twilio: ${(error as Error)?.message ?? String(error)}`) };
      }
      const text = await response.text().catch(() => '');
      let json: { sid?: unknown; message?: unknown; code?: unknown } = {};
      try {
        json = JSON.parse(text);
      } catch {
        // not JSON: the status says enough
      }
      if (response.ok) return { ok: true, providerMessageId: typeof json.sid === 'string' ? json.sid : null };
      const detail = [typeof json.code === 'number' || typeof json.code === 'string' ? `code ${json.code}` : null, typeof json.message === 'string' ? json.message : null]
        .filter(Boolean)
        .join(': ');
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
      return { ok: false, permanent, error: errorText(`twilio ${response.status}${detail ? `: ${detail}` : ''}`) };
    },
  };
}
