/**
 * The dashboard's server actions for API tokens and the signing secret, called as Next.js calls them:
 * with a real signed session cookie of a real user session. Only the framework's request boundary is
 * replaced (`next/headers` cookies, `next/cache` revalidation, the `server-only` marker); the
 * session check, the admin check and the domain operations are the product's own.
 */
import { encode } from 'next-auth/jwt';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTokenAction, revokeTokenAction } from '@/app/(dashboard)/settings/tokens/actions';
import { rotateWebhookSecretAction } from '@/app/(dashboard)/webhooks/actions';
import { authSecret, SESSION_COOKIE } from '@/lib/auth/session';
import { authenticateToken, clearPrincipalCache, createToken } from '@/lib/domain/api-tokens/tokens';
import { DEMO } from '@/lib/seed';
import { listApiTokens } from '@/lib/domain/api-tokens';
import { newId } from '@/lib/ids';
import { createTestTenant, createTestUser, storedWebhookSecret, type TestUser } from './admins';
import { db, get, withTestDatabase } from './harness';

const request = vi.hoisted(() => ({ cookies: new Map<string, string>() }));

vi.mock('server-only', () => ({}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (request.cookies.has(name) ? { name, value: request.cookies.get(name)! } : undefined) }),
}));

withTestDatabase();

/** The next action runs for this user: a session cookie as next-auth signs it at sign-in. */
async function signIn(user: TestUser): Promise<void> {
  const token = await encode({ token: { sub: user.id, sid: user.sessionId }, secret: authSecret() });
  request.cookies.clear();
  request.cookies.set(SESSION_COOKIE.plain, token);
}

const acme = DEMO.tenants.acme.id;
const { primary, secondary } = DEMO.acme.companies;
const form = (name: string, companies: { allCompanies: boolean; companyIds?: string[] }) => ({
  name,
  scopes: ['company.list', 'order.list'],
  companyIds: [],
  lifetime: 'never',
  ...companies,
});

let tenantAdmin: TestUser;
let primaryAdmin: TestUser;
let manager: TestUser;

beforeAll(async () => {
  [tenantAdmin, primaryAdmin, manager] = await Promise.all([
    createTestUser(acme, 'admin', 'all'),
    createTestUser(acme, 'admin', [primary]),
    createTestUser(acme, 'manager', 'all'),
  ]);
});

async function tokenNames(): Promise<string[]> {
  return (await listApiTokens(tenantAdmin.ctx)).map((t) => t.name);
}

describe('createTokenAction', () => {
  it('an admin limited to one company cannot create a token for all companies: refused at companyIds, nothing created', async () => {
    await signIn(primaryAdmin);
    const name = `all-${newId()}`;
    const result = await createTokenAction(form(name, { allCompanies: true }));
    expect(result).toMatchObject({ ok: false, field: 'companyIds' });
    expect(await tokenNames()).not.toContain(name);
  });

  it('an admin limited to one company naming another company is refused at companyIds, not silently narrowed', async () => {
    await signIn(primaryAdmin);
    const name = `two-${newId()}`;
    const result = await createTokenAction(form(name, { allCompanies: false, companyIds: [primary, secondary] }));
    expect(result).toMatchObject({ ok: false, field: 'companyIds' });
    expect(await tokenNames()).not.toContain(name);
  });

  it('an admin limited to one company creates a token that sees that company alone', async () => {
    await signIn(primaryAdmin);
    const result = await createTokenAction(form(`one-${newId()}`, { allCompanies: false, companyIds: [primary] }));
    if (!result.ok) throw new Error(result.error);
    expect(result.value.companyIds).toEqual([primary]);
    const companies = await get('/api/v2/companies', { token: result.value.token, query: { limit: 20 } });
    expect(companies.body.data.map((c: { id: string }) => c.id)).toEqual([primary]);
  });

  it('a tenant-wide admin creates a token for all companies', async () => {
    await signIn(tenantAdmin);
    const result = await createTokenAction(form(`wide-${newId()}`, { allCompanies: true }));
    if (!result.ok) throw new Error(result.error);
    expect(result.value.companyIds).toBe('all');
  });

  it('a manager is not allowed to manage tokens at all', async () => {
    await signIn(manager);
    expect(await createTokenAction(form(`m-${newId()}`, { allCompanies: true }))).toEqual({ ok: false, error: 'Only tenant admins can manage API tokens.' });
  });
});

describe('revokeTokenAction', () => {
  it("an admin limited to one company cannot revoke the tenant's all-companies token: answered like a missing token, and it keeps working", async () => {
    const wide = await createToken(db(), { tenantId: acme, name: `wide-${newId()}`, scopes: ['company.list'], companyIds: 'all' });
    await signIn(primaryAdmin);
    const missing = await revokeTokenAction(newId());
    expect(missing).toEqual({ ok: false, error: 'That token does not exist.' });
    expect(await revokeTokenAction(wide.id)).toEqual(missing);
    clearPrincipalCache();
    expect(await authenticateToken(db(), wide.token)).not.toBeNull();
  });

  it('an admin limited to one company revokes a token of that company', async () => {
    const own = await createToken(db(), { tenantId: acme, name: `own-${newId()}`, scopes: ['company.list'], companyIds: [primary] });
    await signIn(primaryAdmin);
    expect(await revokeTokenAction(own.id)).toEqual({ ok: true, value: { id: own.id } });
    clearPrincipalCache();
    expect(await authenticateToken(db(), own.token)).toBeNull();
  });
});

describe('rotateWebhookSecretAction', () => {
  let tenant: { id: string };
  let wide: TestUser;
  let limited: TestUser;

  beforeAll(async () => {
    tenant = await createTestTenant();
    [wide, limited] = await Promise.all([createTestUser(tenant.id, 'admin', 'all'), createTestUser(tenant.id, 'admin', [])]);
  });

  it("an admin limited to some companies cannot rotate the tenant's secret; it stays as it was", async () => {
    const before = await storedWebhookSecret(tenant.id);
    await signIn(limited);
    const result = await rotateWebhookSecretAction();
    expect(result.ok).toBe(false);
    expect(await storedWebhookSecret(tenant.id)).toBe(before);
  });

  it('a tenant-wide admin rotates it', async () => {
    const before = await storedWebhookSecret(tenant.id);
    await signIn(wide);
    const result = await rotateWebhookSecretAction();
    if (!result.ok) throw new Error(result.error);
    expect(result.secret).not.toBe(before);
    expect(await storedWebhookSecret(tenant.id)).toBe(result.secret);
  });
});
