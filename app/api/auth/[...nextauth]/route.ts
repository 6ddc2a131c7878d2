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
import { NextRequest } from 'next/server';
import { authOptions } from '@/lib/auth/session';
import { AUTH_MAX_BODY_BYTES, SIGN_IN_PATH, takeSignInAttemptOf } from '@/lib/http/sign-in-limits';
import { knownDeviceSetCookie } from '@/lib/auth/sign-in-guard';
import { signInContext, type SignInContext } from '@/lib/auth/sign-in-context';
import { clientAddress } from '@/lib/http/client-address';
import { toErrorResponse } from '@/lib/http/route';
import { newRequestId } from '@/lib/http/request-id';
import { envelope, errorHeaders } from '@/lib/http/errors';
import { readBodyUpTo } from '@/lib/http/body';
import { DomainError } from '@/lib/domain/errors';
import { safeRedirectPath } from '@/lib/auth/safe-redirect';
import { trustRequestHostWithoutNextAuthUrl } from '@/lib/config/next-auth';

trustRequestHostWithoutNextAuthUrl();

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

/** An error answer as next-auth's client reads it: the envelope, and the login page's `url` naming its code. */
const withLoginUrl = (body: { errors: Array<{ code: string }> }, request: Request) => ({ url: new URL(`/login?error=${body.errors[0].code}`, request.url).toString(), ...body });

function refusal(error: DomainError, status: number, request: Request): Response {
  return Response.json(withLoginUrl(envelope(status, error.entries), request), { status, headers: { 'Cache-Control': 'no-store', ...errorHeaders(error) } });
}

const post: Handler = async (request, context) => {
  try {
    const body = await readBodyUpTo(request, AUTH_MAX_BODY_BYTES);
    // next-auth reads the body itself (and the query through nextUrl): hand it the bytes read above.
    const buffered = new NextRequest(request.url, { method: 'POST', headers: request.headers, body: new Uint8Array(body) });
    if (new URL(request.url).pathname !== SIGN_IN_PATH) return await auth(buffered, context);
    const attempt = await takeSignInAttemptOf(buffered.headers, new URLSearchParams(body.toString('utf8')));
    if (attempt.refusal) return refusal(attempt.refusal, 429, request);
    const signIn: SignInContext = { address: clientAddress(request.headers) };
    const response = await signInContext.run(signIn, () => auth(buffered, context));
    if (signIn.userId && response.status === 200) {
      // Signed in: no guess (its attempt is given back), and this browser is now a known device of the user.
      await attempt.succeeded();
      response.headers.append('Set-Cookie', knownDeviceSetCookie(request, signIn.userId));
    }
    return response;
  } catch (error) {
    // The one answer of every route for its errors: 413, 503 when the database is unreachable, the logged 500.
    const response = toErrorResponse(error, newRequestId());
    return Response.json(withLoginUrl(await response.json(), request), { status: response.status, headers: response.headers });
  }
};

export { auth as GET, post as POST };
