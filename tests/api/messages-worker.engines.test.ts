/**
 * The message worker and its providers (DESIGN.md 6.1, issue 15 points 2 and 3): messages queued
 * with `queueMessage` on real orders, sent to a real SMTP server (smtp-server) and a Twilio
 * stand-in on loopback, the worker's functions run directly (no timers). On PostgreSQL the database
 * is shared with the other test files, so every worker call is limited to this file's messages.
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { providersFromEnv, type Providers } from '@/lib/worker/providers';
import { smtpProvider } from '@/lib/worker/providers/smtp';
import { twilioProvider } from '@/lib/worker/providers/twilio';
import { claimDueMessages, PROVIDER_NOT_CONFIGURED, runDueMessages, type MessageRunOptions } from '@/lib/worker/message-send';
import { db, withTestDatabase } from './harness';
import { ACME_TENANT, messageRow, orderWithPass, queue, SmtpPeer, TwilioPeer } from './messages-fixtures';
import { CONDITIONS, needs } from '../conditions';

withTestDatabase();

const PUBLIC = 'https://orders.example.test';
const saved = { PUBLIC_URL: process.env.PUBLIC_URL };
beforeAll(() => {
  process.env.PUBLIC_URL = PUBLIC;
});
afterAll(() => {
  if (saved.PUBLIC_URL === undefined) delete process.env.PUBLIC_URL;
  else process.env.PUBLIC_URL = saved.PUBLIC_URL;
});

let smtp: SmtpPeer;
let twilio: TwilioPeer;
beforeAll(async () => {
  smtp = await new SmtpPeer().start();
  twilio = await new TwilioPeer().start();
});
afterAll(async () => {
  await smtp.stop();
  await twilio.stop();
});
afterEach(() => {
  smtp.script.length = 0;
  twilio.script.length = 0;
});

const TWILIO = { accountSid: 'AC0123456789abcdef0123456789abcdef', authToken: 'test-auth-token', from: '+15005550006' };
const providers = (over: Partial<Providers> = {}): Providers => ({
  email: smtpProvider({ url: smtp.url, from: 'Acme Orders <orders@acme.test>' }),
  sms: twilioProvider({ ...TWILIO, apiBase: twilio.url }),
  ...over,
});
const run = (ids: string[], options: Partial<MessageRunOptions> = {}) => runDueMessages({ db: db(), messageIds: ids, providers: providers(), retrySchedule: [60, 60], ...options });
const after = (d: Date | null) => () => new Date(d!.getTime() + 1);

describe('SMTP: an e-mail reaches a real SMTP server', () => {
  it('to the participant, with the subject, the pass link in the text and HTML parts, and no identifier', async () => {
    const { order, passId, token } = await orderWithPass({ firstName: 'Jordan', email: 'jordan.rivera@example.com', identifiers: [{ type: 'ssn', value: '987-65-4321', issuingCountry: 'US' }] });
    const id = await queue(order.id, passId, 'email', 'jordan.rivera@example.com');
    const before = smtp.accepted.length;

    expect(await run([id])).toEqual({ claimed: 1, sent: 1, retrying: 0, failed: 0, superseded: 0 });

    expect(smtp.accepted).toHaveLength(before + 1);
    const mail = smtp.accepted[smtp.accepted.length - 1];
    expect(mail.to).toEqual(['jordan.rivera@example.com']);
    expect(mail.from).toBe('orders@acme.test');
    expect(mail.headers.subject).toBe(`${order.company!.name}: please complete your test (order ${order.code})`);
    const link = `${PUBLIC}/pass/${token}`;
    expect(mail.text).toContain(`Your pass: ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Jordan');
      expect(part).toContain(order.code);
      for (const s of order.services) expect(part).toContain(s.name);
    }
    // Never identifiers (nor the rest of the person), in any part or header.
    for (const secret of ['987-65-4321', '987654321', order.participant.lastName, '1990-01-15']) expect(mail.raw).not.toContain(secret);

    const row = await messageRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, provider: 'smtp', nextAttemptAt: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(mail.headers['message-id']).toBe(row.providerMessageId);
  });

  it('MAIL_FROM defaults to orders@ the host of PUBLIC_URL', async () => {
    const { order, passId } = await orderWithPass();
    const id = await queue(order.id, passId, 'email', 'pat@example.com');
    await run([id], { providers: providers({ email: smtpProvider({ url: smtp.url }) }) });
    expect(smtp.accepted[smtp.accepted.length - 1].from).toBe('orders@orders.example.test');
  });
});

describe('Twilio: a text message reaches the Messages API', () => {
  it('POST /2010-04-01/Accounts/{SID}/Messages.json with basic auth and To, From, Body within 320 characters', async () => {
    const { order, passId, token } = await orderWithPass({ firstName: 'Jordan' });
    const id = await queue(order.id, passId, 'sms', '+15125550199', 'reminder');
    const before = twilio.requests.length;

    expect(await run([id])).toMatchObject({ claimed: 1, sent: 1 });

    expect(twilio.requests).toHaveLength(before + 1);
    const req = twilio.requests[twilio.requests.length - 1];
    expect(req.method).toBe('POST');
    expect(req.path).toBe(`/2010-04-01/Accounts/${TWILIO.accountSid}/Messages.json`);
    expect(req.authorization).toBe(`Basic ${Buffer.from(`${TWILIO.accountSid}:${TWILIO.authToken}`).toString('base64')}`);
    expect(req.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.keys(req.form).sort()).toEqual(['Body', 'From', 'To']);
    expect(req.form.To).toBe('+15125550199');
    expect(req.form.From).toBe(TWILIO.from);
    expect(req.form.Body.length).toBeLessThanOrEqual(320);
    expect(req.form.Body).toContain(`${PUBLIC}/pass/${token}`);
    expect(req.form.Body).toContain(order.code);
    expect(req.form.Body).toMatch(/^Hi Jordan, Reminder: your test for /);

    const row = await messageRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, provider: 'twilio', lastError: null });
    expect(row.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it('a messaging service (TWILIO_FROM starting with MG) is sent as MessagingServiceSid, from the environment', async () => {
    const { order, passId } = await orderWithPass();
    const id = await queue(order.id, passId, 'sms', '+15125550100');
    const env = { APP_ENV: 'production', TWILIO_ACCOUNT_SID: TWILIO.accountSid, TWILIO_AUTH_TOKEN: TWILIO.authToken, TWILIO_FROM: 'MG0123456789abcdef0123456789abcdef', TWILIO_API_BASE: twilio.url };
    await run([id], { providers: providersFromEnv(env) });
    const req = twilio.requests[twilio.requests.length - 1];
    expect(req.form).toMatchObject({ To: '+15125550100', MessagingServiceSid: env.TWILIO_FROM });
    expect(req.form.From).toBeUndefined();
    expect((await messageRow(id)).status).toBe('sent');
  });

  it('a 4xx answer (an invalid number) fails at once; 429 and 5xx are retried', async () => {
    const { order, passId } = await orderWithPass();
    const bad = await queue(order.id, passId, 'sms', '+15005550001');
    twilio.script.push({ status: 400, body: { code: 21211, message: "The 'To' number +15005550001 is not a valid phone number.", status: 400 } });
    expect(await run([bad])).toMatchObject({ claimed: 1, failed: 1 });
    expect(await messageRow(bad)).toMatchObject({
      status: 'failed',
      attempts: 1,
      provider: 'twilio',
      nextAttemptAt: null,
      lastError: "twilio 400: code 21211: The 'To' number +15005550001 is not a valid phone number.",
    });
    expect((await run([bad], { now: () => new Date(Date.now() + 86_400_000 * 3) })).claimed).toBe(0);

    for (const status of [429, 503]) {
      const id = await queue(order.id, passId, 'sms', '+15125550101');
      twilio.script.push({ status, body: { code: 20429, message: 'Too Many Requests' } });
      expect(await run([id])).toMatchObject({ retrying: 1 });
      const row = await messageRow(id);
      expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: `twilio ${status}: code 20429: Too Many Requests` });
      expect(await run([id], { now: after(row.nextAttemptAt) })).toMatchObject({ sent: 1 });
      expect(await messageRow(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    }
  });
});

describe('invitations (DESIGN.md 6.4): the link to set a password', () => {
  it('names the tenant and the inviter and carries PUBLIC_URL/invite/{token} in both parts', async () => {
    const { randomBytes, createHash } = await import('node:crypto');
    const { userInvitations, users } = await import('@/lib/db/schema');
    const { queueMessage } = await import('@/lib/domain/outbox/message-queue');
    const { sealSecret } = await import('@/lib/secrets');
    const { newId } = await import('@/lib/ids');
    const tenantId = ACME_TENANT;
    const inviter = newId();
    const invitee = newId();
    const suffix = randomBytes(4).toString('hex');
    await db().insert(users).values([
      { id: inviter, tenantId, email: `inviter-${suffix}@acme.test`, name: 'Morgan Lee', role: 'admin' },
      { id: invitee, tenantId, email: `sam-${suffix}@example.com`, name: 'Sam Carter', role: 'staff' },
    ]);
    const token = randomBytes(32).toString('base64url');
    const invitationId = newId();
    await db().insert(userInvitations).values({
      id: invitationId, tenantId, userId: invitee, tokenHash: createHash('sha256').update(token).digest('hex'), tokenEncrypted: sealSecret(token),
      expiresAt: new Date(Date.now() + 7 * 86_400_000), createdByUserId: inviter,
    });
    const { id } = await queueMessage(db(), { tenantId, invitationId, channel: 'email', to: `sam-${suffix}@example.com`, template: 'userInvitation', data: { invitationId } });

    expect(await run([id])).toMatchObject({ sent: 1 });
    const mail = smtp.accepted[smtp.accepted.length - 1];
    expect(mail.to).toEqual([`sam-${suffix}@example.com`]);
    expect(mail.headers.subject).toBe('Morgan Lee invited you to join Acme Logistics on the drug-testing orders dashboard');
    expect(mail.text).toContain('Hello Sam Carter,');
    expect(mail.text).toContain(`${PUBLIC}/invite/${token}`);
    expect(mail.html).toContain(`href="${PUBLIC}/invite/${token}"`);
    expect(await messageRow(id)).toMatchObject({ status: 'sent', orderId: null, invitationId });
  });
});

describe('retries and permanent failures', () => {
  it('an SMTP server answering 451 is tried again after the backoff, then the message is sent', async () => {
    const { order, passId } = await orderWithPass();
    const id = await queue(order.id, passId, 'email', 'retry@example.com');
    smtp.script.push({ code: 451, message: '4.3.0 Temporary local problem' });
    const received = smtp.received.length;
    const accepted = smtp.accepted.length;

    const t0 = new Date();
    expect(await run([id], { now: () => t0 })).toEqual({ claimed: 1, sent: 0, retrying: 1, failed: 0, superseded: 0 });
    let row = await messageRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
    expect(row.lastError).toMatch(/^smtp 451: 451 4\.3\.0 Temporary local problem/);
    // The first retry of the schedule: 60 s, plus up to 20 % jitter.
    const delay = row.nextAttemptAt!.getTime() - t0.getTime();
    expect(delay).toBeGreaterThanOrEqual(60_000);
    expect(delay).toBeLessThanOrEqual(72_000);
    // Not before it is due.
    expect((await run([id])).claimed).toBe(0);

    expect(await run([id], { now: after(row.nextAttemptAt) })).toMatchObject({ claimed: 1, sent: 1 });
    row = await messageRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null, provider: 'smtp' });
    expect(smtp.received.length - received).toBe(2);
    expect(smtp.accepted.length - accepted).toBe(1);
  });

  it('an SMTP 550 fails the message at once, after one attempt', async () => {
    const { order, passId } = await orderWithPass();
    const id = await queue(order.id, passId, 'email', 'nobody@example.com');
    smtp.script.push({ code: 550, message: '5.1.1 Mailbox unavailable' });
    const received = smtp.received.length;

    expect(await run([id])).toEqual({ claimed: 1, sent: 0, retrying: 0, failed: 1, superseded: 0 });
    const row = await messageRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null, sentAt: null, provider: 'smtp' });
    expect(row.lastError).toMatch(/^smtp 550: 550 5\.1\.1 Mailbox unavailable/);
    expect((await run([id], { now: () => new Date(Date.now() + 86_400_000 * 3) })).claimed).toBe(0);
    expect(smtp.received.length - received).toBe(1);
  });

  it('an unreachable SMTP server is transient; when the schedule is used up the message fails', async () => {
    const { order, passId } = await orderWithPass();
    const id = await queue(order.id, passId, 'email', 'pat@example.com');
    const closed = await new SmtpPeer().start();
    await closed.stop();
    const down = providers({ email: smtpProvider({ url: closed.url, timeoutMs: 2_000 }) });

    expect(await run([id], { providers: down, retrySchedule: [0] })).toMatchObject({ retrying: 1 });
    let row = await messageRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.lastError).toMatch(/^smtp (ECONNECTION|ESOCKET|ECONNREFUSED)/);
    expect(await run([id], { providers: down, retrySchedule: [0], now: after(row.nextAttemptAt) })).toMatchObject({ failed: 1 });
    row = await messageRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
  });
});

describe('without a provider', () => {
  it('production marks the message failed with providerNotConfigured, once', async () => {
    const { order, passId } = await orderWithPass();
    const email = await queue(order.id, passId, 'email', 'pat@example.com');
    const sms = await queue(order.id, passId, 'sms', '+15125550123');
    const none = providersFromEnv({ APP_ENV: 'production' });
    expect(none).toEqual({ email: null, sms: null });

    expect(await run([email, sms], { providers: none })).toMatchObject({ claimed: 2, failed: 2 });
    for (const id of [email, sms])
      expect(await messageRow(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: PROVIDER_NOT_CONFIGURED, provider: null, sentAt: null, nextAttemptAt: null });
  });

  it('staging captures it into the mailbox: sent, provider mailbox, nothing leaves the process', async () => {
    const { order, passId } = await orderWithPass();
    const id = await queue(order.id, passId, 'email', 'pat@example.com');
    const staging = providersFromEnv({ APP_ENV: 'staging' });
    expect([staging.email?.name, staging.sms?.name]).toEqual(['mailbox', 'mailbox']);
    const received = smtp.received.length;

    expect(await run([id], { providers: staging })).toMatchObject({ sent: 1 });
    expect(await messageRow(id)).toMatchObject({ status: 'sent', attempts: 1, provider: 'mailbox', providerMessageId: `mailbox-${id}`, lastError: null });
    expect(smtp.received.length).toBe(received);
  });

  it('the environment chooses SMTP when SMTP_URL is set and Twilio when its three variables are', () => {
    const env = { APP_ENV: 'production', SMTP_URL: 'smtp://u:p@127.0.0.1:2525', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' };
    expect(providersFromEnv(env).email?.name).toBe('smtp');
    expect(providersFromEnv(env).sms).toBeNull();
    expect(providersFromEnv({ ...env, TWILIO_FROM: '+15005550006' }).sms?.name).toBe('twilio');
  });
});

describe('SMTP connections (issue 18: throughput)', () => {
  /** A server that counts connections opened and closed, and accepts every message. */
  async function countingServer() {
    const counts = { opened: 0, closed: 0, messages: 0 };
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect: (_session, callback) => {
        counts.opened++;
        callback();
      },
      onClose: () => void counts.closed++,
      onData: (stream, _session, callback) => {
        stream.resume();
        stream.on('end', () => {
          counts.messages++;
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    return { counts, url, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }
  const mail = (i: number) => ({ id: `m${i}`, channel: 'email' as const, to: `p${i}@example.com`, subject: 's', text: 't', html: '<p>h</p>', sms: 't' });
  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it('one connection carries one message after another, and closes once idle; the next message opens a new one', async () => {
    const peer = await countingServer();
    try {
      const provider = smtpProvider({ url: peer.url, from: 'orders@acme.test', idleMs: 200 });
      for (let i = 0; i < 5; i++) expect(await provider.send(mail(i))).toMatchObject({ ok: true });
      expect(peer.counts).toMatchObject({ opened: 1, messages: 5 });
      await waitFor(() => peer.counts.closed === 1);
      expect(peer.counts.closed).toBe(1);
      expect(await provider.send(mail(5))).toMatchObject({ ok: true });
      expect(peer.counts).toMatchObject({ opened: 2, messages: 6 });
      await waitFor(() => peer.counts.closed === 2);
      expect(peer.counts.closed).toBe(2);
    } finally {
      await peer.stop();
    }
  });

  it('messages sent at once share at most maxConnections connections', async () => {
    const peer = await countingServer();
    try {
      const provider = smtpProvider({ url: peer.url, from: 'orders@acme.test', idleMs: 200, maxConnections: 3 });
      const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => provider.send(mail(i))));
      expect(outcomes.every((o) => o.ok)).toBe(true);
      expect(peer.counts.messages).toBe(12);
      expect(peer.counts.opened).toBeGreaterThanOrEqual(1);
      expect(peer.counts.opened).toBeLessThanOrEqual(3);
      await waitFor(() => peer.counts.closed === peer.counts.opened);
      expect(peer.counts.closed).toBe(peer.counts.opened);
    } finally {
      await peer.stop();
    }
  });
});

