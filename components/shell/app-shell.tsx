'use client';
/**
 * The dashboard frame: a fixed sidebar on large screens (a drawer on small ones), a top bar with
 * the tenant, the environment and the signed-in user, and the main landmark. Fixed sizes
 * everywhere, so nothing moves as pages load.
 */
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { ThemeToggle } from '@/components/ui/theme';
import { TimeZoneNote } from '@/components/ui/time-zone';
import { Icon } from './icons';
import type { NavItem } from './nav';
import { SignOutButton } from './sign-out-button';

export interface ShellUser {
  name: string | null;
  email: string;
  role: string;
}

export interface ShellProps {
  user: ShellUser;
  tenant: { name: string; slug: string };
  environment: 'staging' | 'production';
  nav: NavItem[];
  children: ReactNode;
}

function activeHref(pathname: string, nav: NavItem[]): string | undefined {
  return nav
    .filter((item) => pathname === item.href || pathname.startsWith(`${item.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0]?.href;
}

export function EnvironmentBadge({ environment, className }: { environment: 'staging' | 'production'; className?: string }) {
  const staging = environment === 'staging';
  return (
    <span
      data-testid="environment"
      title={staging ? 'Staging: test data; a sandbox moves orders through their lifecycle' : 'Production: live data'}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide ring-1 ring-inset',
        staging
          ? 'bg-amber-100 text-amber-900 ring-amber-500/40 dark:bg-amber-400/15 dark:text-amber-200 dark:ring-amber-400/40'
          : 'bg-emerald-100 text-emerald-900 ring-emerald-600/30 dark:bg-emerald-400/15 dark:text-emerald-200 dark:ring-emerald-400/40',
      )}
    >
      <span aria-hidden="true" className={cn('h-1.5 w-1.5 rounded-full', staging ? 'bg-amber-500' : 'bg-emerald-500')} />
      {staging ? 'Staging' : 'Production'}
    </span>
  );
}

function NavList({ nav, pathname, onNavigate }: { nav: NavItem[]; pathname: string; onNavigate?: () => void }) {
  const active = activeHref(pathname, nav);
  const sections = [...new Set(nav.map((i) => i.section))];
  return (
    <div className="flex flex-col gap-6">
      {sections.map((section) => (
        <div key={section}>
          <p className="px-3 text-xs font-semibold uppercase tracking-wider text-slate-500 dark:text-slate-400">{section}</p>
          <ul className="mt-2 flex flex-col gap-0.5">
            {nav
              .filter((i) => i.section === section)
              .map((item) => {
                const current = item.href === active;
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      onClick={onNavigate}
                      aria-current={current ? 'page' : undefined}
                      className={cn(
                        'group flex h-9 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
                        current
                          ? 'bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-200'
                          : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
                      )}
                    >
                      <Icon
                        name={item.icon}
                        className={cn('h-5 w-5 shrink-0', current ? 'text-brand-600 dark:text-brand-300' : 'text-slate-400 group-hover:text-slate-600 dark:text-slate-500 dark:group-hover:text-slate-300')}
                      />
                      {item.label}
                      {item.badge ? (
                        <span data-testid={`nav-badge-${item.href.slice(1)}`} className="ml-auto rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
                          {item.badge}
                          <span className="sr-only"> to acknowledge</span>
                        </span>
                      ) : null}
                    </Link>
                  </li>
                );
              })}
          </ul>
        </div>
      ))}
    </div>
  );
}

function Brand({ tenant }: { tenant: ShellProps['tenant'] }) {
  return (
    <Link href="/orders" className="flex items-center gap-2.5 rounded-lg">
      <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-white shadow-sm">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className="h-5 w-5">
          <path strokeLinecap="round" strokeLinejoin="round" d="M9 3h6M10 3v6.5L4.6 18.3A1.8 1.8 0 006.1 21h11.8a1.8 1.8 0 001.5-2.7L14 9.5V3" />
        </svg>
      </span>
      <span className="min-w-0 leading-tight">
        <span className="block text-sm font-semibold text-slate-900 dark:text-white">Testing Orders</span>
        <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{tenant.name}</span>
      </span>
    </Link>
  );
}

function UserCard({ user }: { user: ShellUser }) {
  const initials = (user.name ?? user.email)
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');
  return (
    <div className="flex items-center gap-3">
      <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-200 text-sm font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-100">
        {initials}
      </span>
      <div className="min-w-0 flex-1 leading-tight">
        <p className="truncate text-sm font-medium text-slate-900 dark:text-white" data-testid="user-name">
          {user.name ?? user.email}
        </p>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">
          {user.email} · <span data-testid="user-role">{user.role}</span>
        </p>
      </div>
    </div>
  );
}

function Sidebar({ user, tenant, nav, pathname, onNavigate }: Omit<ShellProps, 'children'> & { pathname: string; onNavigate?: () => void }) {
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center justify-between gap-2 px-4">
        <Brand tenant={tenant} />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-2 py-3">
        <NavList nav={nav} pathname={pathname} onNavigate={onNavigate} />
      </nav>
      <div className="flex flex-col gap-3 border-t border-slate-200 p-4 dark:border-slate-800">
        <UserCard user={user} />
        <div className="flex items-center justify-between gap-2">
          <ThemeToggle />
          <SignOutButton />
        </div>
      </div>
    </div>
  );
}

export function AppShell(props: ShellProps) {
  const pathname = usePathname() ?? '/';
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawer = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const d = drawer.current;
    if (!d) return;
    if (drawerOpen && !d.open) d.showModal();
    if (!drawerOpen && d.open) d.close();
  }, [drawerOpen]);

  const staging = props.environment === 'staging';
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Skip to content
      </a>

      {/* Large screens: a fixed sidebar. */}
      <aside
        aria-label="Sidebar"
        className={cn(
          'fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-900',
          staging && 'border-t-4 border-t-amber-400',
        )}
      >
        <Sidebar {...props} pathname={pathname} />
      </aside>

      {/* Small screens: the same sidebar in a modal drawer. */}
      <dialog
        ref={drawer}
        aria-label="Navigation"
        onClose={() => setDrawerOpen(false)}
        onClick={(e) => e.target === drawer.current && setDrawerOpen(false)}
        className="m-0 h-full max-h-none w-72 max-w-[85vw] border-r border-slate-200 bg-white p-0 backdrop:bg-slate-950/50 lg:hidden dark:border-slate-800 dark:bg-slate-900"
      >
        {drawerOpen ? <Sidebar {...props} pathname={pathname} onNavigate={() => setDrawerOpen(false)} /> : null}
      </dialog>

      <div className="lg:pl-64">
        <header
          className={cn(
            'sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6 lg:px-8 dark:border-slate-800 dark:bg-slate-900/90',
            staging && 'border-t-4 border-t-amber-400 lg:border-t-0',
          )}
        >
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            className="-ml-1 inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 lg:hidden dark:text-slate-300 dark:hover:bg-slate-800"
            aria-label="Open navigation"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} className="h-5 w-5">
              <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <p className="min-w-0 truncate text-sm text-slate-600 dark:text-slate-300">
            <span className="sr-only">Tenant: </span>
            <span className="font-medium text-slate-900 dark:text-white" data-testid="tenant-name">
              {props.tenant.name}
            </span>
          </p>
          <div className="ml-auto flex items-center gap-3">
            <Link
              href="/account"
              title="Every time on these pages is in this zone. Change it in your account."
              className="min-w-0 max-w-[45vw] truncate text-xs text-slate-600 underline-offset-2 hover:underline dark:text-slate-300"
            >
              <TimeZoneNote />
            </Link>
            <EnvironmentBadge environment={props.environment} />
            <span className="hidden text-sm text-slate-600 sm:inline dark:text-slate-300">
              <span className="sr-only">Signed in as </span>
              {props.user.email}
            </span>
          </div>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8">
          {props.children}
        </main>
      </div>
    </div>
  );
}
