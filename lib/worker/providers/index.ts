/**
 * Which provider sends each channel, from the environment (DESIGN.md 6.1):
 * - e-mail: SMTP when `SMTP_URL` is set (`MAIL_FROM` or `orders@<PUBLIC_URL host>`);
 * - SMS: Twilio when `TWILIO_ACCOUNT_SID`, `TWILIO_AUTH_TOKEN` and `TWILIO_FROM` are set
 *   (`TWILIO_API_BASE` points it elsewhere, e.g. a test server);
 * - otherwise staging captures into the mailbox, and production has none: the worker marks the
 *   message `failed` with `providerNotConfigured`.
 */
import { env as settings, type Config } from '@/lib/config/env';
import { mailboxProvider } from './mailbox';
import { smtpProvider } from './smtp';
import { twilioProvider } from './twilio';
import type { MessageProvider } from './types';

export type { MessageProvider, OutgoingMessage, SendOutcome, ProviderName } from './types';

export interface Providers {
  email: MessageProvider | null;
  sms: MessageProvider | null;
}

const VARIABLES = ['APP_ENV', 'SMTP_URL', 'MAIL_FROM', 'PUBLIC_URL', 'PORT', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'TWILIO_API_BASE'] as const;
/** The settings the providers depend on: the process's (lib/config/env.ts), or a test's own. */
type Env = { readonly [K in (typeof VARIABLES)[number]]?: Config[K] | string };

const set = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** One set of providers per distinct configuration, so SMTP transports are reused. */
const cache = new Map<string, Providers>();

export function providersFromEnv(env: Env = settings): Providers {
  const key = JSON.stringify(VARIABLES.map((k) => env[k] ?? ''));
  let providers = cache.get(key);
  if (!providers) {
    const fallback = (env.APP_ENV ?? 'staging') === 'production' ? null : mailboxProvider;
    const smtpUrl = set(env.SMTP_URL);
    const [sid, token, from] = [set(env.TWILIO_ACCOUNT_SID), set(env.TWILIO_AUTH_TOKEN), set(env.TWILIO_FROM)];
    providers = {
      email: smtpUrl ? smtpProvider({ url: smtpUrl, from: set(env.MAIL_FROM) }) : fallback,
      sms: sid && token && from ? twilioProvider({ accountSid: sid, authToken: token, from, apiBase: set(env.TWILIO_API_BASE) }) : fallback,
    };
    cache.set(key, providers);
  }
  return providers;
}
