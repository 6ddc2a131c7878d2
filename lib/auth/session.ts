/**
 * Dashboard sign-in (next-auth, credentials, JWT sessions) and the principal of a signed-in user:
 * the user's tenant, linked companies and the scopes of the role (lib/auth/scopes.ts) — the same
 * kind of principal as an API token, so every domain rule applies to both alike.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { decode } from 'next-auth/jwt';
import type { Db } from '@/lib/db/client';
import { getDb } from '@/lib/db';
import { users } from '@/lib/db/schema';
import type { Principal } from '@/lib/domain/context';
import { verifyPassword } from '@/lib/domain/users/passwords';
import { consume, limits } from '@/lib/http/rate-limit';
import { persistentSecret } from '@/lib/secrets';
import { linkedCompanyIds } from './tokens';
import { ROLE_SCOPES, type Role } from './scopes';

export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

export const authSecret = () => persistentSecret('NEXTAUTH_SECRET', 'auth.secret');

/** Verifies e-mail and password; null for any failure (no hint which part was wrong). */
export async function verifyCredentials(db: Db, email: string, password: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.disabledAt)));
  if (!user?.passwordHash || !(await verifyPassword(password, user.passwordHash))) return null;
  return user;
}

export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/login' },
    providers: [
      CredentialsProvider({
        name: 'E-mail and password',
        credentials: { email: { label: 'E-mail', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials, req) {
          if (!credentials?.email || !credentials.password) return null;
          // Sign-in attempts count per client address (lib/http/rate-limit.ts); over the limit, refuse.
          const forwarded = (req?.headers as Record<string, string | undefined> | undefined)?.['x-forwarded-for'];
          await consume(`signin:${forwarded?.split(',')[0].trim() || 'unknown'}`, limits.anonymous());
          const user = await verifyCredentials(await getDb(), credentials.email, credentials.password);
          return user ? { id: user.id, email: user.email, name: user.name } : null;
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) token.sub = user.id;
        return token;
      },
    },
  };
}

/** The principal of a dashboard user, or null when the user is unknown or disabled. */
export async function principalForUser(db: Db, userId: string): Promise<(Principal & { role: Role }) | null> {
  const [user] = await db.select().from(users).where(and(eq(users.id, userId), isNull(users.disabledAt)));
  if (!user) return null;
  const role = user.role as Role;
  return {
    tenantId: user.tenantId,
    companyIds: await linkedCompanyIds(db, user.tenantId, user.allCompanies, user.companyIds),
    scopes: new Set(ROLE_SCOPES[role] ?? []),
    actor: { type: 'user', id: user.id, email: user.email, name: user.name },
    role,
  };
}

const SESSION_COOKIES = ['__Secure-next-auth.session-token', 'next-auth.session-token'];

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/;\s*/)) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i) === name) return decodeURIComponent(part.slice(i + 1));
  }
  return undefined;
}

/** The user id of the session cookie of a request, if it carries a valid one. */
export async function sessionUserId(request: Request): Promise<string | null> {
  const cookies = request.headers.get('cookie');
  for (const name of SESSION_COOKIES) {
    const token = readCookie(cookies, name);
    if (!token) continue;
    const decoded = await decode({ token, secret: authSecret() }).catch(() => null);
    if (decoded?.sub) return decoded.sub;
  }
  return null;
}
