/**
 * Tenants: created by the operator (the system actor of the CLI); the principal's own tenant, its
 * name for the dashboard, and its Standard Webhooks signing secret (`whsec_` + base64 of 32 random
 * bytes), read and rotated only within the principal's tenant and only by a tenant-wide admin (the
 * CLI acts as one). Creation and rotation are audited in their transactions.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { companies, tenants } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import type { Ctx, Principal } from '@/lib/domain/context';
import type { WebhookSecret } from '@/lib/domain/contract/management';
import { DomainError, notFound } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';
import { WEBHOOK_SECRET_PREFIX } from '@/lib/domain/outbox/webhook-signature';
import { newId } from '@/lib/ids';

/** A new signing secret; the one generator for tenant creation and rotation. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The principal's own tenant: id, slug and name. */
export async function getTenant(ctx: Ctx) {
  const [row] = await ctx.db.select({ id: tenants.id, slug: tenants.slug, name: tenants.name }).from(tenants).where(eq(tenants.id, ctx.tenantId));
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

export async function getWebhookSecret(ctx: Ctx): Promise<string> {
  assertTenantWebhookAdmin(ctx);
  const [row] = await ctx.db.select({ secret: tenants.webhookSecret }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  if (!row) throw notFound('Tenant');
  return row.secret;
}

/** Replaces the tenant's signing secret; deliveries from now on are signed with the new one. */
export async function rotateWebhookSecret({ ctx }: { ctx: Ctx }): Promise<string> {
  assertTenantWebhookAdmin(ctx);
  const secret = newWebhookSecret();
  return withTransaction(ctx, async (tx) => {
    const rows = await tx.db.update(tenants).set({ webhookSecret: secret }).where(eq(tenants.id, ctx.tenantId)).returning({ id: tenants.id });
    if (!rows.length) throw notFound('Tenant');
    await auditChange(tx, { action: 'tenant.webhookSecretRotated', subject: { type: 'tenant', id: ctx.tenantId } });
    return secret;
  });
}

/**
 * `POST /api/v2/webhooks/secret/rotation`: rotateWebhookSecret, answering the new secret once (the
 * dashboard shows it; receivers must switch to it).
 */
export async function rotateWebhookSecretForApi({ ctx }: { ctx: Ctx }): Promise<WebhookSecret> {
  const secret = await rotateWebhookSecret({ ctx });
  return { object: 'webhookSecret', secret, rotatedAt: new Date().toISOString() };
}

export interface CreateTenantInput {
  slug: string;
  name: string;
}

export interface CreatedTenant {
  id: string;
  slug: string;
  name: string;
  createdAt: string;
}

/** A new tenant with its own signing secret; the operator's alone (a system actor), and a slug is taken once. */
export async function createTenant({ ctx, input }: { ctx: Ctx; input: CreateTenantInput }): Promise<CreatedTenant> {
  if (ctx.actor.type !== 'system') throw new DomainError('insufficientScope', 'Tenants are created by the operator.');
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(tenants)
      .values({ id: newId(), slug: input.slug, name: input.name, webhookSecret: newWebhookSecret() })
      .onConflictDoNothing({ target: tenants.slug })
      .returning({ id: tenants.id, slug: tenants.slug, name: tenants.name, createdAt: tenants.createdAt });
    if (!row) {
      const [existing] = await tx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, input.slug));
      throw new DomainError('conflict', `A tenant with slug "${input.slug}" already exists (id ${existing?.id}).`);
    }
    await auditChange(tx, { action: 'tenant.created', tenantId: row.id, subject: { type: 'tenant', id: row.id }, data: { slug: row.slug, name: row.name } });
    return { ...row, createdAt: row.createdAt.toISOString() };
  });
}

export async function tenantBySlug(db: Db, slug: string) {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.slug, slug));
  if (!tenant) throw new DomainError('notFound', `No tenant with slug "${slug}".`, { pointer: '/tenant' });
  return tenant;
}

/** Companies a principal with "all companies" is linked to: every non-deleted one of the tenant. */
export async function allCompanyIds(db: Db, tenantId: string): Promise<string[]> {
  const rows = await db.select({ id: companies.id }).from(companies).where(and(eq(companies.tenantId, tenantId), isNull(companies.deletedAt)));
  return rows.map((r) => r.id);
}

/**
 * The company ids a principal is linked to, resolved once at authentication: the tenant's
 * non-deleted companies, all of them or those listed. Queries then filter by this list alone.
 */
export async function linkedCompanyIds(db: Db, tenantId: string, all: boolean, listed: readonly string[]): Promise<string[]> {
  if (all) return allCompanyIds(db, tenantId);
  if (listed.length === 0) return [];
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.tenantId, tenantId), inArray(companies.id, [...listed]), isNull(companies.deletedAt)));
  return rows.map((r) => r.id);
}
