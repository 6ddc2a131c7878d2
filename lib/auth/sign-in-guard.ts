/**
 * The limits on password guesses (issue 26, findings 3 and 4). Every attempt is counted before the
 * password is checked, atomically and across instances (lib/rate-limit takeAttempt), so parallel
 * guesses cannot outrun the count; one whose password was right is given back, since it was no
 * guess (a user may sign in as often as they like). Two counts, both in 15-minute windows:
 *
 * - per account and client address: 10 attempts. Past it, that address is refused for that account
 *   (until the window ends); every other address, and the user's own known devices, are not.
 * - per account from anywhere: 30 attempts, against guessing spread over many addresses. Past it,
 *   unknown devices at unknown addresses are refused.
 *
 * A known device (this browser signed in as the user before: a signed cookie) or a known address
 * (the user signed in from it within 90 days) is slowed past those limits, never locked out: one
 * attempt per 10 seconds. Without that, anyone who knows an e-mail could keep its user out.
 *
 * The counts live under the user's `sign_in_epoch`: unlocking (the e-mailed link, or an admin) adds
 * one and every count starts afresh. Unknown e-mails are counted the same way (epoch 0), so the
 * answers never tell which e-mails have an account.
 */
import { createHmac } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { userSessions, users } from '@/lib/db/schema';
import { DomainError } from '@/lib/domain/errors';
import { takeAttempt, type Limit } from '@/lib/rate-limit';
import { authSecret, normaliseEmail, readCookie } from './session';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const SIGN_IN_LIMITS = {
  perAccountAndAddress: { max: 10, windowMs: 15 * MINUTE_MS },
  perAccount: { max: 30, windowMs: 15 * MINUTE_MS },
  /** Past the limits, a known device or address: one attempt per this window. */
  slowed: { max: 1, windowMs: 10_000 },
} satisfies Record<string, Limit>;

/** How long an address the user signed in from stays known. */
const KNOWN_ADDRESS_DAYS = 90;

/** The cookie that marks this browser as one the user signed in on (sent to next-auth's routes only). */
export const KNOWN_DEVICE_COOKIE = 'dto-known-device';
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** Tags of the last few accounts signed in on this browser. */
const KNOWN_DEVICE_MAX_TAGS = 5;

/** A tag no one can make without the server's secret: this browser signed in as `userId`. */
export function knownDeviceTag(userId: string): string {
  return createHmac('sha256', authSecret()).update(`known-device|${userId}`).digest('base64url').slice(0, 22);
}

const tagsOf = (cookie: string | undefined) => (cookie ?? '').split('.').filter((tag) => /^[A-Za-z0-9_-]{22}$/.test(tag));

/** The cookie's value with `userId`'s tag first (the most recent accounts kept). */
export function knownDeviceCookieValue(current: string | undefined, userId: string): string {
  const tag = knownDeviceTag(userId);
  return [tag, ...tagsOf(current).filter((t) => t !== tag)].slice(0, KNOWN_DEVICE_MAX_TAGS).join('.');
}

/** The Set-Cookie header that makes this browser a known device of `userId` (after a sign-in or an unlock). */
export function knownDeviceSetCookie(request: Request, userId: string): string {
  const secure = new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  const value = knownDeviceCookieValue(readCookie(request.headers.get('cookie'), KNOWN_DEVICE_COOKIE), userId);
  return `${KNOWN_DEVICE_COOKIE}=${value}; Path=/api/auth; Max-Age=${KNOWN_DEVICE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export interface SignInAttempt {
  email: string;
  address: string;
  /** The known-device cookie the browser sent, if any. */
  deviceCookie?: string;
}

const TOO_MANY_HERE = (minutes: number) =>
  `Too many sign-in attempts for this account from this network. Wait ${minutes} minute${minutes === 1 ? '' : 's'}, or ask for an unlock link by e-mail.`;
const SLOWED = (seconds: number) => `Too many sign-in attempts for this account. Wait ${seconds} seconds and try again.`;

function refusal(detail: string, retryAfterSeconds: number, limit: Limit, unlock: boolean): DomainError {
  return new DomainError('tooManyRequests', detail, { meta: { limit: limit.max, retryAfterSeconds, unlock } });
}

export interface TakenAttempt {
  /** Null when the password may be checked; else the 429 to answer (meta: retryAfterSeconds, `unlock: true` where an e-mailed link helps). */
  refusal: DomainError | null;
  /** The password was right: the attempt was no guess, and is given back to the counts. */
  succeeded(): Promise<void>;
}

/** Takes one sign-in attempt for `email` from `address`, counted before the password is checked. */
export async function takeSignInAttempt(db: Db, attempt: SignInAttempt, now = Date.now()): Promise<TakenAttempt> {
  const email = normaliseEmail(attempt.email);
  const [user] = await db
    .select({ id: users.id, epoch: users.signInEpoch })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.disabledAt)));
  const epoch = user?.epoch ?? 0;
  const deviceTag = user ? knownDeviceTag(user.id) : null;
  const knownDevice = deviceTag !== null && tagsOf(attempt.deviceCookie).includes(deviceTag);
  const taken: Array<() => Promise<void>> = [];
  const outcome = (refusal: DomainError | null): TakenAttempt => ({ refusal, succeeded: async () => void (await Promise.all(taken.map((giveBack) => giveBack()))) });
  const slowLane = async () => {
    const lane = knownDevice ? `device:${deviceTag}` : `address:${attempt.address}`;
    const slowed = await takeAttempt(`signin:slowed:${epoch}:${email}:${lane}`, SIGN_IN_LIMITS.slowed, now);
    return outcome(slowed.within ? null : refusal(SLOWED(slowed.retryAfterSeconds), slowed.retryAfterSeconds, SIGN_IN_LIMITS.slowed, false));
  };
  const refused = (over: { retryAfterSeconds: number }, limit: Limit) => outcome(refusal(TOO_MANY_HERE(Math.ceil(over.retryAfterSeconds / 60)), over.retryAfterSeconds, limit, true));

  const pair = await takeAttempt(`signin:pair:${epoch}:${email}:${attempt.address}`, SIGN_IN_LIMITS.perAccountAndAddress, now);
  if (!pair.within) return knownDevice ? slowLane() : refused(pair, SIGN_IN_LIMITS.perAccountAndAddress);
  taken.push(pair.giveBack);
  // Only attempts within their address's budget count for the account: one address alone can
  // spend 10 of its 30, never lock it.
  const account = await takeAttempt(`signin:account:${epoch}:${email}`, SIGN_IN_LIMITS.perAccount, now);
  if (account.within) {
    taken.push(account.giveBack);
    return outcome(null);
  }
  if (knownDevice || (user && (await isKnownAddress(db, user.id, attempt.address, now)))) return slowLane();
  return refused(account, SIGN_IN_LIMITS.perAccount);
}

async function isKnownAddress(db: Db, userId: string, address: string, now: number): Promise<boolean> {
  if (address === 'unknown') return false; // no trustworthy address (not behind scripts/server.mjs)
  const [row] = await db
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), eq(userSessions.clientAddress, address), gt(userSessions.createdAt, new Date(now - KNOWN_ADDRESS_DAYS * DAY_MS))))
    .limit(1);
  return !!row;
}
