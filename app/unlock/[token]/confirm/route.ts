/**
 * POST /unlock/{token}/confirm: the button of the unlock page. Uses the link (the user's attempt
 * counts start afresh, the link stops working), makes this browser a known device of the user
 * (lib/auth/sign-in-guard.ts), and goes to the sign-in page (303). A link that no longer works goes
 * back to its page, which says so. Same-origin forms only; rate limited per address.
 */
import { getDb } from '@/lib/app-db';
import { knownDeviceSetCookie } from '@/lib/auth/sign-in-guard';
import { applySignInUnlock } from '@/lib/domain/users/sign-in-unlock';
import { clientAddress } from '@/lib/http/client-address';
import { newRequestId } from '@/lib/http/request-id';
import { toErrorResponse } from '@/lib/http/route';
import { hasSameOrigin } from '@/lib/http/same-origin';
import { consume, limits } from '@/lib/rate-limit';

const seeOther = (location: string, headers: Record<string, string> = {}) =>
  new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store', ...headers } });

export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  try {
    await consume(`unlock:${clientAddress(request.headers)}`, limits.anonymous());
    const site = request.headers.get('sec-fetch-site');
    if (site ? site !== 'same-origin' : !hasSameOrigin(request.headers)) return new Response('403 Forbidden: send this form from its page.\n', { status: 403 });
    const { token } = await params;
    const unlocked = await applySignInUnlock(await getDb(), token);
    if (!unlocked) return seeOther(`/unlock/${encodeURIComponent(token)}`);
    return seeOther('/login?unlocked=1', { 'Set-Cookie': knownDeviceSetCookie(request, unlocked.userId) });
  } catch (error) {
    return toErrorResponse(error, newRequestId());
  }
}
