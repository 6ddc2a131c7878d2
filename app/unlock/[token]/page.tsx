import type { Metadata } from 'next';
import Link from 'next/link';
import { PublicPage } from '@/components/shell/public-page';
import { Button } from '@/components/ui/button';
import { getDb } from '@/lib/app-db';
import { env } from '@/lib/config/env';
import { userOfUnlockToken } from '@/lib/domain/users/sign-in-unlock';

/** A one-time link: never indexed, never followed, never shared through a Referer. */
export const metadata: Metadata = { title: 'Unlock sign-in', robots: { index: false, follow: false }, referrer: 'no-referrer' };
export const dynamic = 'force-dynamic';

/**
 * `/unlock/<token>`, the link of an unlock e-mail (lib/domain/users/sign-in-unlock.ts). Opening it
 * changes nothing (mail scanners open links too): the button posts to `./confirm`, which unlocks.
 */
export default async function UnlockPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const user = await userOfUnlockToken(await getDb(), token);
  return (
    <PublicPage environment={env.APP_ENV}>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        {user ? (
          <>
            <h1 className="text-xl font-semibold tracking-tight text-slate-900 dark:text-white">Unlock sign-in</h1>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              Too many sign-in attempts were made for <strong className="font-medium text-slate-900 dark:text-white">{user.email}</strong>. Unlock it to sign in again on this
              browser. If the attempts were not yours, change your password after signing in.
            </p>
            <form method="post" action={`/unlock/${encodeURIComponent(token)}/confirm`} className="mt-6">
              <Button type="submit" className="w-full">
                Unlock and go to sign-in
              </Button>
            </form>
          </>
        ) : (
          <>
            <h1 className="text-xl font-semibold tracking-tight text-slate-900 dark:text-white">This link no longer works</h1>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Unlock links work once, for one hour. Ask for a new one on the sign-in page.</p>
            <Link href="/login" className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
              Go to sign-in
            </Link>
          </>
        )}
      </div>
    </PublicPage>
  );
}
