/**
 * Revokes an API token the principal manages (queries.ts). A token outside its reach answers 404
 * like a missing one, so its existence is not revealed. Revoking twice is not an error; the first
 * revocation alone is audited (`token.revoked`): the row is locked, so two at once record one.
 */
import { and, eq } from 'drizzle-orm';
import { clearPrincipalCache } from '@/lib/domain/api-tokens/tokens';
import { apiTokens } from '@/lib/db/schema';
import { auditChange } from '@/lib/domain/audit';
import type { Ctx } from '@/lib/domain/context';
import { notFound } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';
import { manageableToken } from './queries';

export async function revokeApiToken({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<{ id: string }> {
  return withTransaction(ctx, async (tx) => {
    const [token] = await tx.db
      .select({ id: apiTokens.id, revokedAt: apiTokens.revokedAt })
      .from(apiTokens)
      .where(and(eq(apiTokens.id, input.id), manageableToken(ctx)))
      .for('update');
    if (!token) throw notFound('API token');
    if (!token.revokedAt) {
      await tx.db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, token.id));
      await auditChange(tx, { action: 'token.revoked', subject: { type: 'token', id: token.id } });
      // After the commit: a request authenticating before it would cache the token as still valid.
      tx.afterCommit(clearPrincipalCache);
    }
    return { id: token.id };
  });
}
