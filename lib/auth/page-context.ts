/**
 * The Ctx of a dashboard page: the signed-in user's principal over the database. Pages read through
 * domain functions with it, exactly as the API does with a token's principal; their changes go
 * through /api/v2 with the session cookie.
 */
import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDb } from '@/lib/app-db';
import { makeCtx, type Ctx } from '@/lib/domain/context';
import type { Scope } from '@/lib/domain/scopes';
import { DEFAULT_TIME_ZONE } from '@/lib/format/time';
import { principalForSession, sessionClaims } from './session';

export type PageCtx = Ctx & {
  role: string;
  userEmail: string;
  userName: string | null;
  /** The one zone the page shows times in: the user's, else the default (UTC), which the page names too. */
  timeZone: string;
  /** False until the user's zone is known (recorded at sign-in or chosen). */
  timeZoneKnown: boolean;
};

/**
 * The signed-in user's Ctx, or a redirect to /login. Memoised per request (React `cache`): the
 * layout, `generateMetadata` and the page of one render share one session check and one
 * principal query.
 */
export const requirePageCtx = cache(async (): Promise<PageCtx> => {
  const ctx = await signedInCtx();
  if (!ctx) redirect('/login');
  return ctx;
});

/** The signed-in user's Ctx, or null when the request has no live session (ended, expired, disabled user). */
export const signedInCtx = cache(async (): Promise<PageCtx | null> => {
  const store = await cookies();
  const claims = await sessionClaims((name) => store.get(name)?.value);
  if (!claims) return null;
  const db = await getDb();
  const principal = await principalForSession(db, claims);
  if (!principal) return null;
  const actor = principal.actor as { email: string; name: string | null };
  return {
    ...makeCtx(principal, db, { source: 'dashboard' }),
    userEmail: actor.email,
    userName: actor.name,
    timeZone: principal.timeZone ?? DEFAULT_TIME_ZONE,
    timeZoneKnown: principal.timeZone !== null,
  };
});

export function can(ctx: Pick<Ctx, 'scopes'>, scope: Scope): boolean {
  return ctx.scopes.has(scope);
}

/** For a page or action a role may not use: the server refuses, whatever the UI shows. */
export async function requireScope(scope: Scope): Promise<PageCtx> {
  const ctx = await requirePageCtx();
  if (!ctx.scopes.has(scope)) redirect('/orders?denied=' + encodeURIComponent(scope));
  return ctx;
}
