import type { ReactNode } from 'react';
import { ThemeToggle } from '@/components/ui/theme';
import { EnvironmentBadge } from './app-shell';

/** The frame of the pages a one-time link opens without a session (invitation, unlock): the environment, the theme, a narrow column. */
export function PublicPage({ environment, children }: { environment: 'staging' | 'production'; children: ReactNode }) {
  return (
    <div className="relative flex min-h-screen flex-col bg-slate-50 dark:bg-slate-950">
      <header className="relative flex h-16 items-center justify-between px-6">
        <EnvironmentBadge environment={environment} />
        <ThemeToggle />
      </header>
      <main className="relative flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:pt-12">
        <div className="w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}
