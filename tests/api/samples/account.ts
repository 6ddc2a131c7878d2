/** Samples of lib/api/operations/account.ts (a signed-in user's own settings); see ../operation-samples.ts. */
import { DEMO } from '@/lib/seed';
import { asUser, createTestUser } from '../admins';
import type { Fixtures, SampleOf } from '../operation-samples';

export const samples = {
  // A user's own setting: sent with the session cookie of a user made for the samples, never a token.
  setMyTimeZone: (f) => ({ path: '/api/v2/me/timeZone', body: { timeZone: 'America/Chicago' }, companyScoped: false, asUser: JSON.parse(f.accountUserHeaders) as Record<string, string> }),
} satisfies Record<string, SampleOf>;

/** A manager of Acme with a live dashboard session: the headers of its requests, as JSON (fixtures are strings). */
export async function fixtures(_t: string, _base: Fixtures): Promise<Record<string, string>> {
  const user = await createTestUser(DEMO.tenants.acme.id, 'manager', 'all');
  return { accountUserHeaders: JSON.stringify((await asUser(user)).headers) };
}
