/**
 * A dashboard user's time zone (issue 29): PUT /api/v2/me/timeZone changes the signed-in user's own
 * zone (any role, the session cookie; audited), and sign-in records the browser's zone while none
 * is recorded (lib/auth/session.ts authorize, as next-auth calls it).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authOptions, endUserSession, startUserSession } from '@/lib/auth/session';
import { auditEvents, users } from '@/lib/db/schema';
import { createUser } from '@/lib/domain/users/create-user';
import { DEMO } from '@/lib/seed';
import { asUser, operatorCtx } from './admins';
import { call, db, expectError, token, withTestDatabase, type RequestOptions } from './harness';

withTestDatabase();

const PASSWORD = 'correct horse battery';
const acme = DEMO.tenants.acme.id;

async function newUser(role: 'admin' | 'manager' | 'staff' | 'viewer') {
  const email = `tz-${role}-${randomUUID()}@time-zone.test`;
  const user = await createUser({ ctx: await operatorCtx(acme), input: { email, role, password: PASSWORD, companyIds: 'all' } });
  const sessionId = await startUserSession(db(), user.id);
  return { id: user.id, email, sessionId, as: await asUser({ id: user.id, sessionId }) };
}

const put = (as: RequestOptions, body: unknown) => call('PUT', '/api/v2/me/timeZone', { ...as, body });
const zoneOf = async (id: string) => (await db().select({ timeZone: users.timeZone }).from(users).where(eq(users.id, id)))[0].timeZone;
const auditOf = (id: string) =>
  db()
    .select({ action: auditEvents.action, actorType: auditEvents.actorType, actorUserId: auditEvents.actorUserId, data: auditEvents.data })
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, 'user'), eq(auditEvents.subjectId, id), eq(auditEvents.action, 'user.timeZoneChanged')))
    .orderBy(auditEvents.createdAt, auditEvents.id);

describe('PUT /api/v2/me/timeZone', () => {
  it('200 for every role: the zone, named; stored on the user and audited as the user', async () => {
    for (const role of ['viewer', 'staff', 'manager', 'admin'] as const) {
      const user = await newUser(role);
      expect(await zoneOf(user.id)).toBeNull();
      const res = await put(user.as, { timeZone: 'America/Chicago' });
      expect(res.status, `${role}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body).toEqual({ object: 'timeZone', timeZone: 'America/Chicago', label: 'Central Time (America/Chicago)' });
      expect(await zoneOf(user.id)).toBe('America/Chicago');
      expect(await auditOf(user.id)).toEqual([{ action: 'user.timeZoneChanged', actorType: 'user', actorUserId: user.id, data: { before: null, after: 'America/Chicago' } }]);
    }
  });

  it('stores the canonical spelling; setting the same zone again answers 200 and writes no second entry', async () => {
    const user = await newUser('staff');
    const first = await put(user.as, { timeZone: 'europe/berlin' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ object: 'timeZone', timeZone: 'Europe/Berlin', label: 'Central European Time (Europe/Berlin)' });
    expect((await put(user.as, { timeZone: 'Europe/Berlin' })).status).toBe(200);
    expect(await zoneOf(user.id)).toBe('Europe/Berlin');
    expect((await auditOf(user.id)).map((e) => e.data)).toEqual([{ before: null, after: 'Europe/Berlin' }]);
    const utc = await put(user.as, { timeZone: 'UTC' });
    expect(utc.body).toEqual({ object: 'timeZone', timeZone: 'UTC', label: 'Coordinated Universal Time (UTC)' });
    expect((await auditOf(user.id)).map((e) => e.data)).toEqual([
      { before: null, after: 'Europe/Berlin' },
      { before: 'Europe/Berlin', after: 'UTC' },
    ]);
  });

  it('400 invalidValue at /timeZone for what is not an IANA zone; nothing changes', async () => {
    const user = await newUser('manager');
    expect((await put(user.as, { timeZone: 'America/Chicago' })).status).toBe(200);
    for (const timeZone of ['Mars/Olympus_Mons', '+01:00', 'CST6CDT/../x', '', 'America/Chicago '.repeat(5)]) {
      const res = await put(user.as, { timeZone });
      expectError(res, 400, 'invalidValue', '/timeZone');
      expect(res.body.errors).toHaveLength(1);
      expect(res.body.errors[0].detail).toBe('Member timeZone must be an IANA time zone, such as "America/Chicago" or "UTC".');
    }
    expect(await zoneOf(user.id)).toBe('America/Chicago');
    expect(await auditOf(user.id)).toHaveLength(1);
  });

  it('400 for a missing, mistyped or extra member, with its pointer', async () => {
    const user = await newUser('viewer');
    expectError(await put(user.as, {}), 400, 'required', '/timeZone');
    expectError(await put(user.as, { timeZone: 5 }), 400, 'invalidType', '/timeZone');
    expectError(await put(user.as, { timeZone: 'UTC', locale: 'en-US' }), 400, 'unrecognizedKeys', '/locale');
    expect(await zoneOf(user.id)).toBeNull();
  });

  it('401 without a session, and with the cookie of an ended session', async () => {
    expectError(await put({}, { timeZone: 'UTC' }), 401, 'unauthenticated');
    const user = await newUser('staff');
    await endUserSession(db(), user.sessionId);
    expectError(await put(user.as, { timeZone: 'UTC' }), 401, 'unauthenticated');
    expect(await zoneOf(user.id)).toBeNull();
  });

  it('403: an API token (even with every scope) is no user; a session cookie from another origin is refused', async () => {
    const res = await put({ token: await token() }, { timeZone: 'UTC' });
    expectError(res, 403, 'insufficientScope');
    expect(res.body.errors[0].meta).toEqual({ requiredCaller: 'user' });
    const user = await newUser('admin');
    expectError(await put({ headers: { ...user.as.headers, origin: 'https://evil.example' } }, { timeZone: 'UTC' }), 403, 'invalidOrigin');
    expect(await zoneOf(user.id)).toBeNull();
  });
});

type Authorize = (credentials: Record<string, string>, req: unknown) => Promise<{ id: string } | null>;
const authorize: Authorize = (credentials, req) => (authOptions().providers[0] as unknown as { options: { authorize: Authorize } }).options.authorize(credentials, req);

describe('sign-in records the browser\'s zone while none is recorded', () => {
  it('the first sign-in records it; a later one from another zone does not replace it', async () => {
    const user = await newUser('viewer');
    expect(await authorize({ email: user.email, password: PASSWORD, timeZone: 'America/Chicago' }, {})).toMatchObject({ id: user.id });
    expect(await zoneOf(user.id)).toBe('America/Chicago');
    expect(await authorize({ email: user.email, password: PASSWORD, timeZone: 'Asia/Tokyo' }, {})).toMatchObject({ id: user.id });
    expect(await zoneOf(user.id)).toBe('America/Chicago');
    // Audited once, as the user's own change at sign-in.
    expect(await auditOf(user.id)).toEqual([{ action: 'user.timeZoneChanged', actorType: 'user', actorUserId: user.id, data: { before: null, after: 'America/Chicago', by: 'sign-in' } }]);
  });

  it('a zone the user chose is kept', async () => {
    const user = await newUser('staff');
    expect((await put(user.as, { timeZone: 'Europe/Berlin' })).status).toBe(200);
    await authorize({ email: user.email, password: PASSWORD, timeZone: 'America/Chicago' }, {});
    expect(await zoneOf(user.id)).toBe('Europe/Berlin');
    expect(await auditOf(user.id)).toHaveLength(1);
  });

  it('an unknown or missing zone is ignored and the sign-in still succeeds; a wrong password records nothing', async () => {
    const user = await newUser('manager');
    expect(await authorize({ email: user.email, password: 'wrong password', timeZone: 'America/Chicago' }, {})).toBeNull();
    expect(await zoneOf(user.id)).toBeNull();
    expect(await authorize({ email: user.email, password: PASSWORD, timeZone: 'Mars/Olympus_Mons' }, {})).toMatchObject({ id: user.id });
    expect(await authorize({ email: user.email, password: PASSWORD }, {})).toMatchObject({ id: user.id });
    expect(await zoneOf(user.id)).toBeNull();
    expect(await auditOf(user.id)).toEqual([]);
  });
});