describe('claims', () => {
  it('a claimed message is not claimed again while its lease runs, and is after it (a worker that died)', async () => {
    const { order, passId } = await orderWithPass();
    const id = await queue(order.id, passId, 'email', 'pat@example.com');
    const [claim] = await claimDueMessages({ db: db(), messageIds: [id], leaseMs: 60_000 });
    expect(claim).toMatchObject({ id, attempts: 1, status: 'queued' });
    expect(await claimDueMessages({ db: db(), messageIds: [id] })).toHaveLength(0);
    const before = smtp.accepted.length;
    expect(await run([id], { now: after(claim.nextAttemptAt) })).toMatchObject({ claimed: 1, sent: 1 });
    expect(await messageRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.accepted.length - before).toBe(1);
  });

  it('a message whose order has no valid pass fails (passMissing) instead of sending a dead link', async () => {
    const { order, passId } = await orderWithPass();
    const id = await queue(order.id, passId, 'email', 'pat@example.com');
    const { orderPasses } = await import('@/lib/db/schema');
    const { eq } = await import('drizzle-orm');
    await db().update(orderPasses).set({ revokedAt: new Date() }).where(eq(orderPasses.orderId, order.id));
    expect(await run([id])).toMatchObject({ failed: 1 });
    expect((await messageRow(id)).lastError).toBe('passMissing: The order has no valid pass');
  });
});

