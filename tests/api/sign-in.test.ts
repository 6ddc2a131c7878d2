/**
 * Dashboard sessions and the cost of a sign-in, through the product's next-auth configuration
 * (lib/auth/session.ts authOptions: authorize, the jwt callback that starts a server-side session,
 * the signOut event that ends it) and the API's session check (lib/http/route.ts). next-auth's
 * route itself needs Next.js's request scope: the HTTP flow is covered by tests/server (limits per
 * address and per account over real HTTP) and tests/e2e/auth.spec.ts (sign-out in a browser).
 * Issue 13, findings 2 and 9.
 */
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOptions, authSecret, SESSION_COOKIE } from '@/lib/auth/session';
import { users } from '@/lib/db/schema';
import { DEMO } from '@/lib/seed';
import { clearPrincipalCache } from '@/lib/domain/api-tokens/tokens';
import { createUser } from '@/lib/domain/users/create-user';
import { deactivateUser } from '@/lib/domain/users/deactivate-user';
import { updateUser } from '@/lib/domain/users/update-user';
import { operatorCtx } from './admins';
import { call, db, expectError, withTestDatabase } from './harness';

withTestDatabase();

const PASSWORD = 'correct horse battery';

afterEach(() => vi.restoreAllMocks());

async function newUser(role: 'admin' | 'viewer' = 'admin') {
  const email = `signin-${randomUUID()}@acme.test`;
  const user = await createUser({ ctx: await operatorCtx(DEMO.tenants.acme.id), input: { email, role, password: PASSWORD, companyIds: 'all' } });
  return { id: user.id, email };
}

type Authorize = (credentials: Record<string, string>, req: unknown) => Promise<{ id: string } | null>;
const provider = () => authOptions().providers[0] as unknown as { options: { authorize: Authorize } };

/** Signs in as next-auth does: authorize, then the jwt callback; returns the session cookie's JWT claims. */
async function signIn(email: string, password: string) {
  const user = await provider().options.authorize({ email, password }, {});
  if (!user) return null;
  const jwt = authOptions().callbacks!.jwt! as unknown as (args: { token: Record<string, unknown>; user: unknown }) => Promise<Record<string, unknown>>;
  return jwt({ token: {}, user });
}

const cookieOf = async (token: Record<string, unknown>) => `${SESSION_COOKIE.plain}=${await encode({ token, secret: authSecret() })}`;
const signOut = (token: Record<string, unknown>) => (authOptions().events!.signOut as unknown as (m: { token: unknown }) => Promise<void>)({ token });

describe('sessions (finding 9)', () => {
  it('sign-out ends the session: a copy of its cookie answers 401 on the next request', async () => {
    const { email } = await newUser();
    const token = (await signIn(email, PASSWORD))!;
    expect(typeof token.sid).toBe('string');
    const copied = await cookieOf(token);
    expect((await call('GET', '/api/v2/agencies', { headers: { cookie: copied } })).status).toBe(200);
    await signOut(token);
    expectError(await call('GET', '/api/v2/agencies', { headers: { cookie: copied } }), 401, 'unauthenticated');
  });

  it('another session of the same user stays signed in', async () => {
    const { email } = await newUser();
    const laptop = (await signIn(email, PASSWORD))!;
    const phone = (await signIn(email, PASSWORD))!;
    await signOut(laptop);
    expect((await call('GET', '/api/v2/agencies', { headers: { cookie: await cookieOf(phone) } })).status).toBe(200);
  });

  it('deactivating a user ends their sessions at the next request, though the principal was just kept', async () => {
    const { id, email } = await newUser();
    const cookie = await cookieOf((await signIn(email, PASSWORD))!);
    expect((await call('GET', '/api/v2/agencies', { headers: { cookie } })).status).toBe(200);
    await deactivateUser({ ctx: await operatorCtx(DEMO.tenants.acme.id), input: { id } });
    expectError(await call('GET', '/api/v2/agencies', { headers: { cookie } }), 401, 'unauthenticated');
  });

  it('a role change applies at the next request, though the principal was just kept', async () => {
    const { id, email } = await newUser('admin');
    const cookie = await cookieOf((await signIn(email, PASSWORD))!);
    expect((await call('GET', '/api/v2/webhooks/deliveries', { headers: { cookie } })).status).toBe(200);
    await updateUser({ ctx: await operatorCtx(DEMO.tenants.acme.id), input: { id, role: 'viewer' } });
    expectError(await call('GET', '/api/v2/webhooks/deliveries', { headers: { cookie } }), 403, 'insufficientScope');
  });

  it('a session principal is kept (issue 34): a change outside the domain operations shows once the cache is cleared', async () => {
    const { id, email } = await newUser();
    const cookie = await cookieOf((await signIn(email, PASSWORD))!);
    expect((await call('GET', '/api/v2/agencies', { headers: { cookie } })).status).toBe(200);
    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, id));
    // Kept: the same principal answers without the database.
    expect((await call('GET', '/api/v2/agencies', { headers: { cookie } })).status).toBe(200);
    clearPrincipalCache();
    expectError(await call('GET', '/api/v2/agencies', { headers: { cookie } }), 401, 'unauthenticated');
  });

  it('a session cookie without a live server-side session (forged, pre-upgrade) is refused', async () => {
    const { id } = await newUser();
    for (const token of [{ sub: id }, { sub: id, sid: 'no-such-session' }]) {
      expectError(await call('GET', '/api/v2/agencies', { headers: { cookie: await cookieOf(token) } }), 401, 'unauthenticated');
    }
  });
});

describe('unknown e-mails cost a password comparison (finding 2)', () => {
  it('an unknown e-mail is compared against a bcrypt hash of the same cost as a real one', async () => {
    const { email } = await newUser();
    const compare = vi.spyOn(bcrypt, 'compare');
    expect(await signIn(email, 'wrong password')).toBeNull();
    expect(await signIn(`nobody-${randomUUID()}@acme.test`, 'wrong password')).toBeNull();
    expect(compare).toHaveBeenCalledTimes(2);
    const costs = compare.mock.calls.map(([, hash]) => String(hash).split('$')[2]);
    expect(costs[1]).toBe(costs[0]);
  });
});
