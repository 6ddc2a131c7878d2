/**
 * Dashboard sign-in (next-auth, credentials, JWT sessions) and the principal of a signed-in user:
 * the user's tenant, linked companies and the scopes of the role (lib/domain/scopes.ts) — the same
 * kind of principal as an API token, so every domain rule applies to both alike.
 *
 * The session cookie is a JWT naming the user (`sub`) and a row of `user_sessions` (`sid`). A request
 * reads that row and the user, or their principal kept for 5 s (as a token's, issue 34): signing out
 * ends the row, and disabling a user or changing their role or companies (through the domain's
 * operations) takes effect on the next request of this instance, and within 5 s on another.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { decode } from 'next-auth/jwt';
import type { Db } from '@/lib/db/client';
import { getDb } from '@/lib/app-db';
import { userSessions, users } from '@/lib/db/schema';
import type { Principal } from '@/lib/domain/context';
import { hashPassword, verifyPassword } from '@/lib/domain/users/passwords';
import { recordSignInTimeZone } from '@/lib/domain/users/time-zone';
import { signInContext } from './sign-in-context';
import { describeError, log } from '@/lib/log';
import { safeRedirectPath } from './safe-redirect';
import { persistentSecret } from '@/lib/secrets';
import { linkedCompanyIds } from '@/lib/domain/tenants';
import { clearPrincipalCache, PRINCIPAL_CACHE_MS, sessionPrincipalCache } from '@/lib/domain/api-tokens/tokens';
import { ROLE_SCOPES, type Role } from '@/lib/domain/scopes';

export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

export const authSecret = () => persistentSecret('NEXTAUTH_SECRET', 'auth.secret');

/** A hash no password matches, compared against when the e-mail is unknown (same cost as a real one). */
let dummyHash: Promise<string> | undefined;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Verifies e-mail and password; null for any failure (no hint which part was wrong). An unknown
 * e-mail costs one bcrypt comparison too, so the answer's timing does not tell which e-mails exist.
 */
