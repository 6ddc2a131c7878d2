/**
 * E-mail through SMTP with nodemailer (DESIGN.md 6.1): `SMTP_URL` (`smtp://user:pass@host:587`,
 * STARTTLS when the server offers it; `smtps://` for implicit TLS on 465) and `MAIL_FROM` (default
 * `orders@<PUBLIC_URL host>`). Plain text and HTML parts.
 *
 * Messages go over a pool of at most 10 SMTP connections, each reused for up to 100 messages: a new
 * connection costs several round trips and the server's greeting delay (smtp-server, like many
 * MTAs, waits 100 ms before its greeting to catch clients that talk too soon), which had capped
 * one lane at about 7 messages per second. The pool closes once it has been idle for a second, so
 * that an idle worker (or a test, or a one-shot process) holds no connection. A connection that
 * drops while a message is under way is given that message once more on a new connection (the
 * server may have dropped an idle connection as it was reused); otherwise the failure is the
 * attempt's, retried by the worker's schedule.
 *
 * The connections are opened here with TCP_NODELAY (`connectNoDelay`): nodemailer leaves Nagle's
 * algorithm on, and a message written in several small pieces then waits for the server's delayed
 * ACK (40 ms) between them, about 48 ms per message on a kept connection.
 */
import net from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool';
import { publicUrl } from '@/lib/config/public-url';
import { errorText, type MessageProvider, type OutgoingMessage, type SendOutcome } from './types';

export interface SmtpOptions {
  url: string;
  from?: string;
  /** Connection, greeting and socket timeouts (default 10 s, 10 s, 30 s). */
  timeoutMs?: number;
  /** The pool closes after this long without a message under way (default 1 s). */
  idleMs?: number;
  /** At most this many connections at once (default 10). */
  maxConnections?: number;
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

type SocketCallback = (error: Error | null, socketOptions?: { connection: net.Socket }) => void;

/** nodemailer's `getSocket`: a TCP connection with TCP_NODELAY to the server (TLS, if any, is nodemailer's own, on top of it). */
export function connectNoDelay(timeoutMs: number) {
  return (target: { host?: string; port?: number | string; secure?: boolean }, callback: SocketCallback) => {
    const port = Number(target.port) || (target.secure ? 465 : 587);
    const socket = net.connect({ host: target.host || 'localhost', port, noDelay: true });
    let done = false;
    const finish = (error: Error | null) => {
      if (done) return;
      done = true;
      socket.setTimeout(0);
      if (error) {
        socket.destroy();
        callback(error);
      } else callback(null, { connection: socket });
    };
    socket.setTimeout(timeoutMs, () => finish(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })));
    socket.once('connect', () => finish(null));
    socket.once('error', (error) => finish(error));
  };
}

export function smtpProvider(options: SmtpOptions): MessageProvider {
  const timeout = options.timeoutMs ?? 10_000;
  const idleMs = options.idleMs ?? 1_000;
  const from = options.from ?? defaultMailFrom();
  // `new SMTPPool({ url, ... })` merges the URL with the options; `createTransport({ url, ... })`
  // would read the URL alone and drop the timeouts.
  const open = () =>
    nodemailer.createTransport(
      new SMTPPool({
        url: options.url,
        pool: true,
        maxConnections: options.maxConnections ?? 10,
        maxMessages: 100,
        maxRequeues: 1,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout * 3,
        getSocket: connectNoDelay(timeout),
      } as SMTPPool.Options), // maxRequeues is nodemailer's, missing from its types
    );
  let transport: Transporter | null = null;
  let underWay = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  return {
    name: 'smtp',
    async send(message: OutgoingMessage): Promise<SendOutcome> {
      clearTimeout(idleTimer);
      const current = (transport ??= open());
      underWay++;
      try {
        const info = await current.sendMail({
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
      } finally {
        if (--underWay === 0) {
          clearTimeout(idleTimer);
          idleTimer = setTimeout(() => {
            if (underWay === 0 && transport === current) {
              transport = null;
              current.close();
            }
          }, idleMs);
          idleTimer.unref();
        }
      }
    },
  };
}
