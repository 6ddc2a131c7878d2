/**
 * The one-time links' pages (an invitation, a password reset): requests per client address (the
 * page and its endpoint together), 30 a minute, plenty for a person, a wall for anyone trying
 * tokens; and what a page finds behind its token.
 */
import { headers } from 'next/headers';
import { DomainError } from '@/lib/domain/errors';
import type { InvitationView } from '@/lib/domain/users';
import { clientAddress } from '@/lib/http/client-address';
import { consume } from '@/lib/rate-limit';

export const INVITATION_LIMIT = { max: 30, windowMs: 60_000 };

export async function invitationLimit(address: string): Promise<void> {
  await consume(`invite:${address}`, INVITATION_LIMIT);
}

export type LoadedLink = { kind: 'link'; link: InvitationView } | { kind: 'unknown' } | { kind: 'limited' };

/** The link behind a token (`lookup`: the invitation's or the reset's), within the page's limit. */
export async function loadOneTimeLink(token: string, lookup: (token: string) => Promise<InvitationView | null>): Promise<LoadedLink> {
  try {
    await invitationLimit(clientAddress(await headers()));
  } catch (error) {
    if (error instanceof DomainError && error.entries[0].code === 'tooManyRequests') return { kind: 'limited' };
    throw error;
  }
  const link = await lookup(token);
  return link ? { kind: 'link', link } : { kind: 'unknown' };
}

export const GONE_TITLE = { used: 'This link has been used', expired: 'This link has expired', revoked: 'This link is no longer valid' } as const;