// ---------------------------------------------------------------------------------------------
// A worker process killed -9 (PostgreSQL: PGlite allows one process)
// ---------------------------------------------------------------------------------------------


/** The worker in a process of its own (tsx), sending this file's one message through SMTP_URL. */
const CHILD_WORKER = `
  (async () => {
    const { openDatabase } = await import('@/lib/db/client');
    const { runDueMessages } = await import('@/lib/worker/message-send');
    const database = await openDatabase({ url: process.env.DATABASE_URL, maxConnections: 2 });
    const now = process.env.NOW_MS ? () => new Date(Number(process.env.NOW_MS)) : undefined;
    const result = await runDueMessages({ db: database.db, messageIds: [process.env.MESSAGE_ID], now, leaseMs: 60000 });
    process.stdout.write(JSON.stringify(result));
    await database.close();
  })().catch((error) => { console.error(error); process.exit(1); });
`;

function childWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), '-e', CHILD_WORKER], {
    cwd: process.cwd(),
    env: { ...process.env, APP_ENV: 'staging', SMTP_URL: smtp.url, MAIL_FROM: 'orders@acme.test', PUBLIC_URL: PUBLIC, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe.skipIf(!CONDITIONS.appOnPostgres.holds)(needs('appOnPostgres', 'worker processes on one PostgreSQL'), () => {
  it('loses nothing: after the lease a restarted worker sends the message, and the server accepts it exactly once', async () => {
    const { order, passId, token } = await orderWithPass();
    const id = await queue(order.id, passId, 'email', 'killed@example.com');
    const received = smtp.received.length;
    const accepted = smtp.accepted.length;
    // The server takes the first DATA and never answers: the worker is killed in the middle of sending.
    smtp.script.push('hold');

    const first = childWorker({ MESSAGE_ID: id });
    for (let i = 0; i < 600 && smtp.received.length === received; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(smtp.received.length - received, first.output().stderr).toBe(1);
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    const claimed = await messageRow(id);
    expect(claimed).toMatchObject({ status: 'queued', attempts: 1, sentAt: null, lastError: null });
    // Under the lease nobody sends it.
    expect((await run([id])).claimed).toBe(0);

    // A restarted worker, once the lease has run out, sends it.
    const second = childWorker({ MESSAGE_ID: id, NOW_MS: String(claimed.nextAttemptAt!.getTime() + 1) });
    const { code } = await second.exited;
    expect(code, second.output().stderr).toBe(0);
    expect(JSON.parse(second.output().stdout)).toMatchObject({ claimed: 1, sent: 1 });

    expect(await messageRow(id)).toMatchObject({ status: 'sent', attempts: 2, provider: 'smtp', lastError: null });
    expect(smtp.accepted.length - accepted).toBe(1);
    const mail = smtp.accepted[smtp.accepted.length - 1];
    expect(mail.to).toEqual(['killed@example.com']);
    expect(mail.text).toContain(`${PUBLIC}/pass/${token}`);
    // And nothing more happens to it.
    expect((await run([id], { now: () => new Date(Date.now() + 86_400_000 * 3) })).claimed).toBe(0);
  });

  it('two workers on one database send each message exactly once', async () => {
    const { openDatabase } = await import('@/lib/db/client');
    const pools = [await openDatabase({ url: process.env.DATABASE_URL!, maxConnections: 4 }), await openDatabase({ url: process.env.DATABASE_URL!, maxConnections: 4 })];
    try {
      const { order, passId } = await orderWithPass();
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) ids.push(await queue(order.id, passId, 'email', `pat${i}@example.com`));
      const accepted = smtp.accepted.length;
      const worker = async (database: (typeof pools)[number]) => {
        let claimed = 0;
        for (let round = 0; round < 100; round++) {
          const r = await runDueMessages({ db: database.db, messageIds: ids, batchSize: 2, providers: providers() });
          claimed += r.claimed;
          if (r.claimed === 0) {
            const rows = await Promise.all(ids.map(messageRow));
            if (rows.every((m) => m.status !== 'queued')) break;
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        }
        return claimed;
      };
      const [a, b] = await Promise.all(pools.map(worker));
      expect(a + b).toBe(12);
      expect(a, 'both workers took part').toBeGreaterThan(0);
      expect(b, 'both workers took part').toBeGreaterThan(0);
      const mails = smtp.accepted.slice(accepted);
      expect(mails).toHaveLength(12);
      expect(new Set(mails.map((m) => m.headers['x-message-id'])).size).toBe(12);
      expect(mails.map((m) => m.headers['x-message-id']).sort()).toEqual([...ids].sort());
      for (const id of ids) expect(await messageRow(id)).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      for (const p of pools) await p.close();
    }
  });
});
