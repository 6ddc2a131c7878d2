/**
 * The limits in front of the credentials sign-in (POST /api/auth/callback/credentials), checked
 * before next-auth runs: attempts per client address (the socket's, lib/http/client-address.ts),
 * then the attempt on the account taken atomically (lib/auth/sign-in-guard.ts). The same answers
 * whether or not the e-mail has an account.
 */
import { getDb } from '@/lib/app-db';
import { readCookie } from '@/lib/auth/session';
import { KNOWN_DEVICE_COOKIE, takeSignInAttempt, type TakenAttempt } from '@/lib/auth/sign-in-guard';
import { DomainError } from '@/lib/domain/errors';
import { clientAddress } from '@/lib/http/client-address';
import { consume, limits } from '@/lib/rate-limit';

export const SIGN_IN_PATH = '/api/auth/callback/credentials';

/**
 * next-auth's forms (sign-in, sign-out) are a few short fields: a body over this is no form of ours.
 * app/api/auth reads every POST with this bound before next-auth or the limits see it (issue 26,
 * finding 1: an unbounded read of the sign-in form let anyone fill the server's memory).
 */
export const AUTH_MAX_BODY_BYTES = 8 * 1024;

const TOO_MANY_HERE = 'Too many sign-in attempts from this network. Wait a minute and try again.';

const NOTHING_TAKEN: TakenAttempt = { refusal: null, succeeded: async () => undefined };

/** The attempt: its refusal is null when it may go on, else the 429 (its meta gives Retry-After, lib/http/errors.ts). */
export async function takeSignInAttemptOf(headers: Headers, form: URLSearchParams): Promise<TakenAttempt> {
  const address = clientAddress(headers);
  try {
    await consume(`signin:${address}`, limits.anonymous());
  } catch (error) {
    if (error instanceof DomainError && error.entries[0].code === 'tooManyRequests') {
      return { ...NOTHING_TAKEN, refusal: new DomainError('tooManyRequests', TOO_MANY_HERE, { meta: { ...error.entries[0].meta, unlock: false } }) };
    }
    throw error;
  }
  const email = form.get('email');
  if (!email) return NOTHING_TAKEN; // next-auth refuses it without a password check
  return takeSignInAttempt(await getDb(), { email, address, deviceCookie: readCookie(headers.get('cookie'), KNOWN_DEVICE_COOKIE) });
}
