'use server';
/**
 * Acknowledging results from the inbox: one or several orders in one transaction (all or none),
 * as the signed-in user (acknowledgeOrders in lib/domain/orders/acknowledge.ts, the same rule as
 * PUT /api/v2/orders/{id}/acknowledgement). Next.js checks the Origin of every server action.
 */
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { signedInCtx } from '@/lib/auth/page-context';
import { DomainError } from '@/lib/domain/errors';
import { acknowledgeOrders } from '@/lib/domain/orders/acknowledge';

export type AcknowledgeResult = { ok: true; acknowledged: number } | { ok: false; error: string };

const Ids = z.array(z.string().min(1).max(255)).min(1).max(100);

export async function acknowledgeAction(input: unknown): Promise<AcknowledgeResult> {
  const ctx = await signedInCtx();
  if (!ctx || !ctx.scopes.has('order.update')) return { ok: false, error: 'Your role cannot acknowledge results.' };
  const parsed = Ids.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'Choose between 1 and 100 results.' };
  try {
    const { acknowledged } = await acknowledgeOrders({ ctx, input: parsed.data });
    revalidatePath('/results');
    return { ok: true, acknowledged: acknowledged.length };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, error: error.entries[0].detail };
    throw error;
  }
}
