/**
 * POST /api/auth/password-reset `{ "email": "..." }`: "Forgot password?" (lib/domain/users/password-reset.ts).
 * 202 whether or not the e-mail has an account, and whether or not a link went: the answer tells
 * nothing about the account. Limited per client address (the anonymous limit) and per e-mail
 * address (3 an hour, counted exactly across instances), and the message by the hourly limits per
 * recipient; past the e-mail's limits the answer stays the same. A static segment, so next-auth's
 * catch-all beside it never sees this path.
 */
import { getDb } from '@/lib/app-db';
import { DomainError } from '@/lib/domain/errors';
import { requestPasswordReset } from '@/lib/domain/users/password-reset';
import { RequestPasswordResetBody } from '@/lib/domain/users/schemas';
import { readTextUpTo } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client-address';
import { InvalidRequest, entriesFromZod } from '@/lib/http/errors';
import { newRequestId } from '@/lib/http/request-id';
import { toErrorResponse } from '@/lib/http/route';
import { consume, limits, takeAttempt } from '@/lib/rate-limit';

/** Links per e-mail address in an hour, asked from anywhere. */
export const RESET_PER_EMAIL = { max: 3, windowMs: 60 * 60_000 };

export const RESET_REQUESTED = 'If this e-mail address has an account, a link to choose a new password is on its way. It works once, for one hour.';

export async function POST(request: Request): Promise<Response> {
  const requestId = newRequestId();
  try {
    await consume(`password-reset:${clientAddress(request.headers)}`, limits.anonymous());
    let body: unknown;
    try {
      body = JSON.parse(await readTextUpTo(request, 1024));
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw new InvalidRequest([{ code: 'badRequest', detail: 'The request body is not valid JSON.' }]);
    }
    const parsed = RequestPasswordResetBody.safeParse(body, { reportInput: true });
    if (!parsed.success) throw new InvalidRequest(entriesFromZod(parsed.error, 'body') as [never, ...never[]]);
    const email = parsed.data.email;
    if ((await takeAttempt(`password-reset-email:${email}`, RESET_PER_EMAIL)).within) {
      await requestPasswordReset(await getDb(), email).catch((error) => {
        if (!(error instanceof DomainError && error.entries[0].code === 'tooManyRequests')) throw error;
      });
    }
    return Response.json({ message: RESET_REQUESTED }, { status: 202, headers: { 'Cache-Control': 'no-store', 'X-Request-Id': requestId } });
  } catch (error) {
    return toErrorResponse(error, requestId);
  }
}
