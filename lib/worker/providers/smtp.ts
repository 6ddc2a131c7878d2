/**
 * E-mail through SMTP with nodemailer (DESIGN.md 6.1): `SMTP_URL` (`smtp://user:pass@host:587`,
 * STARTTLS when the server offers it; `smtps://` for implicit TLS on 465) and `MAIL_FROM` (default
 * `orders@<PUBLIC_URL host>`). One transport per URL, reused; plain text and HTML parts.
 */
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { publicUrl } from '@/lib/config/public-url';
import { errorText, type MessageProvider, type OutgoingMessage, type SendOutcome } from './types';

export interface SmtpOptions {
  url: string;
  from?: string;
  /** Connection, greeting and socket timeouts (default 10 s, 10 s, 30 s). */
  timeoutMs?: number;
}

/** `orders@<host of PUBLIC_URL>`. */
export function defaultMailFrom(): string {
  return `orders@${new URL(publicUrl()).hostname}`;
}

/**
 * Permanent when the server answered 5xx (mailbox unknown, message refused, authentication
 * refused); transient otherwise (4xx, timeouts, refused or dropped connections, TLS trouble).
 */
export function smtpOutcome(error: unknown): SendOutcome {
  const e = error as { responseCode?: number; code?: string; response?: string; message?: string };
  const code = typeof e?.responseCode === 'number' ? e.responseCode : null;
  const detail = e?.response ?? e?.message ?? String(error);
  return {
    ok: false,
    permanent: code !== null && code >= 500 && code < 600,
    error: errorText(`smtp ${code ?? e?.code ?? 'error'}: ${detail}`),
  };
}

export function smtpProvider(options: SmtpOptions): MessageProvider {
  const timeout = options.timeoutMs ?? 10_000;
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 3,
  } as SMTPTransport.Options);
  const from = options.from ?? defaultMailFrom();
  return {
    name: 'smtp',
    async send(message: OutgoingMessage): Promise<SendOutcome> {
      try {
        const info = await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: { 'X-Message-Id': message.id },
        });
        return { ok: true, providerMessageId: info.messageId ?? null };
      } catch (error) {
        return smtpOutcome(error);
      }
    },
  };
}
