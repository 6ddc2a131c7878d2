/**
 * Issue 26, findings 3 and 4: password guesses are counted per account and address before the
 * password is checked (lib/auth/sign-in-guard.ts), and a locked-out user gets back in by an
 * e-mailed unlock link or an admin (lib/domain/users/sign-in-unlock.ts). On both engines: the
 * embedded default counts in memory, PostgreSQL in one shared statement per attempt. The same
 * rules over real HTTP, with the known-device cookie: tests/server/security.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as requestUnlock } from '@/app/api/auth/unlock/route';
import { POST as confirmUnlock } from '@/app/unlock/[token]/confirm/route';
import { knownDeviceTag, SIGN_IN_LIMITS, takeSignInAttempt } from '@/lib/auth/sign-in-guard';
import { auditEvents, messages, userSessions, users } from '@/lib/db/schema';
import { DomainError } from '@/lib/domain/errors';
import { listMailbox } from '@/lib/domain/messages/queries';
import { applySignInUnlock, unlockToken, unlockUserSignIn, userOfUnlockToken } from '@/lib/domain/users/sign-in-unlock';
import { openSecret } from '@/lib/secrets';
import { DEMO } from '@/lib/seed';
import { createTestUser } from './admins';
import { db, withTestDatabase } from './harness';

withTestDatabase();

const acme = DEMO.tenants.acme.id;
const { primary } = DEMO.acme.companies;
const address = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}-${randomUUID().slice(0, 4)}`;

/** `n` attempts, one after another; the refusals (null where the password may be checked). */
async function attempts(email: string, from: string, n: number, deviceCookie?: string) {
  const results: Array<DomainError | null> = [];
  for (let i = 0; i < n; i++) results.push((await takeSignInAttempt(db(), { email, address: from, deviceCookie })).refusal);
  return results;
}

const epochOf = async (id: string) => (await db().select({ epoch: users.signInEpoch }).from(users).where(eq(users.id, id)))[0].epoch;

describe('attempts per account and address (finding 3)', () => {
  it('the 11th attempt from one address is refused with 429 tooManyRequests, Retry-After and the unlock offer; another address is not', async () => {
    const user = await createTestUser(acme, 'manager', [primary]);
    const from = address();
    const results = await attempts(user.email, from, 11);
    expect(results.slice(0, 10)).toEqual(Array(10).fill(null));
    const refused = results[10]!;
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused.entries[0]).toMatchObject({ code: 'tooManyRequests', meta: { limit: 10, unlock: true } });
    expect(refused.entries[0].meta!.retryAfterSeconds).toBeGreaterThan(0);
    expect((await takeSignInAttempt(db(), { email: user.email, address: address() })).refusal).toBeNull();
  });

  it('the e-mail is matched without case or spaces: " Manager@…" counts with "manager@…"', async () => {
    const user = await createTestUser(acme, 'manager', [primary]);
    const from = address();
    await attempts(user.email, from, 10);
    expect((await takeSignInAttempt(db(), { email: ` ${user.email.toUpperCase()} `, address: from })).refusal).not.toBeNull();
  });

  it('an unknown e-mail is counted the same way (the answers do not tell which e-mails exist)', async () => {
    const results = await attempts(`nobody-${randomUUID()}@acme.test`, address(), 11);
    expect(results.map((r) => r?.entries[0].code ?? null)).toEqual([...Array(10).fill(null), 'tooManyRequests']);
  });

  it('a known device is slowed past the limit (one attempt per 10 s), not refused for the window', async () => {
    const user = await createTestUser(acme, 'manager', [primary]);
    const from = address();
    const device = `${knownDeviceTag(randomUUID())}.${knownDeviceTag(user.id)}`; // several accounts on one browser
    await attempts(user.email, from, 10);
    expect((await takeSignInAttempt(db(), { email: user.email, address: from })).refusal).not.toBeNull();
    expect((await takeSignInAttempt(db(), { email: user.email, address: from, deviceCookie: device })).refusal).toBeNull();
    const slowed = (await takeSignInAttempt(db(), { email: user.email, address: from, deviceCookie: device })).refusal;
    expect(slowed!.entries[0]).toMatchObject({ code: 'tooManyRequests', meta: { unlock: false } });
    expect(slowed!.entries[0].meta!.retryAfterSeconds).toBeLessThanOrEqual(10);
    // A cookie made for another user is no known device of this one.
    expect((await takeSignInAttempt(db(), { email: user.email, address: from, deviceCookie: knownDeviceTag(randomUUID()) })).refusal).not.toBeNull();
  });

  it(`past ${SIGN_IN_LIMITS.perAccount.max} attempts from several addresses, unknown addresses are refused and the address of an earlier session is slowed`, async () => {
    const user = await createTestUser(acme, 'manager', [primary]);
    const office = address();
    // The user signed in from the office before (createTestUser's session had no address).
    await db().update(userSessions).set({ clientAddress: office }).where(eq(userSessions.id, user.sessionId));
    for (let a = 0; a < 3; a++) expect((await attempts(user.email, address(), 10)).every((r) => r === null)).toBe(true);
    expect((await takeSignInAttempt(db(), { email: user.email, address: address() })).refusal).not.toBeNull();
    expect((await takeSignInAttempt(db(), { email: user.email, address: office })).refusal).toBeNull();
  });

  it('one address alone cannot lock the account: its refused attempts do not count for the account', async () => {
    const user = await createTestUser(acme, 'manager', [primary]);
    await attempts(user.email, address(), 200); // 10 counted, 190 refused
    expect((await takeSignInAttempt(db(), { email: user.email, address: address() })).refusal).toBeNull();
  });
});

