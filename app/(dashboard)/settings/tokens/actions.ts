'use server';
/**
 * API token management for tenant admins. The tenant is always the signed-in admin's own (from the
 * session's Ctx), never a value sent by the browser. Next.js checks the Origin of every server
 * action (CSRF).
 */
import { revalidatePath } from 'next/cache';
import { createToken, revokeToken, type CreatedToken } from '@/lib/auth/tokens';
import { DomainError } from '@/lib/domain/errors';
import { adminCtxOrNull } from '../require-admin';
import { CreateTokenForm, TOKEN_LIFETIMES } from './schema';

export type ActionResult<T> = { ok: true; value: T } | { ok: false; error: string; field?: string };

const NOT_ALLOWED = { ok: false as const, error: 'Only tenant admins can manage API tokens.' };

export async function createTokenAction(input: unknown): Promise<ActionResult<CreatedToken>> {
  const ctx = await adminCtxOrNull();
  if (!ctx) return NOT_ALLOWED;
  const parsed = CreateTokenForm.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, error: issue.message, field: issue.path.join('.') };
  }
  const { name, scopes, allCompanies, companyIds, lifetime } = parsed.data;
  const days = TOKEN_LIFETIMES[lifetime];
  try {
    const created = await createToken(ctx.db, {
      tenantId: ctx.tenantId,
      name,
      scopes,
      // A token can reach at most the companies its creator can.
      companyIds: allCompanies ? 'all' : companyIds.filter((id) => ctx.companyIds.includes(id)),
      expiresInSeconds: days === null ? undefined : days * 86_400,
      createdByUserId: ctx.actor.type === 'user' ? ctx.actor.id : undefined,
    });
    revalidatePath('/settings/tokens');
    return { ok: true, value: created };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, error: error.entries[0].detail, field: error.entries[0].pointer?.slice(1) };
    throw error;
  }
}

export async function revokeTokenAction(id: unknown): Promise<ActionResult<{ id: string }>> {
  const ctx = await adminCtxOrNull();
  if (!ctx) return NOT_ALLOWED;
  if (typeof id !== 'string' || !id) return { ok: false, error: 'No token given.' };
  const found = await revokeToken(ctx.db, id, ctx.tenantId);
  if (!found) return { ok: false, error: 'That token does not exist.' };
  revalidatePath('/settings/tokens');
  return { ok: true, value: { id } };
}