export async function verifyCredentials(db: Db, email: string, password: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${normaliseEmail(email)}`, isNull(users.disabledAt)));
  if (!user?.passwordHash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verifyPassword(password, await dummyHash);
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}

/** Starts a dashboard session of `userId` (from `clientAddress`, when known); returns its id for the JWT. */
export async function startUserSession(db: Db, userId: string, clientAddress: string | null = null): Promise<string> {
  const id = randomBytes(24).toString('base64url');
  await db.insert(userSessions).values({ id, userId, clientAddress, expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000) });
  return id;
}

export async function endUserSession(db: Db, sessionId: string): Promise<void> {
  await db.update(userSessions).set({ endedAt: new Date() }).where(and(eq(userSessions.id, sessionId), isNull(userSessions.endedAt)));
  // A copy of the cookie stops at once in this process (the principal cache).
  clearPrincipalCache();
}

export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/login' },
    // next-auth's own lines through the one describer: a query error without its parameters (the e-mail).
    logger: {
      error: (code, metadata) => {
        const error = metadata instanceof Error ? metadata : (metadata as { error?: unknown })?.error;
        log('error', `next-auth: ${code}`, { error: error ? describeError(error) : undefined });
      },
      warn: (code) => log('warn', `next-auth: ${code}`),
      debug: () => undefined,
    },
    providers: [
      CredentialsProvider({
        name: 'E-mail and password',
        // timeZone: the browser's IANA zone (the sign-in form sends it), the user's until one is recorded.
        credentials: { email: { label: 'E-mail', type: 'email' }, password: { label: 'Password', type: 'password' }, timeZone: { label: 'Time zone', type: 'text' } },
        async authorize(credentials) {
          if (!credentials?.email || !credentials.password) return null;
          // The attempt was taken before this, atomically (app/api/auth, lib/auth/sign-in-guard.ts).
          const db = await getDb();
          const user = await verifyCredentials(db, credentials.email, credentials.password);
          if (!user) return null;
          if (user.timeZone === null) await recordSignInTimeZone(db, user, credentials.timeZone);
          return { id: user.id, email: user.email, name: user.name };
        },
      }),
    ],
    callbacks: {
      // Only a path of this site, as on the login page (lib/auth/safe-redirect.ts). next-auth's
      // default throws (a 500) on a callbackUrl that is neither a path nor a URL, such as a newline.
      redirect({ url, baseUrl }) {
        const path = url.startsWith(`${baseUrl}/`) ? url.slice(baseUrl.length) : url;
        return `${baseUrl}${safeRedirectPath(path, '/')}`;
      },
      async jwt({ token, user }) {
        if (user) {
          const context = signInContext.getStore();
          token.sub = user.id;
          token.sid = await startUserSession(await getDb(), user.id, context && context.address !== 'unknown' ? context.address : null);
          if (context) context.userId = user.id;
        }
        return token;
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.sid === 'string') await endUserSession(await getDb(), token.sid);
      },
    },
  };
}

/** The principal of a dashboard user by id, or null when the user is unknown or disabled. */
export async function principalForUser(db: Db, userId: string): Promise<UserPrincipal | null> {
  const [user] = await db.select().from(users).where(and(eq(users.id, userId), isNull(users.disabledAt)));
  return user ? principalOf(db, user) : null;
}

/**
 * The principal of a session cookie's claims, or null when the session ended or expired or the user
 * is disabled. Kept like a token's principal (issue 34: 5 s, lib/domain/api-tokens/tokens.ts), and
 * forgotten in this process at once by whatever changes one: sign-out (`endUserSession`), a
 * deactivation, a role, company or zone change, a password reset, a new company. Another
 * instance's changes apply there within those 5 s.
 */
export async function principalForSession(db: Db, session: SessionClaims): Promise<UserPrincipal | null> {
  const key = `${session.sessionId} ${session.userId}`;
  const now = Date.now();
  const cache = sessionPrincipalCache();
  const cached = cache.get(key);
  if (cached && cached.until > now) return cached.principal as UserPrincipal | null;
  const read = await readSessionPrincipal(db, session);
  const principal = read?.principal ?? null;
  if (cache.size > 10_000) cache.clear();
  // Never kept past the session's end.
  cache.set(key, { principal, until: Math.min(now + PRINCIPAL_CACHE_MS, read?.expiresAt ?? Infinity) });
  return principal;
}

async function readSessionPrincipal(db: Db, session: SessionClaims): Promise<{ principal: UserPrincipal; expiresAt: number } | null> {
  const [row] = await db
    .select({ user: users, expiresAt: userSessions.expiresAt })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        eq(userSessions.id, session.sessionId),
        eq(userSessions.userId, session.userId),
        isNull(userSessions.endedAt),
        gt(userSessions.expiresAt, sql`now()`),
        isNull(users.disabledAt),
      ),
    );
  return row ? { principal: await principalOf(db, row.user), expiresAt: row.expiresAt.getTime() } : null;
}

/** A dashboard user's principal, with the role and the IANA zone the user's times are shown in (null until known). */
export type UserPrincipal = Principal & { role: Role; timeZone: string | null };

async function principalOf(db: Db, user: typeof users.$inferSelect): Promise<UserPrincipal> {
  const role = user.role as Role;
  return {
    timeZone: user.timeZone,
    tenantId: user.tenantId,
    companyIds: await linkedCompanyIds(db, user.tenantId, user.allCompanies, user.companyIds),
    allCompanies: user.allCompanies,
    scopes: new Set(ROLE_SCOPES[role] ?? []),
    actor: { type: 'user', id: user.id, email: user.email, name: user.name },
    role,
  };
}

/** next-auth's session cookie: `__Secure-` prefixed when the site is served over HTTPS. */
export const SESSION_COOKIE = { secure: '__Secure-next-auth.session-token', plain: 'next-auth.session-token' } as const;
const SESSION_COOKIES = [SESSION_COOKIE.secure, SESSION_COOKIE.plain];

/** A cookie of a Cookie header, by name (percent-decoded). */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/;\s*/)) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i) === name) {
      try {
        return decodeURIComponent(part.slice(i + 1));
      } catch {
        return undefined; // malformed percent-encoding: no session, not a 500
      }
    }
  }
  return undefined;
}

export interface SessionClaims {
  userId: string;
  sessionId: string;
}

/**
 * Decoded cookies until their JWT's expiry (issue 34): decoding derives the key (HKDF) and decrypts
 * on every request otherwise. A cookie's claims never change; whether its session is live is
 * principalForSession's question.
 */
const decodedCookies = new Map<string, { claims: SessionClaims; until: number }>();

/** The claims of a session cookie, given a cookie reader; null without a valid one. */
export async function sessionClaims(readCookie: (name: string) => string | undefined): Promise<SessionClaims | null> {
  for (const name of SESSION_COOKIES) {
    const token = readCookie(name);
    if (!token) continue;
    const known = decodedCookies.get(token);
    if (known && known.until > Date.now()) return known.claims;
    const decoded = await decode({ token, secret: authSecret() }).catch(() => null);
    if (typeof decoded?.sub === 'string' && typeof decoded.sid === 'string') {
      const claims = { userId: decoded.sub, sessionId: decoded.sid };
      if (decodedCookies.size > 10_000) decodedCookies.clear();
      if (typeof decoded.exp === 'number') decodedCookies.set(token, { claims, until: decoded.exp * 1000 });
      return claims;
    }
  }
  return null;
}

/** The session claims of a request's cookie. */
export function requestSessionClaims(request: Request): Promise<SessionClaims | null> {
  const header = request.headers.get('cookie');
  return sessionClaims((name) => readCookie(header, name));
}
