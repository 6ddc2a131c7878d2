/**
 * The principal's own tenant: its name for the dashboard, and its Standard Webhooks signing secret
 * (`whsec_` + base64 of 32 random bytes), read and rotated only within the principal's tenant.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { tenants } from '@/lib/db/schema';
import type { Principal } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
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

export async function getWebhookSecret(db: Db, principal: Pick<Principal, 'tenantId'>): Promise<string> {
  const [row] = await db.select({ secret: tenants.webhookSecret }).from(tenants).where(eq(tenants.id, principal.tenantId));
  if (!row) throw notFound('Tenant');
  return row.secret;
}

/** Replaces the tenant's signing secret; deliveries from now on are signed with the new one. */
export async function rotateWebhookSecret(db: Db, principal: Pick<Principal, 'tenantId'>): Promise<string> {
  const secret = newWebhookSecret();
  const rows = await db.update(tenants).set({ webhookSecret: secret }).where(eq(tenants.id, principal.tenantId)).returning({ id: tenants.id });
  if (!rows.length) throw notFound('Tenant');
  return secret;
}
