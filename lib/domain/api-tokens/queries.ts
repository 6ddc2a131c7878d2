/**
 * Which API tokens a principal may see and revoke. A tenant-wide principal manages every token of
 * its tenant; a company-limited one only tokens whose companies are all among its own, never an
 * "all companies" token. Any other token answers exactly like a missing one.
 */
import { and, arrayContained, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { apiTokens } from '@/lib/db/schema';
import type { Ctx, Principal } from '@/lib/domain/context';
import { apiTokenUrl, type ApiToken } from '@/lib/domain/contract/management';
import { notFound } from '@/lib/domain/errors';
import { listTokensWhere } from './tokens';

export function manageableToken(principal: Pick<Principal, 'tenantId' | 'companyIds' | 'allCompanies'>): SQL {
  if (principal.allCompanies) return eq(apiTokens.tenantId, principal.tenantId);
  return and(eq(apiTokens.tenantId, principal.tenantId), eq(apiTokens.allCompanies, false), arrayContained(apiTokens.companyIds, principal.companyIds))!;
}

export type ApiTokenListItem = Awaited<ReturnType<typeof listTokensWhere>>[number];

/** The tokens the principal manages, newest first (revoked ones stay listed for the record). */
export function listApiTokens(ctx: Ctx): Promise<ApiTokenListItem[]> {
  return listTokensWhere(ctx.db, manageableToken(ctx));
}

/** A token the principal manages, as the API shows it (never the token itself); 404 for any other. */
export async function getApiToken(ctx: Ctx, id: string): Promise<ApiToken> {
  const [token] = await listTokensWhere(ctx.db, and(eq(apiTokens.id, id), manageableToken(ctx))!);
  if (!token) throw notFound('API token');
  return apiTokenRepresentation(token);
}

export function apiTokenRepresentation(token: ApiTokenListItem): ApiToken {
  return {
    id: token.id,
    object: 'apiToken',
    url: apiTokenUrl(token.id),
    name: token.name,
    prefix: token.prefix,
    scopes: token.scopes,
    allCompanies: token.companyIds === 'all',
    companyIds: token.companyIds === 'all' ? [] : token.companyIds,
    expiresAt: token.expiresAt,
    revokedAt: token.revokedAt,
    lastUsedAt: token.lastUsedAt,
    createdAt: token.createdAt,
  };
}

/** The tenant of a token, whoever asks (the operator CLI revokes by id alone); null for an unknown id. */
export async function tenantOfToken(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ tenantId: apiTokens.tenantId }).from(apiTokens).where(eq(apiTokens.id, id));
  return row?.tenantId ?? null;
}
