import type { Metadata } from 'next';
import Link from 'next/link';
import { PublicPage } from '@/components/shell/public-page';
import { AcceptInvitationForm } from '@/components/users/accept-invitation-form';
import { getDb } from '@/lib/app-db';
import { env } from '@/lib/config/env';
import { GONE_DETAIL, invitationByToken, MIN_PASSWORD_LENGTH } from '@/lib/domain/users';
import { GONE_TITLE, loadOneTimeLink } from '../limit';

/** A one-time link: never indexed, never followed, never shared through a Referer. */
export const metadata: Metadata = { title: 'Set your password', robots: { index: false, follow: false }, referrer: 'no-referrer' };


/**
 * `/invite/<token>`, the link of an invitation e-mail: the invited user sets a password and is
 * signed in. A used, expired or revoked link says so (and its accept endpoint answers 410); an
 * unknown one says it does not exist.
 */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const loaded = await loadOneTimeLink(token, async (t) => invitationByToken(await getDb(), t));
  return (
    <PublicPage environment={env.APP_ENV}>
      {loaded.kind === 'link' && loaded.link.state === 'valid' ? (
        <>
          <div className="mb-8 text-center">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Welcome to {loaded.link.tenantName}</h1>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              Choose a password for <strong className="font-medium text-slate-900 dark:text-white">{loaded.link.email}</strong>. You are then signed
              in.
            </p>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
            <AcceptInvitationForm token={token} email={loaded.link.email} minLength={MIN_PASSWORD_LENGTH} />
          </div>
        </>
      ) : (
        <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          <h1 className="text-xl font-semibold text-slate-900 dark:text-white">
            {loaded.kind === 'link'
              ? GONE_TITLE[loaded.link.state as keyof typeof GONE_TITLE]
              : loaded.kind === 'limited'
                ? 'Too many attempts'
                : 'This invitation link does not exist'}
          </h1>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300" data-testid="invitation-state">
            {loaded.kind === 'link'
              ? GONE_DETAIL[loaded.link.state as keyof typeof GONE_DETAIL]
              : loaded.kind === 'limited'
                ? 'Wait a minute and open the link again.'
                : 'Check that you opened the whole link from the e-mail, or ask an admin of your organisation for a new one.'}
          </p>
          <Link href="/login" className="mt-6 inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
            Go to sign-in
          </Link>
        </div>
      )}
    </PublicPage>
  );
}
