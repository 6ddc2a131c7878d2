/**
 * The principal's own tenant: its name for the dashboard, and its Standard Webhooks signing secret
 * (`whsec_` + base64 of 32 random bytes), read and rotated only within the principal's tenant and
 * only by a tenant-wide admin.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { tenants } from '@/lib/db/schema';
import type { Principal } from '@/lib/domain/context';
import { DomainError, notFound } from '@/lib/domain/errors';
import { WEBHOOK_SECRET_PREFIX } from '@/lib/domain/webhooks/signature';

/** A new signing secret; the one generator for tenant creation and rotation. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

export async function getTenant(db: Db, principal: Pick<Principal, 'tenantId'>) {
  const [row] = await db.select({ id: tenants.id, slug: tenants.slug, name: tenants.name }).from(tenants).where(eq(tenants.id, principal.tenantId));
  if (!row) throw notFound('Tenant');
  return row;
}

/**
 * Tenant-wide settings (the webhook signing secret) belong to a tenant-wide admin: a principal linked
 * to every company of the tenant that holds `webhook.write`. The secret signs deliveries for every
 * company, so a company-limited admin neither sees nor rotates it.
 */
export function isTenantWebhookAdmin(principal: Pick<Principal, 'allCompanies' | 'scopes'>): boolean {
  return principal.allCompanies === true && principal.scopes.has('webhook.write');
}

function assertTenantWebhookAdmin(principal: Pick<Principal, 'allCompanies' | 'scopes'>): void {
  if (!isTenantWebhookAdmin(principal)) {
    throw new DomainError('insufficientScope', 'The webhook signing secret is managed by an admin linked to every company of the tenant.');
  }
}

export async function getWebhookSecret(db: Db, principal: Pick<Principal, 'tenantId' | 'allCompanies' | 'scopes'>): Promise<string> {
  assertTenantWebhookAdmin(principal);
  const [row] = await db.select({ secret: tenants.webhookSecret }).from(tenants).where(eq(tenants.id, principal.tenantId));
  if (!row) throw notFound('Tenant');
  return row.secret;
}

/** Replaces the tenant's signing secret; deliveries from now on are signed with the new one. */
export async function rotateWebhookSecret(db: Db, principal: Pick<Principal, 'tenantId' | 'allCompanies' | 'scopes'>): Promise<string> {
  assertTenantWebhookAdmin(principal);
  return replaceWebhookSecret(db, principal.tenantId);
}

/** The operator's rotation (CLI): no principal, any tenant it names. */
export async function replaceWebhookSecret(db: Db, tenantId: string): Promise<string> {
  const secret = newWebhookSecret();
  const rows = await db.update(tenants).set({ webhookSecret: secret }).where(eq(tenants.id, tenantId)).returning({ id: tenants.id });
  if (!rows.length) throw notFound('Tenant');
  return secret;
}
