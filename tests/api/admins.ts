/**
 * Dashboard users for the token and tenant-settings tests: a tenant-wide admin (linked to every
 * company), an admin limited to some companies, a manager; their Ctx as the dashboard builds it.
 */
import { eq } from 'drizzle-orm';
import { principalForSession, startUserSession } from '@/lib/auth/session';
import { tenants } from '@/lib/db/schema';
import type { Ctx } from '@/lib/domain/context';
import { newWebhookSecret } from '@/lib/domain/tenants';
import { createUser } from '@/lib/domain/users';
import { newId } from '@/lib/ids';
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
  const user = await createUser(db(), { tenantId, email, role, password: 'test-password', companyIds });
  const sessionId = await startUserSession(db(), user.id);
  // The principal of a signed-in session, as every dashboard page and server action gets it.
  const principal = await principalForSession(db(), { userId: user.id, sessionId });
  if (!principal) throw new Error('The new user has no principal.');
  return { id: user.id, email, sessionId, ctx: { ...principal, db: db(), requestId: newId(), source: 'dashboard' } };
}

/** A tenant of its own, so rotating its signing secret disturbs no other test. */
export async function createTestTenant(): Promise<{ id: string }> {
  const id = newId();
  await db().insert(tenants).values({ id, slug: `t-${id.toLowerCase()}`, name: 'Token admin test', webhookSecret: newWebhookSecret() });
  return { id };
}

export async function storedWebhookSecret(tenantId: string): Promise<string> {
  const [row] = await db().select({ secret: tenants.webhookSecret }).from(tenants).where(eq(tenants.id, tenantId));
  return row.secret;
}
