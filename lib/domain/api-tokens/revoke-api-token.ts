/**
 * Revokes an API token the principal manages (queries.ts). A token outside its reach answers 404
 * like a missing one, so its existence is not revealed. Revoking twice is not an error.
 */
import { and, eq } from 'drizzle-orm';
import { revokeToken } from '@/lib/domain/api-tokens/tokens';
import { apiTokens } from '@/lib/db/schema';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { manageableToken } from './queries';

export async function revokeApiToken({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<{ id: string }> {
  // Which token a principal manages never changes (a token's companies are fixed), so check, then revoke.
  const [token] = await ctx.db.select({ id: apiTokens.id }).from(apiTokens).where(and(eq(apiTokens.id, input.id), manageableToken(ctx)));
  if (!token) throw notFound('API token', '/id');
  await revokeToken(ctx.db, token.id, ctx.tenantId);
  return { id: token.id };
}
