'use server';
/** The webhook signing secret: tenant admins only, always the admin's own tenant (from the session). */
import { revalidatePath } from 'next/cache';
import { rotateWebhookSecret } from '@/lib/domain/tenants';
import { adminCtxOrNull } from '../settings/require-admin';

export async function rotateWebhookSecretAction(): Promise<{ ok: true; secret: string } | { ok: false; error: string }> {
  const ctx = await adminCtxOrNull();
  if (!ctx) return { ok: false, error: 'Only tenant admins can rotate the webhook signing secret.' };
  const secret = await rotateWebhookSecret(ctx.db, ctx);
  revalidatePath('/webhooks');
  return { ok: true, secret };
}
