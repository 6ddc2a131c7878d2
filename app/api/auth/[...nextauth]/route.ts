/**
 * next-auth (credentials, JWT sessions) at /api/auth/*. Its own CSRF token protects sign-in and
 * sign-out. Sign-in attempts pass the limits of lib/http/sign-in-limits.ts first: over them the
 * answer is 429 in the spec's envelope, with the `url` next-auth's client reads its error from.
 *
 * next-auth v4 builds absolute URLs from NEXTAUTH_URL. When it is not set (e.g. the server on any
 * port of localhost), the origin is taken from the request's Host / X-Forwarded-* headers
 * (AUTH_TRUST_HOST). A deployment behind a proxy sets NEXTAUTH_URL to its public URL; the
 * dashboard's own sign-in form navigates by relative paths either way.
 */
import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/session';
import { SIGN_IN_PATH, signInRefusal } from '@/lib/http/sign-in-limits';
import { envelope, errorHeaders } from '@/lib/http/errors';
import { safeRedirectPath } from '@/lib/auth/safe-redirect';

if (!process.env.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST ??= 'true';

type Handler = (request: Request, context: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;

/**
 * next-auth answers 500 to a `callbackUrl` query it cannot read as a URL; here that is the 400 of
 * any bad parameter. Where a readable one may lead, its redirect callback decides (lib/auth/session.ts).
 */
function callbackUrlRefusal(request: Request): Response | null {
  const value = new URL(request.url).searchParams.get('callbackUrl');
  if (!value || safeRedirectPath(value, '') !== '' || (/^https?:\/\//i.test(value) && URL.canParse(value))) return null;
  const detail = 'Query parameter "callbackUrl" must be a path of this site or an http(s) URL.';
  return Response.json(envelope(400, [{ code: 'invalidValue', detail, pointer: '/callbackUrl' }]), { status: 400 });
}

let handler: Handler | undefined;
// Built at the first request, not at import: `next build` must not read the secret (DATA_DIR).
const auth: Handler = async (request, context) => {
  const refusal = callbackUrlRefusal(request);
  if (refusal) return refusal;
  handler ??= NextAuth(authOptions()) as Handler;
  return handler(request, context);
};

const signIn: Handler = async (request, context) => {
  if (new URL(request.url).pathname === SIGN_IN_PATH) {
    const refusal = await signInRefusal(request);
    if (refusal) {
      const url = new URL('/login?error=tooManyRequests', request.url).toString();
      return Response.json({ url, ...envelope(429, refusal.entries) }, { status: 429, headers: { 'Cache-Control': 'no-store', ...errorHeaders(refusal) } });
    }
  }
  return auth(request, context);
};

export { auth as GET, signIn as POST };
