/**
 * Creates an API token on behalf of a principal (a dashboard admin). A principal never grants what
 * it does not hold: the token's scopes are among the creator's, its companies among the creator's,
 * and "all companies" only from a tenant-wide creator. A company the creator cannot reach is refused,
 * never silently dropped. The operator CLI acts as the system, tenant-wide with every scope.
 * Audited (`token.created`) in the token's transaction.
 */
import { eq } from 'drizzle-orm';
import { apiTokens } from '@/lib/db/schema';
import { createToken, listTokensWhere, type CreatedToken } from '@/lib/domain/api-tokens/tokens';
import { auditChange } from '@/lib/domain/audit';
import { SCOPES } from '@/lib/domain/scopes';
import type { Ctx } from '@/lib/domain/context';
import { DomainError } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';
import type { CreatedApiToken } from '@/lib/domain/contract/management';
import { apiTokenRepresentation } from './queries';
import type { CreateApiTokenBody } from './schemas';

export interface CreateApiTokenInput {
  name: string;
  scopes: readonly string[] | 'all';
  companyIds: readonly string[] | 'all';
  /** Seconds until expiry; absent = never expires. */
  expiresInSeconds?: number;
}

export async function createApiToken({ ctx, input }: { ctx: Ctx; input: CreateApiTokenInput }): Promise<CreatedToken> {
  const scopes = input.scopes === 'all' ? SCOPES : input.scopes;
  const notHeld = [...new Set(scopes)].filter((s) => !(ctx.scopes as ReadonlySet<string>).has(s));
  if (notHeld.length) {
    throw new DomainError('insufficientScope', `You cannot grant scope(s) you do not hold: ${notHeld.join(', ')}.`, { pointer: '/scopes' });
  }
  if (input.companyIds === 'all') {
    if (!ctx.allCompanies) {
      throw new DomainError('insufficientScope', 'Only an admin linked to every company of the tenant can create a token for all companies.', { pointer: '/companyIds' });
    }
  } else if (!ctx.allCompanies) {
    // A tenant-wide creator reaches every company: an id outside its list is unknown (createToken answers 404).
    const unreachable = [...new Set(input.companyIds)].filter((id) => !ctx.companyIds.includes(id));
    if (unreachable.length) {
      throw new DomainError('insufficientScope', `You can only grant the companies you are linked to; not: ${unreachable.join(', ')}.`, { pointer: '/companyIds' });
    }
  }
  return withTransaction(ctx, async (tx) => {
    const created = await createToken(tx.db, {
      tenantId: ctx.tenantId,
      name: input.name,
      scopes,
      companyIds: input.companyIds,
      expiresInSeconds: input.expiresInSeconds,
      createdByUserId: ctx.actor.type === 'user' ? ctx.actor.id : undefined,
    });
    const { id, token: _secret, ...granted } = created;
    await auditChange(tx, { action: 'token.created', subject: { type: 'token', id }, data: granted });
    return created;
  });
}

/**
 * `POST /api/v2/apiTokens`: createApiToken with the request's body, answering the new token as the
 * API shows tokens plus the token itself, which no later answer holds (only its hash is stored).
 */
export async function issueApiToken({ ctx, input }: { ctx: Ctx; input: CreateApiTokenBody }): Promise<{ apiToken: CreatedApiToken; matched: null }> {
  return withTransaction(ctx, async (tx) => {
    const created = await createApiToken({
      ctx: tx,
      input: {
        name: input.name,
        scopes: input.scopes,
        companyIds: input.allCompanies ? 'all' : input.companyIds,
        expiresInSeconds: input.expiresInDays === null ? undefined : input.expiresInDays * 86_400,
      },
    });
    const [row] = await listTokensWhere(tx.db, eq(apiTokens.id, created.id));
    return { apiToken: { ...apiTokenRepresentation(row), token: created.token }, matched: null };
  });
}
