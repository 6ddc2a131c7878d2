/**
 * The limits in front of the credentials sign-in (POST /api/auth/callback/credentials), checked
 * before next-auth runs: attempts per client address (the socket's, lib/http/client-address.ts)
 * and failed sign-ins per account (counted in authorize(), lib/auth/session.ts). One generic
 * message for both, so the answer does not tell whether the e-mail exists.
 */
import { DomainError } from '@/lib/domain/errors';
import { clientAddress } from '@/lib/http/client-address';
import { assertWithin, consume, limits } from '@/lib/rate-limit';
import { failedSignInKey } from '@/lib/auth/session';

export const SIGN_IN_PATH = '/api/auth/callback/credentials';
const TOO_MANY = 'Too many sign-in attempts. Wait a few minutes and try again.';

/** Null when the attempt may go on; else the 429 error (generic message; its meta gives Retry-After, lib/http/errors.ts). */
export async function signInRefusal(request: Request): Promise<DomainError | null> {
  try {
    await consume(`signin:${clientAddress(request.headers)}`, limits.anonymous());
    const form = new URLSearchParams(await request.clone().text());
    const email = form.get('email');
    if (email) await assertWithin(failedSignInKey(email), limits.failedSignIns(), TOO_MANY);
    return null;
  } catch (error) {
    if (error instanceof DomainError && error.entries[0].code === 'tooManyRequests') {
      return new DomainError('tooManyRequests', TOO_MANY, { meta: error.entries[0].meta });
    }
    throw error;
  }
}
