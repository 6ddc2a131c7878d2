'use server';
/**
 * API token management for admins. The tenant is always the signed-in admin's own (from the
 * session's Ctx), never a value sent by the browser, and the domain operations decide what the admin
 * may grant, see and revoke (lib/domain/api-tokens): a company-limited admin acts for its companies
 * only. Next.js checks the Origin of every server action (CSRF).
 */
import { revalidatePath } from 'next/cache';
import type { CreatedToken } from '@/lib/domain/api-tokens/tokens';
import { createApiToken, revokeApiToken } from '@/lib/domain/api-tokens';
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
    const created = await createApiToken({
      ctx,
      input: { name, scopes, companyIds: allCompanies ? 'all' : companyIds, expiresInSeconds: days === null ? undefined : days * 86_400 },
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
  try {
    const revoked = await revokeApiToken({ ctx, input: { id } });
    revalidatePath('/settings/tokens');
    return { ok: true, value: revoked };
  } catch (error) {
    // A token outside the admin's companies answers like a missing one.
    if (error instanceof DomainError && error.entries[0].code === 'notFound') return { ok: false, error: 'That token does not exist.' };
    throw error;
  }
}
