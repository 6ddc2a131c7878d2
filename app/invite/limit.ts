/**
 * Requests to invitation links per client address (the page and its accept endpoint together):
 * 30 a minute, plenty for a person, a wall for anyone trying tokens.
 */
import { consume } from '@/lib/rate-limit';

export const INVITATION_LIMIT = { max: 30, windowMs: 60_000 };

export async function invitationLimit(address: string): Promise<void> {
  await consume(`invite:${address}`, INVITATION_LIMIT);
}
