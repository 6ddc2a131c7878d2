/**
 * POST /api/auth/unlock `{ "email": "..." }`: e-mails an unlock link to a user whom too many
 * sign-in attempts locked out (lib/domain/users/sign-in-unlock.ts). 202 whether or not the e-mail
 * has an account, and whether or not a link went (a limit per e-mail and per address keeps this
 * from becoming a way to flood someone's inbox): the answer tells nothing about the account.
 * A static segment, so next-auth's catch-all beside it never sees this path.
 */
import { z } from 'zod';
import { getDb } from '@/lib/app-db';
import { requestSignInUnlock } from '@/lib/domain/users/sign-in-unlock';
import { DomainError } from '@/lib/domain/errors';
import { readTextUpTo } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client-address';
import { InvalidRequest, entriesFromZod } from '@/lib/http/errors';
import { newRequestId } from '@/lib/http/request-id';
import { toErrorResponse } from '@/lib/http/route';
import { consume, limits, takeAttempt } from '@/lib/rate-limit';

const UnlockRequestBody = z.object({ email: z.email({ error: 'email must be an e-mail address.' }).max(320) });

/** Links per e-mail address in an hour, asked from anywhere. */
const PER_EMAIL = { max: 3, windowMs: 60 * 60_000 };

export async function POST(request: Request): Promise<Response> {
  const requestId = newRequestId();
  try {
    await consume(`unlock:${clientAddress(request.headers)}`, limits.anonymous());
    let body: unknown;
    try {
      body = JSON.parse(await readTextUpTo(request, 1024));
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw new InvalidRequest([{ code: 'badRequest', detail: 'The request body is not valid JSON.' }]);
    }
    const parsed = UnlockRequestBody.safeParse(body, { reportInput: true });
    if (!parsed.success) throw new InvalidRequest(entriesFromZod(parsed.error, 'body') as [never, ...never[]]);
    const email = parsed.data.email.trim().toLowerCase();
    // Counted exactly, across instances (consume() batches its PostgreSQL counts: a burst could pass).
    if ((await takeAttempt(`unlock-email:${email}`, PER_EMAIL)).within) {
      // The messages' own hourly limit per recipient may refuse it too: the answer stays the same.
      await requestSignInUnlock(await getDb(), email).catch((error) => {
        if (!(error instanceof DomainError && error.entries[0].code === 'tooManyRequests')) throw error;
      });
    }
    return Response.json(
      { message: 'If this e-mail address has an account, an unlock link is on its way. It works for one hour.' },
      { status: 202, headers: { 'Cache-Control': 'no-store', 'X-Request-Id': requestId } },
    );
  } catch (error) {
    return toErrorResponse(error, requestId);
  }
}
