import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { EnvironmentBadge } from '@/components/shell/app-shell';
import { ThemeToggle } from '@/components/ui/theme';
import { signedInCtx } from '@/lib/auth/page-context';
import { env } from '@/lib/config/env';
import { safeRedirectPath } from '@/lib/auth/safe-redirect';
import { LoginForm } from './login-form';

export const metadata: Metadata = { title: 'Sign in' };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  // Only a path of this site (lib/auth/safe-redirect.ts): never another origin, never a 500.
  const next = safeRedirectPath(params.callbackUrl ?? params.next);
  if (await signedInCtx()) redirect(next);
  const environment = env.APP_ENV;
  const demo =
    environment === 'staging'
      ? await import('@/lib/seed').then(({ DEMO }) => ({
          password: DEMO.password,
          users: [
            ...Object.entries(DEMO.acme.users).map(([role, email]) => ({ role, email, tenant: DEMO.tenants.acme.name })),
            ...Object.entries(DEMO.northwind.users).map(([role, email]) => ({ role, email, tenant: DEMO.tenants.northwind.name })),
          ],
        }))
      : null;

  return (
    <div className="relative flex min-h-screen flex-col bg-slate-50 dark:bg-slate-950">
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-gradient-to-b from-brand-100/70 to-transparent dark:from-brand-900/30" />
      <header className="relative flex h-16 items-center justify-between px-6">
        <EnvironmentBadge environment={environment} />
        <ThemeToggle />
      </header>
      <main className="relative flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:pt-12">
        <div className="w-full max-w-md">
          <div className="mb-8 flex flex-col items-center text-center">
            <span aria-hidden="true" className="mb-4 flex h-12 w-12 items-center justify-center rounded-xl bg-brand-600 text-white shadow-md">
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className="h-7 w-7">
                <path strokeLinecap="round" strokeLinejoin="round" d="M9 3h6M10 3v6.5L4.6 18.3A1.8 1.8 0 006.1 21h11.8a1.8 1.8 0 001.5-2.7L14 9.5V3" />
              </svg>
            </span>
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Sign in to Testing Orders</h1>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Place drug and alcohol test orders and follow their results.</p>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
            <LoginForm next={next} demo={demo} notice={params.unlocked === '1' ? 'unlocked' : params.reset === '1' ? 'reset' : undefined} />
          </div>
          <p className="mt-6 text-center text-xs text-slate-500 dark:text-slate-400">
            Integrating? Read the <a className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300" href="/docs/api">API reference</a>.
          </p>
        </div>
      </main>
    </div>
  );
}
