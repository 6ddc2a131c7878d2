/**
 * POST /api/v2/webhooks/secret/rotation (issue 28): the tenant's signing secret, replaced by a
 * principal holding `webhook.write` and linked to every company of the tenant (the dashboard's
 * admins through their session), never by a company-limited one; the new secret is in the answer.
 * Each test tenant is its own, so that no other test's signatures change.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '@/lib/db/schema';
import { createToken } from '@/lib/domain/api-tokens/tokens';
import { SCOPES } from '@/lib/domain/scopes';
import { asUser, createTestTenant, createTestUser, storedWebhookSecret, type TestUser } from './admins';
import { call, db, expectError, withTestDatabase, type RequestOptions } from './harness';

withTestDatabase();

const rotate = (as: RequestOptions) => call('POST', '/api/v2/webhooks/secret/rotation', as);
const rotations = (tenantId: string) =>
  db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, 'tenant'), eq(auditEvents.subjectId, tenantId), eq(auditEvents.action, 'tenant.webhookSecretRotated')))
    .orderBy(auditEvents.createdAt, auditEvents.id);

let tenant: { id: string };
let other: { id: string };
let wide: TestUser;
let limited: TestUser;
let manager: TestUser;

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTestTenant(), createTestTenant()]);
  [wide, limited, manager] = await Promise.all([createTestUser(tenant.id, 'admin', 'all'), createTestUser(tenant.id, 'admin', []), createTestUser(tenant.id, 'manager', 'all')]);
});

describe('POST /api/v2/webhooks/secret/rotation', () => {
  it('200 for a tenant-wide admin: the new secret, stored at once; audited as the admin, never with the secret', async () => {
    const before = await storedWebhookSecret(tenant.id);
    const res = await rotate(await asUser(wide));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ object: 'webhookSecret', secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/), rotatedAt: expect.stringMatching(/Z$/) });
    expect(res.body.secret).not.toBe(before);
    expect(await storedWebhookSecret(tenant.id)).toBe(res.body.secret);
    const entries = await rotations(tenant.id);
    expect(entries.at(-1)).toMatchObject({ tenantId: tenant.id, actorType: 'user', actorUserId: wide.id, data: {} });
    expect(JSON.stringify(entries)).not.toContain(res.body.secret);
  });

  it('403 insufficientScope for a company-limited admin: the secret stays, nothing is audited', async () => {
    const before = await storedWebhookSecret(tenant.id);
    const count = (await rotations(tenant.id)).length;
    const entry = expectError(await rotate(await asUser(limited)), 403, 'insufficientScope');
    expect(entry.detail).toBe('The webhook signing secret is managed by an admin linked to every company of the tenant.');
    expect(await storedWebhookSecret(tenant.id)).toBe(before);
    expect(await rotations(tenant.id)).toHaveLength(count);
  });

  it('401 without credentials; 403 for a manager (no webhook.write) and for a token without it', async () => {
    const before = await storedWebhookSecret(tenant.id);
    expectError(await call('POST', '/api/v2/webhooks/secret/rotation'), 401, 'unauthenticated');
    expect(expectError(await rotate(await asUser(manager)), 403, 'insufficientScope').meta).toEqual({ requiredScope: 'webhook.write' });
    const without = await createToken(db(), { tenantId: tenant.id, name: 'no webhook.write', scopes: SCOPES.filter((s) => s !== 'webhook.write'), companyIds: 'all' });
    expectError(await rotate({ token: without.token }), 403, 'insufficientScope');
    expect(await storedWebhookSecret(tenant.id)).toBe(before);
  });

  it("a tenant-wide token rotates its own tenant's secret and no other's; a company-limited token is refused", async () => {
    const [mine, theirs] = await Promise.all([storedWebhookSecret(tenant.id), storedWebhookSecret(other.id)]);
    const t = await createToken(db(), { tenantId: tenant.id, name: 'rotation', scopes: ['webhook.write'], companyIds: 'all' });
    const res = await rotate({ token: t.token });
    expect(res.status).toBe(200);
    expect(await storedWebhookSecret(tenant.id)).toBe(res.body.secret);
    expect(res.body.secret).not.toBe(mine);
    expect(await storedWebhookSecret(other.id)).toBe(theirs);
    expect((await rotations(tenant.id)).at(-1)).toMatchObject({ actorType: 'token', actorTokenId: t.id });
    const some = await createToken(db(), { tenantId: tenant.id, name: 'limited', scopes: ['webhook.write'], companyIds: [] });
    expectError(await rotate({ token: some.token }), 403, 'insufficientScope');
  });
});
