'use server';
/**
 * The webhook signing secret: the admin's own tenant (from the session), and only an admin linked to
 * every company of it (lib/domain/tenants decides).
 */
import { revalidatePath } from 'next/cache';
import { DomainError } from '@/lib/domain/errors';
import { rotateWebhookSecret } from '@/lib/domain/tenants';
import { adminCtxOrNull } from '../settings/require-admin';

export async function rotateWebhookSecretAction(): Promise<{ ok: true; secret: string } | { ok: false; error: string }> {
  const ctx = await adminCtxOrNull();
  if (!ctx) return { ok: false, error: 'Only tenant admins can rotate the webhook signing secret.' };
  try {
    const secret = await rotateWebhookSecret({ ctx });
    revalidatePath('/webhooks');
    return { ok: true, secret };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, error: error.entries[0].detail };
    throw error;
  }
}
