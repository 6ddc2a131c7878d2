import { nextDistDir } from './lib/config/server-process.mjs';

/** @type {import('next').NextConfig} */

/**
 * Headers every response gets, decided at build time because nothing in them depends on the
 * environment. The rest is decided at run time: the CSP of pages carries a fresh script nonce per
 * request (proxy.ts); HSTS is sent when APP_ENV=production (scripts/server.mjs).
 */
const staticHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(self)' },
];

// Whatever proxy.ts does not answer (the JSON API, next-auth's plain HTML pages, static files) runs
// no script at all. proxy.ts replaces this policy on pages.
const scriptlessCsp = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const nextConfig = {
  // A second build beside the usual one (e.g. two people testing on one checkout): NEXT_DIST_DIR=.next-b.
  distDir: nextDistDir(),
  // PGlite ships WASM and data files that must stay in node_modules (see NOTES.md);
  // pg has optional native bits that the bundler should not touch.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'zipcodes', 'ioredis', 'drizzle-orm'],
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: true }, // `npm test` runs tsc itself; the build need not repeat it
  // Bodies through proxy.ts are buffered up to this (server actions take at most 1 MB anyway).
  experimental: { proxyClientMaxBodySize: '1mb' },
  async headers() {
    return [
      { source: '/:path*', headers: [...staticHeaders, { key: 'Content-Security-Policy', value: scriptlessCsp }] },
      // One-time links carry their credential in the path: never a Referer, even to this site's
      // other pages (a later entry overrides the same header of an earlier one).
      ...['/pass/:path*', '/invite/:path*', '/unlock/:path*'].map((source) => ({ source, headers: [{ key: 'Referrer-Policy', value: 'same-origin' }] })),
    ];
  },
};
export default nextConfig;
