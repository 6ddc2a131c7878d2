/**
 * What the message tests share: an order with a pass of the test's own, messages queued the way
 * the product queues them (`queueMessage`), a real SMTP server (smtp-server) and a Twilio stand-in
 * (node:http) on loopback, and a decoder of the e-mails the SMTP server receives.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { messages, orderPasses } from '@/lib/db/schema';
import { queueMessage, type MessageChannel, type MessageTemplate } from '@/lib/domain/outbox/message-queue';
import { newId } from '@/lib/ids';
import { DEMO } from '@/lib/seed';
import { sealSecret } from '@/lib/secrets';
import { db } from './harness';
import { createOrder, withParticipant } from './orders-fixtures';

export const ACME_TENANT = DEMO.tenants.acme.id;

/** An order (delivery `none`, so that creating it queues nothing) and a pass of its own. */
export async function orderWithPass(participant: Record<string, unknown> = {}, overrides: Record<string, unknown> = {}) {
  const order = await createOrder(withParticipant(participant, { deliveryMethods: [{ type: 'none' }], ...overrides }));
  const token = randomBytes(24).toString('base64url');
  const passId = newId();
  await db()
    .insert(orderPasses)
    .values({ id: passId, tenantId: ACME_TENANT, orderId: order.id, tokenHash: createHash('sha256').update(token).digest('hex'), tokenEncrypted: sealSecret(token) });
  return { order, passId, token };
}

export async function queue(orderId: string, passId: string, channel: MessageChannel, to: string, template: MessageTemplate = 'orderCreated') {
  return (await queueMessage(db(), { tenantId: ACME_TENANT, orderId, channel, to, template, data: { passId } })).id;
}

export async function messageRow(id: string) {
  const [row] = await db().select().from(messages).where(eq(messages.id, id));
  return row;
}

export async function messageRows(ids: string[]) {
  return db().select().from(messages).where(inArray(messages.id, ids));
}

// ---------------------------------------------------------------------------------------------
// A real SMTP server on loopback
// ---------------------------------------------------------------------------------------------

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  headers: Record<string, string>;
  text: string;
  html: string;
}

/** What the server answers at the end of DATA: accept, an SMTP error code, or never (hold). */
export type DataAnswer = 'accept' | 'hold' | { code: number; message: string };

export class SmtpPeer {
  /** Mails the server accepted (answered 250 to). */
  readonly accepted: ReceivedMail[] = [];
  /** Every DATA the server received, whatever it answered. */
  readonly received: ReceivedMail[] = [];
  /** Answers for the next DATA commands, in order; then accept. */
  readonly script: DataAnswer[] = [];
  private held: Array<(error?: Error) => void> = [];
  port = 0;
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream: SMTPServerDataStream, session: SMTPServerSession, callback: (error?: Error | null) => void) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), session);
        this.received.push(mail);
        const answer = this.script.shift() ?? 'accept';
        if (answer === 'accept') {
          this.accepted.push(mail);
          callback();
        } else if (answer === 'hold') this.held.push(callback);
        else callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
      });
    },
  });

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    for (const callback of this.held.splice(0)) callback(Object.assign(new Error('Shutting down'), { responseCode: 421 }));
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A minimal MIME reader: top-level headers, and the text/plain and text/html parts decoded. */
export function parseMail(raw: string, session: SMTPServerSession): ReceivedMail {
  const { headers, body } = splitHeaders(raw);
  const parts: Array<{ headers: Record<string, string>; body: string }> = [];
  const walk = (h: Record<string, string>, b: string) => {
    const boundary = /boundary="?([^";]+)"?/i.exec(h['content-type'] ?? '')?.[1];
    if (boundary && /^multipart\//i.test(h['content-type'] ?? '')) {
      for (const chunk of b.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break;
        const part = splitHeaders(chunk.replace(/^\r?\n/, ''));
        walk(part.headers, part.body);
      }
    } else parts.push({ headers: h, body: decode(b, h['content-transfer-encoding'] ?? '7bit') });
  };
  walk(headers, body);
  const of = (type: string) => parts.find((p) => (p.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(type))?.body ?? '';
  return {
    from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
    to: session.envelope.rcptTo.map((r) => r.address),
    raw,
    headers,
    text: of('text/plain'),
    html: of('text/html'),
  };
}

function splitHeaders(text: string) {
  const at = text.search(/\r?\n\r?\n/);
  const head = at < 0 ? text : text.slice(0, at);
  const body = at < 0 ? '' : text.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : qp(text.replace(/_/g, ' ')),
    );
}

function qp(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decode(body: string, encoding: string): string {
  const e = encoding.toLowerCase();
  if (e === 'quoted-printable') return qp(body);
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

// ---------------------------------------------------------------------------------------------
// A Twilio stand-in on loopback (TWILIO_API_BASE)
// ---------------------------------------------------------------------------------------------

export interface TwilioRequest {
  method: string;
  path: string;
  authorization: string;
  contentType: string;
  form: Record<string, string>;
}

export class TwilioPeer {
  readonly requests: TwilioRequest[] = [];
  /** Answers for the next requests, in order; then 201 with a message sid. */
  readonly script: Array<{ status: number; body: unknown }> = [];
  port = 0;
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization ?? '',
        contentType: req.headers['content-type'] ?? '',
        form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      });
      const answer = this.script.shift() ?? { status: 201, body: { sid: `SM${randomBytes(16).toString('hex')}`, status: 'queued' } };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
