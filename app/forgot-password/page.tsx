import type { Metadata } from 'next';
import Link from 'next/link';
import { PublicPage } from '@/components/shell/public-page';
import { ForgotPasswordForm } from '@/components/users/forgot-password-form';
import { env } from '@/lib/config/env';

export const metadata: Metadata = { title: 'Forgot password' };

/** `/forgot-password`: asks for a one-time link to choose a new password (lib/domain/users/password-reset.ts). */
export default function ForgotPasswordPage() {
  return (
    <PublicPage environment={env.APP_ENV}>
      <div className="mb-8 text-center">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Forgot your password?</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Enter the e-mail address you sign in with: we send a link to choose a new password. It works once, for one hour.</p>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <ForgotPasswordForm />
      </div>
      <p className="mt-6 text-center text-sm">
        <Link href="/login" className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          Back to sign-in
        </Link>
      </p>
    </PublicPage>
  );
}
