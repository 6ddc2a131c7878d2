/**
 * What the sign-in route knows and next-auth's callbacks do not: the client's address (recorded on
 * the new session, so that the address becomes a known one) and, once the password matched, who
 * signed in (for the known-device cookie). app/api/auth runs next-auth inside this context.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface SignInContext {
  address: string;
  /** Set by the jwt callback when a session starts. */
  userId?: string;
}

export const signInContext = new AsyncLocalStorage<SignInContext>();
