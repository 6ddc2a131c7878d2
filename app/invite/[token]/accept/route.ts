/**
 * POST /invite/{token}/accept `{ "password": "..." }`: the invitation page sets the invited user's
 * password (lib/domain/users/invitations.ts), then signs in through next-auth like the login page.
 * Not part of /api/v2: no token, no session; the link's token is the credential. Rate limited per
 * client address. Answers in the spec's error envelope: 400 for a bad body (pointer
 * `/password`), 404 for a token that never existed, 410 Gone for a used, expired or revoked link,
 * 429 over the limit. Never indexed, never cached.
 */
import { acceptInvitation, InvitationGone } from '@/lib/domain/users';
import { AcceptInvitationBody } from '@/lib/domain/users/schemas';
import { getDb } from '@/lib/app-db';
import { clientAddress } from '@/lib/http/client-address';
import { InvalidRequest, entriesFromZod } from '@/lib/http/errors';
import { toErrorResponse } from '@/lib/http/route';
import { newId } from '@/lib/ids';
import { readTextUpTo } from '@/lib/http/body';
import { invitationLimit } from '../../limit';

const ACCEPT_MAX_BODY_BYTES = 4 * 1024;

const HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };

const GONE_CODE = { used: 'invitationUsed', expired: 'invitationExpired', revoked: 'invitationRevoked' } as const;

function withHeaders(response: Response): Response {
  for (const [name, value] of Object.entries(HEADERS)) response.headers.set(name, value);
  return response;
}

export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const requestId = newId();
  try {
    await invitationLimit(clientAddress(request.headers));
    const { token } = await params;
    // A password and nothing else: a larger body is refused unread (issue 26, finding 1).
    const text = await readTextUpTo(request, ACCEPT_MAX_BODY_BYTES);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new InvalidRequest([{ code: 'invalidType', detail: 'The body must be a JSON object.' }]);
    }
    const parsed = AcceptInvitationBody.safeParse(body, { reportInput: true });
    if (!parsed.success) throw new InvalidRequest(entriesFromZod(parsed.error, 'body') as [never, ...never[]]);
    const accepted = await acceptInvitation(await getDb(), { token, password: parsed.data.password });
    return Response.json({ email: accepted.email }, { status: 200, headers: HEADERS });
  } catch (error) {
    if (error instanceof InvitationGone) {
      // 410: the link existed and will never work again (the envelope's shape, its own codes).
      const body = { statusCode: 410, error: 'Gone', errors: [{ code: GONE_CODE[error.reason], detail: error.message }] };
      return Response.json(body, { status: 410, headers: { ...HEADERS, 'X-Request-Id': requestId } });
    }
    // A domain error with its status (400, 404, 429 with Retry-After); anything else the logged 500.
    return withHeaders(toErrorResponse(error, requestId));
  }
}
