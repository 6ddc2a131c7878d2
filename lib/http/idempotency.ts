/**
 * `Idempotency-Key` (operations declared `idempotent` in lib/api/operations.ts): a repeat with the
 * same key and body within 24 hours gets the first response again; the same key with another body
 * gives 409 `conflict`. The response is stored in the transaction of the change it describes: the
 * operation's domain transaction joins the one opened here (withTransaction), so an order and the
 * record of its response commit together or not at all.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { idempotencyKeys } from '@/lib/db/schema';
import type { Ctx } from '@/lib/domain/context';
import { DomainError } from '@/lib/domain/errors';
import { withTransaction } from '@/lib/domain/transaction';

const WINDOW_MS = 24 * 60 * 60 * 1000;

/** What is replayed: status and body (headers follow from them, lib/http/route.ts). */
export interface StoredResponse {
  status: number;
  body: unknown;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  return JSON.stringify(value);
}

const principalId = (ctx: Ctx) => (ctx.actor.type === 'system' ? ctx.actor.name : ctx.actor.id);

/** Runs `respond` once per key: the first time in a transaction that also stores its response. */
export async function withIdempotency(
  ctx: Ctx,
  key: string | null,
  requestBody: unknown,
  respond: (ctx: Ctx) => Promise<StoredResponse>,
): Promise<StoredResponse> {
  if (key === null) return respond(ctx);
  if (key.length === 0 || key.length > 255)
    throw new DomainError('invalidValue', 'The Idempotency-Key header must be 1 to 255 characters.', { meta: { header: 'Idempotency-Key' } });
  const requestHash = createHash('sha256').update(canonical(requestBody)).digest('hex');
  const where = and(eq(idempotencyKeys.tenantId, ctx.tenantId), eq(idempotencyKeys.principalId, principalId(ctx)), eq(idempotencyKeys.key, key));

  const attempt = () =>
    withTransaction(ctx, async (t) => {
      const tx = t.db;
      const [existing] = await tx.select().from(idempotencyKeys).where(where).for('update');
      if (existing && existing.createdAt.getTime() > Date.now() - WINDOW_MS) {
        if (existing.requestHash !== requestHash)
          throw new DomainError('conflict', 'This Idempotency-Key was used with a different request body.', { meta: { header: 'Idempotency-Key' } });
        return { status: existing.responseStatus, body: existing.responseBody };
      }
      if (existing) await tx.delete(idempotencyKeys).where(where);
      const response = await respond(t);
      await tx.insert(idempotencyKeys).values({
        tenantId: ctx.tenantId,
        principalId: principalId(ctx),
        key,
        requestHash,
        responseStatus: response.status,
        responseBody: response.body as object,
      });
      return response;
    });

  try {
    return await attempt();
  } catch (error) {
    // A concurrent request with the same key committed first: answer as it did.
    if ((error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505')
      return attempt();
    throw error;
  }
}
