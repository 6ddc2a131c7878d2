import type { Metadata } from 'next';
import Link from 'next/link';
import { PublicPage } from '@/components/shell/public-page';
import { ResetPasswordForm } from '@/components/users/reset-password-form';
import { getDb } from '@/lib/app-db';
import { env } from '@/lib/config/env';
import { MIN_PASSWORD_LENGTH, passwordResetByToken, RESET_GONE_DETAIL } from '@/lib/domain/users';
import { GONE_TITLE, loadOneTimeLink } from '@/app/invite/limit';

/** A one-time link: never indexed, never followed, never shared through a Referer. */
export const metadata: Metadata = { title: 'Choose a new password', robots: { index: false, follow: false }, referrer: 'no-referrer' };
export const dynamic = 'force-dynamic';


/**
 * `/reset-password/<token>`, the link of a password reset e-mail: the user chooses a new password,
 * which signs them out everywhere, then signs in. Opening the page changes nothing.
 */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const loaded = await loadOneTimeLink(token, async (t) => passwordResetByToken(await getDb(), t));
  return (
    <PublicPage environment={env.APP_ENV}>
      {loaded.kind === 'link' && loaded.link.state === 'valid' ? (
        <>
          <div className="mb-8 text-center">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Choose a new password</h1>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              For <strong className="font-medium text-slate-900 dark:text-white">{loaded.link.email}</strong>. You are then signed out everywhere and sign in
              with the new password.
            </p>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
            <ResetPasswordForm token={token} email={loaded.link.email} minLength={MIN_PASSWORD_LENGTH} />
          </div>
        </>
      ) : (
        <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          <h1 className="text-xl font-semibold text-slate-900 dark:text-white">
            {loaded.kind === 'link' ? GONE_TITLE[loaded.link.state as keyof typeof GONE_TITLE] : loaded.kind === 'limited' ? 'Too many attempts' : 'This link does not exist'}
          </h1>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300" data-testid="reset-state">
            {loaded.kind === 'link'
              ? RESET_GONE_DETAIL[loaded.link.state as keyof typeof RESET_GONE_DETAIL]
              : loaded.kind === 'limited'
                ? 'Wait a minute and open the link again.'
                : 'Check that you opened the whole link from the e-mail, or ask for a new one.'}
          </p>
          <Link href="/forgot-password" className="mt-6 inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
            Ask for a new link
          </Link>
        </div>
      )}
    </PublicPage>
  );
}