describe('a right password is no guess', () => {
  it('its attempt is given back: 20 sign-ins in a row from one address, then 10 wrong passwords are still checked', async () => {
    const user = await createTestUser(acme, 'manager', [primary]);
    const from = address();
    for (let i = 0; i < 20; i++) {
      const attempt = await takeSignInAttempt(db(), { email: user.email, address: from });
      expect(attempt.refusal).toBeNull();
      await attempt.succeeded();
    }
    expect((await attempts(user.email, from, 11)).map((r) => r?.entries[0].code ?? null)).toEqual([...Array(10).fill(null), 'tooManyRequests']);
  });
});

describe('parallel attempts (finding 4)', () => {
  it('40 attempts at once from one address: exactly 10 may check the password', async () => {
    const user = await createTestUser(acme, 'manager', [primary]);
    const from = address();
    const results = await Promise.all(Array.from({ length: 40 }, () => takeSignInAttempt(db(), { email: user.email, address: from })));
    expect(results.filter((r) => r.refusal === null)).toHaveLength(10);
  });
});

describe('POST /api/auth/unlock', () => {
  const post = (body: unknown) =>
    requestUnlock(new Request('http://localhost/api/auth/unlock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));

  it('202 with the same body for an account and for an unknown e-mail; only the account gets a message', async () => {
    const user = await createTestUser(acme, 'manager', [primary]);
    const known = await post({ email: user.email });
    const unknown = await post({ email: `nobody-${randomUUID()}@acme.test` });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual(await unknown.json());
    const sent = await db().select().from(messages).where(and(eq(messages.tenantId, acme), eq(messages.template, 'signInUnlock')));
    expect(sent.filter((m) => (m.data as { userId?: string }).userId === user.id)).toHaveLength(1);
  });

  it('400 invalidFormat at /email for what is no e-mail address; 413 past 1 KiB', async () => {
    const bad = await post({ email: 'not an address' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: 400, errors: [{ source: { pointer: '/email' } }] });
    expect((await post({ email: `${'a'.repeat(2000)}@x.test` })).status).toBe(413);
  });

  it('at most 3 links per e-mail an hour, and the answer stays 202', async () => {
    const user = await createTestUser(acme, 'manager', [primary]);
    for (let i = 0; i < 5; i++) expect((await post({ email: user.email })).status).toBe(202);
    const sent = await db().select().from(messages).where(and(eq(messages.tenantId, acme), eq(messages.template, 'signInUnlock')));
    expect(sent.filter((m) => (m.data as { userId?: string }).userId === user.id)).toHaveLength(3);
  });
});

describe('the unlock link', () => {
  async function linkOf(userId: string): Promise<string> {
    const [message] = (await db().select().from(messages).where(and(eq(messages.tenantId, acme), eq(messages.template, 'signInUnlock')))).filter(
      (m) => (m.data as { userId?: string }).userId === userId,
    );
    return openSecret((message.data as { link: string }).link);
  }

  it('POST /unlock/{token}/confirm: counts start afresh, this browser becomes a known device, 303 to sign-in; the link works once', async () => {
    const user = await createTestUser(acme, 'manager', [primary]);
    const from = address();
    await attempts(user.email, from, 10);
    expect((await takeSignInAttempt(db(), { email: user.email, address: from })).refusal).not.toBeNull();
    await requestUnlock(new Request('http://localhost/api/auth/unlock', { method: 'POST', body: JSON.stringify({ email: user.email }) }));
    const token = await linkOf(user.id);
    const confirm = () =>
      confirmUnlock(new Request(`http://localhost/unlock/${token}/confirm`, { method: 'POST', headers: { 'sec-fetch-site': 'same-origin' } }), { params: Promise.resolve({ token }) });
    const done = await confirm();
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/login?unlocked=1');
    expect(done.headers.get('set-cookie')).toContain(`dto-known-device=${knownDeviceTag(user.id)}; Path=/api/auth;`);
    expect((await takeSignInAttempt(db(), { email: user.email, address: from })).refusal).toBeNull();
    const [audit] = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'user.signIn.unlocked'), eq(auditEvents.subjectId, user.id)));
    expect(audit).toBeDefined();
    // Used: back to its page, which says it no longer works.
    const again = await confirm();
    expect(again.headers.get('location')).toBe(`/unlock/${token}`);
    expect(await userOfUnlockToken(db(), token)).toBeNull();
  });

  it('a form from another site is refused (403)', async () => {
    const user = await createTestUser(acme, 'manager', [primary]);
    const token = unlockToken(user.id, await epochOf(user.id), Date.now() + 60_000);
    const response = await confirmUnlock(new Request(`http://localhost/unlock/${token}/confirm`, { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' } }), {
      params: Promise.resolve({ token }),
    });
    expect(response.status).toBe(403);
    expect(await epochOf(user.id)).toBe(0);
  });

  it('an expired, altered or foreign link does not work', async () => {
    const user = await createTestUser(acme, 'manager', [primary]);
    const epoch = await epochOf(user.id);
    expect(await applySignInUnlock(db(), unlockToken(user.id, epoch, Date.now() - 1))).toBeNull();
    const valid = unlockToken(user.id, epoch, Date.now() + 60_000);
    expect(await applySignInUnlock(db(), `${valid.slice(0, -1)}${valid.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(await applySignInUnlock(db(), unlockToken(user.id, epoch + 1, Date.now() + 60_000))).toBeNull();
    expect(await applySignInUnlock(db(), 'garbage')).toBeNull();
    expect(await epochOf(user.id)).toBe(epoch);
  });

  it('the staging mailbox shows the message to an admin who manages the user, with the link masked', async () => {
    const admin = await createTestUser(acme, 'admin', 'all');
    const user = await createTestUser(acme, 'manager', [primary]);
    await requestUnlock(new Request('http://localhost/api/auth/unlock', { method: 'POST', body: JSON.stringify({ email: user.email }) }));
    const token = await linkOf(user.id);
    await db().update(messages).set({ provider: 'mailbox', status: 'sent' }).where(eq(messages.template, 'signInUnlock'));
    const entry = (await listMailbox(admin.ctx, { page: 1, limit: 10_000 })).data.find((e) => e.content?.text.includes('Too many sign-in attempts') && e.message.to.endsWith('@token-admin.test'));
    expect(entry?.content?.text).toContain(`/unlock/…${token.slice(-4)}`);
    expect(JSON.stringify(entry)).not.toContain(token);
    expect(entry?.link).toBeNull();
  });
});

describe('an admin unlocks a colleague', () => {
  it('counts start afresh; an admin limited to other companies cannot (404 at /id)', async () => {
    const admin = await createTestUser(acme, 'admin', 'all');
    const user = await createTestUser(acme, 'manager', 'all');
    const from = address();
    await attempts(user.email, from, 10);
    expect((await takeSignInAttempt(db(), { email: user.email, address: from })).refusal).not.toBeNull();
    await unlockUserSignIn({ ctx: admin.ctx, input: { id: user.id } });
    expect((await takeSignInAttempt(db(), { email: user.email, address: from })).refusal).toBeNull();

    const limited = await createTestUser(acme, 'admin', [primary]);
    await expect(unlockUserSignIn({ ctx: limited.ctx, input: { id: user.id } })).rejects.toMatchObject({ entries: [{ code: 'notFound', pointer: undefined }] });
  });
});
