/**
 * Dashboard users for the token and tenant-settings tests: a tenant-wide admin (linked to every
 * company), an admin limited to some companies, a manager; their Ctx as the dashboard builds it.
 */
import { eq } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { authSecret, principalForSession, SESSION_COOKIE, startUserSession } from '@/lib/auth/session';
import { tenants } from '@/lib/db/schema';
import { allCompanyIds } from '@/lib/domain/tenants';
import { makeCtx, systemPrincipal, type Ctx } from '@/lib/domain/context';
import { createTenant } from '@/lib/domain/tenants';
import { createUser } from '@/lib/domain/users';
import { newId } from '@/lib/ids';
import { DEMO } from '@/lib/seed';
import { db } from './harness';

export interface TestUser {
  id: string;
  email: string;
  /** A live dashboard session of the user (user_sessions), for a session cookie. */
  sessionId: string;
  ctx: Ctx;
}

/** A new user of the tenant (unique e-mail: the PostgreSQL database is shared between runs). */
export async function createTestUser(tenantId: string, role: 'admin' | 'manager', companyIds: string[] | 'all'): Promise<TestUser> {
  const email = `${role}-${newId().toLowerCase()}@token-admin.test`;
  const user = await createUser({ ctx: await operatorCtx(tenantId), input: { email, role, password: 'test-password', companyIds } });
  const sessionId = await startUserSession(db(), user.id);
  // The principal of a signed-in session, as every dashboard page and server action gets it.
  const principal = await principalForSession(db(), { userId: user.id, sessionId });
  if (!principal) throw new Error('The new user has no principal.');
  return { id: user.id, email, sessionId, ctx: makeCtx(principal, db(), { source: 'dashboard' }) };
}

/** The operator CLI's Ctx (the system actor `cli`, tenant-wide, every scope), for a tenant or none. */
export async function operatorCtx(tenantId?: string): Promise<Ctx> {
  const companyIds = tenantId ? await allCompanyIds(db(), tenantId) : [];
  return makeCtx(systemPrincipal('cli', { tenantId: tenantId ?? '', companyIds }), db());
}

/** A tenant of its own, so rotating its signing secret disturbs no other test. */
export async function createTestTenant(): Promise<{ id: string }> {
  const slug = `t-${newId().toLowerCase()}`;
  return createTenant({ ctx: await operatorCtx(), input: { slug, name: 'Token admin test' } });
}

export async function storedWebhookSecret(tenantId: string): Promise<string> {
  const [row] = await db().select({ secret: tenants.webhookSecret }).from(tenants).where(eq(tenants.id, tenantId));
  return row.secret;
}

/**
 * The headers of the dashboard's own request to /api/v2 as the signed-in user: the session cookie
 * as next-auth signs it at sign-in, and the dashboard's Origin (the API checks it for changes).
 */
export async function asUser(user: Pick<TestUser, 'id' | 'sessionId'>): Promise<{ headers: Record<string, string> }> {
  const jwt = await encode({ token: { sub: user.id, sid: user.sessionId }, secret: authSecret() });
  return { headers: { cookie: `${SESSION_COOKIE.plain}=${jwt}`, host: 'localhost', origin: 'http://localhost' } };
}

/**
 * Acme's admins of the settings tests: one tenant-wide, one limited to the primary company, and a
 * manager (no user.write or token.write); the two admins' session cookies as request options.
 */
export async function acmeSettingsUsers() {
  const { primary } = DEMO.acme.companies;
  const acme = DEMO.tenants.acme.id;
  const [tenantAdmin, primaryAdmin, manager] = await Promise.all([
    createTestUser(acme, 'admin', 'all'),
    createTestUser(acme, 'admin', [primary]),
    createTestUser(acme, 'manager', 'all'),
  ]);
  const [wide, limited] = await Promise.all([asUser(tenantAdmin), asUser(primaryAdmin)]);
  return { tenantAdmin, primaryAdmin, manager, wide, limited };
}
