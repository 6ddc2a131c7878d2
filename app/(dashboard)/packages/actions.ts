'use server';
/**
 * The package editor's clinic check, for admins: the clinics near a location that offer every
 * chosen service (lib/domain/packages/clinics-near.ts). The tenant and companies are the signed-in
 * user's own; Next.js checks the Origin of every server action.
 */
import { signedInCtx } from '@/lib/auth/page-context';
import { DomainError } from '@/lib/domain/errors';
import { ClinicsNearQuery, clinicsOfferingNear, type ClinicsNear } from '@/lib/domain/packages/clinics-near';

export type ClinicsNearResult = { ok: true; value: ClinicsNear } | { ok: false; error: string };

export async function clinicsNearAction(input: unknown): Promise<ClinicsNearResult> {
  const ctx = await signedInCtx();
  if (!ctx || !ctx.scopes.has('package.write')) return { ok: false, error: 'Only admins can check clinics for a package.' };
  const parsed = ClinicsNearQuery.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0].message };
  try {
    return { ok: true, value: await clinicsOfferingNear(ctx, parsed.data) };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, error: error.entries[0].detail };
    throw error;
  }
}
