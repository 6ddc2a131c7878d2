/**
 * Which API tokens a principal may see and revoke. A tenant-wide principal manages every token of
 * its tenant; a company-limited one only tokens whose companies are all among its own, never an
 * "all companies" token. Any other token answers exactly like a missing one.
 */
import { and, arrayContained, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { apiTokens } from '@/lib/db/schema';
import type { Ctx, Principal } from '@/lib/domain/context';
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

/** The tenant of a token, whoever asks (the operator CLI revokes by id alone); null for an unknown id. */
export async function tenantOfToken(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ tenantId: apiTokens.tenantId }).from(apiTokens).where(eq(apiTokens.id, id));
  return row?.tenantId ?? null;
}
