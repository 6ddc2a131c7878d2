import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { Providers } from '@/components/providers';
import { THEME_SCRIPT } from '@/components/ui/theme-script';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Drug-testing orders', template: '%s · Drug-testing orders' },
  description: 'Order drug and alcohol tests, find collection sites, follow results.',
};

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#f8fafc' },
    { media: '(prefers-color-scheme: dark)', color: '#020617' },
  ],
};

/**
 * The root: the system font stack (nothing downloaded), the theme class set before first paint
 * (no flash of the wrong theme), and the client providers (TanStack Query, toasts).
 * The theme script carries the request's CSP nonce (proxy.ts); reading the request's headers also
 * makes every page render per request, which a nonce needs.
 */
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
