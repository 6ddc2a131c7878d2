/**
 * The Content-Security-Policy of pages, with a fresh script nonce per request (Next.js's documented
 * pattern, docs/01-app/02-guides/content-security-policy.md): Next.js reads the nonce from the
 * request's CSP header and puts it on its own scripts; the root layout reads `x-nonce` for the
 * theme script. No inline script without the nonce runs, so no 'unsafe-inline' for scripts.
 *
 * `style-src` keeps 'unsafe-inline': React renders `style` attributes (and Leaflet sets them),
 * which a nonce cannot cover, and a nonce in style-src would make browsers ignore 'unsafe-inline'.
 *
 * Not run for the API (`/api/*` would pass every request body through here; JSON needs no script
 * nonce: next.config.mjs gives it a script-less policy), static files, or router prefetches.
 */
import { randomBytes } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { development, tileUrl } from '@/lib/config/build';
import { hasSameOrigin } from '@/lib/http/same-origin';

/** The map's tile server (NEXT_PUBLIC_TILE_URL, inlined at build like in the client bundle: lib/config/build.ts). */
const tileOrigin = (() => {
  try {
    return tileUrl ? new URL(tileUrl.replace(/\{[a-z]\}/g, 'a')).origin : '';
  } catch {
    return '';
  }
})();

function pageCsp(nonce: string): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic': scripts the nonced ones load (Next.js's chunks) may run; 'self' is the
    // fallback of browsers without CSP level 3. Development needs eval (React's debug stacks).
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tileOrigin ? ` ${tileOrigin}` : ''}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * A server action (a POST with Next-Action) from another origin: Next.js's own check throws, which
 * answered 500; refuse it here as what it is, 403 (issue 26, finding 14).
 */
function foreignServerAction(request: NextRequest): boolean {
  return request.method === 'POST' && request.headers.has('next-action') && !hasSameOrigin(request.headers);
}

export function proxy(request: NextRequest) {
  if (foreignServerAction(request))
    return new NextResponse('403 Forbidden: a form of this site must be sent from this site.\n', { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  const nonce = randomBytes(16).toString('base64');
  const csp = pageCsp(nonce);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', csp);
  return response;
}

export const config = {
  matcher: [
    {
      // Everything but /api and /api/*, Next.js's static files and image optimiser, the icons, and
      // the two form endpoints of one-time links, which read their bodies with a bound of their
      // own: through here Next.js would buffer 10 MB of any body and log the path with its token.
      source: '/((?!api(?:/|$)|_next/static/|_next/image|favicon\\.ico$|icon\\.svg$|pass/[^/]+/clinic$|invite/[^/]+/accept$|unlock/[^/]+/confirm$).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
