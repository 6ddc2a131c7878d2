/**
 * POST /api/auth/password-reset/confirm `{ "token": "...", "password": "..." }`: the reset page
 * sets the new password with the link's token (lib/domain/users/password-reset.ts), which ends every
 * session of the user and unlocks its sign-in; the page then sends the user to sign in. No session:
 * the token is the credential. Rate limited per client address with the invitation links. Answers in
 * the spec's error envelope: 400 for a bad body (`/token`, `/password`), 404 for a token that never
 * existed, 410 Gone for a used, expired or revoked link (`resetLinkUsed`, `resetLinkExpired`,
 * `resetLinkRevoked`), 429 over the limit. Never cached.
 */
import { getDb } from '@/lib/app-db';
import { DomainError } from '@/lib/domain/errors';
import { InvitationGone } from '@/lib/domain/users';
import { resetPassword } from '@/lib/domain/users/password-reset';
import { ResetPasswordBody } from '@/lib/domain/users/schemas';
import { readTextUpTo } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client-address';
import { InvalidRequest, entriesFromZod } from '@/lib/http/errors';
import { newRequestId } from '@/lib/http/request-id';
import { toErrorResponse } from '@/lib/http/route';
import { invitationLimit } from '@/app/invite/limit';

const HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };

const GONE_CODE = { used: 'resetLinkUsed', expired: 'resetLinkExpired', revoked: 'resetLinkRevoked' } as const;

export async function POST(request: Request): Promise<Response> {
  const requestId = newRequestId();
  try {
    await invitationLimit(clientAddress(request.headers));
    let body: unknown;
    try {
      body = JSON.parse(await readTextUpTo(request, 4 * 1024));
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw new InvalidRequest([{ code: 'badRequest', detail: 'The request body is not valid JSON.' }]);
    }
    const parsed = ResetPasswordBody.safeParse(body, { reportInput: true });
    if (!parsed.success) throw new InvalidRequest(entriesFromZod(parsed.error, 'body') as [never, ...never[]]);
    const reset = await resetPassword(await getDb(), parsed.data);
    return Response.json({ email: reset.email }, { status: 200, headers: { ...HEADERS, 'X-Request-Id': requestId } });
  } catch (error) {
    if (error instanceof InvitationGone) {
      const body = { statusCode: 410, error: 'Gone', errors: [{ code: GONE_CODE[error.reason], detail: error.message }] };
      return Response.json(body, { status: 410, headers: { ...HEADERS, 'X-Request-Id': requestId } });
    }
    const response = toErrorResponse(error, requestId);
    for (const [name, value] of Object.entries(HEADERS)) response.headers.set(name, value);
    return response;
  }
}
