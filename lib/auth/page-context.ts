/**
 * The Ctx of a dashboard page or server action: the signed-in user's principal over the database.
 * Pages call domain functions with it, exactly as the API does with a token's principal.
 */
import 'server-only';
import { cache } from 'react';
import { decode } from 'next-auth/jwt';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDb } from '@/lib/db';
import type { Ctx } from '@/lib/domain/context';
import { newId } from '@/lib/ids';
import type { Scope } from './scopes';
import { authSecret, principalForUser } from './session';

export type PageCtx = Ctx & { role: string; userEmail: string; userName: string | null };

/**
 * The signed-in user's Ctx, or a redirect to /login. Memoised per request (React `cache`): the
 * layout, `generateMetadata` and the page of one render share one session check and one
 * principal query.
 */
export const requirePageCtx = cache(async (): Promise<PageCtx> => {
  const userId = await sessionSubject();
  if (!userId) redirect('/login');
  const db = await getDb();
  const principal = await principalForUser(db, userId);
  if (!principal) redirect('/login');
  const actor = principal.actor as { email: string; name: string | null };
  return { ...principal, db, requestId: newId(), source: 'dashboard', userEmail: actor.email, userName: actor.name };
});

/** The session's user id (the JWT subject). */
async function sessionSubject(): Promise<string | null> {
  const store = await cookies();
  const token = store.get('__Secure-next-auth.session-token')?.value ?? store.get('next-auth.session-token')?.value;
  if (!token) return null;
  const decoded = await decode({ token, secret: authSecret() }).catch(() => null);
  return decoded?.sub ?? null;
}

export function can(ctx: Pick<Ctx, 'scopes'>, scope: Scope): boolean {
  return ctx.scopes.has(scope);
}

/** For a page or action a role may not use: the server refuses, whatever the UI shows. */
export async function requireScope(scope: Scope): Promise<PageCtx> {
  const ctx = await requirePageCtx();
  if (!ctx.scopes.has(scope)) redirect('/orders?denied=' + encodeURIComponent(scope));
  return ctx;
}
