/**
 * Which API tokens a principal may see and revoke. A tenant-wide principal manages every token of
 * its tenant; a company-limited one only tokens whose companies are all among its own, never an
 * "all companies" token. Any other token answers exactly like a missing one.
 */
import { and, arrayContained, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { apiTokens } from '@/lib/db/schema';
import type { Ctx, Principal } from '@/lib/domain/context';

export function manageableToken(principal: Pick<Principal, 'tenantId' | 'companyIds' | 'allCompanies'>): SQL {
  if (principal.allCompanies) return eq(apiTokens.tenantId, principal.tenantId);
  return and(eq(apiTokens.tenantId, principal.tenantId), eq(apiTokens.allCompanies, false), arrayContained(apiTokens.companyIds, principal.companyIds))!;
}

export interface ApiTokenListItem {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  companyIds: string[] | 'all';
  expiresAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

/** The tokens the principal manages, newest first (revoked ones stay listed for the record). */
export async function listApiTokens(ctx: Ctx): Promise<ApiTokenListItem[]> {
  const rows = await ctx.db.select().from(apiTokens).where(manageableToken(ctx)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    scopes: t.scopes,
    companyIds: t.allCompanies ? ('all' as const) : t.companyIds,
    expiresAt: t.expiresAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(),
  }));
}

/** The tenant of a token, whoever asks (the operator CLI revokes by id alone); null for an unknown id. */
export async function tenantOfToken(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ tenantId: apiTokens.tenantId }).from(apiTokens).where(eq(apiTokens.id, id));
  return row?.tenantId ?? null;
}
