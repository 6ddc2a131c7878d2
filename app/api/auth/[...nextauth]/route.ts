/**
 * next-auth (credentials, JWT sessions) at /api/auth/*. Its own CSRF token protects sign-in and
 * sign-out.
 *
 * next-auth v4 builds absolute URLs from NEXTAUTH_URL. When it is not set (e.g. `next start` on any
 * port of localhost), the origin is taken from the request's Host / X-Forwarded-* headers
 * (AUTH_TRUST_HOST). A deployment behind a proxy sets NEXTAUTH_URL to its public URL; the
 * dashboard's own sign-in form navigates by relative paths either way.
 */
import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/session';

if (!process.env.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST ??= 'true';

type Handler = (request: Request, context: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;

let handler: Handler | undefined;
// Built at the first request, not at import: `next build` must not read the secret (DATA_DIR).
const auth: Handler = (request, context) => {
  handler ??= NextAuth(authOptions()) as Handler;
  return handler(request, context);
};

export { auth as GET, auth as POST };
