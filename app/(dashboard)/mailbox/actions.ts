'use server';
/**
 * The mailbox's "Send a new link" (lib/domain/messages/resend-link.ts): the tenant and what the
 * admin may see are the session's, never the browser's. Next.js checks the Origin of every server
 * action (CSRF).
 */
import { revalidatePath } from 'next/cache';
import type { ResendResult } from '@/components/messages/mailbox-resend';
import { DomainError } from '@/lib/domain/errors';
import { resendMessageLink } from '@/lib/domain/messages/resend-link';
import { adminCtxOrNull } from '../settings/require-admin';

export async function resendMessageLinkAction(id: unknown): Promise<ResendResult> {
  const ctx = await adminCtxOrNull();
  if (!ctx) return { ok: false, error: 'Only admins can send links from the mailbox.' };
  if (typeof id !== 'string' || id.length === 0 || id.length > 255) return { ok: false, error: 'No message given.' };
  try {
    const { link } = await resendMessageLink({ ctx, input: { id } });
    revalidatePath('/mailbox');
    return { ok: true, link };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { ok: false, error: error.entries[0].detail };
  }
}
